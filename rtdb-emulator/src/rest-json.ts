// How REST clients see values. The tree stores every node as an object; Firebase's REST API
// (GET, streaming events, write answers) renders array-like nodes as JSON arrays, by the same
// rule the SDK applies in `DataSnapshot.val()`. The websocket protocol sends the stored objects:
// the SDK converts on its side.
import { childKeys, hasChildren, hasKey, withoutPriority, type Json } from "./tree.js";

/** The SDK's `ChildrenNode.INTEGER_REGEXP_`: canonical non-negative integers. */
const INTEGER_KEY = /^(0|[1-9]\d*)$/;

export type RestJson = null | boolean | number | string | RestJson[] | { [key: string]: RestJson };

/**
 * A port of `ChildrenNode.val(exportFormat)` in @firebase/database (dist/index.esm.js): an
 * object whose keys all match INTEGER_KEY and whose largest key is under twice the number of
 * keys becomes an array (holes are `null` in JSON), recursively. With `exportFormat` (REST
 * `format=export`) the SDK keeps objects, and so does this.
 */
export function toRestJson(value: Json, exportFormat = false): RestJson {
  if (value === null || typeof value !== "object") return value;
  // The tree stores no arrays, but a PATCH body echoed back as sent may hold them.
  if (Array.isArray(value)) return value.map((item) => toRestJson(item, exportFormat));
  // A leaf with a priority: the export form as stored, or else its bare value.
  if (!hasChildren(value)) return exportFormat ? value : (withoutPriority(value) as RestJson);
  // (The stored tree has no empty objects; a PATCH body echoed back may be `{}`, kept as is.)
  // No prototype: a child named "__proto__" is a key like any other.
  const obj = Object.create(null) as { [key: string]: RestJson };
  if (exportFormat && hasKey(value, ".priority")) obj[".priority"] = value[".priority"]!;
  let numKeys = 0;
  let maxKey = 0;
  let allIntegerKeys = true;
  for (const key of childKeys(value)) {
    obj[key] = toRestJson(value[key]!, exportFormat);
    numKeys++;
    if (allIntegerKeys && INTEGER_KEY.test(key)) maxKey = Math.max(maxKey, Number(key));
    else allIntegerKeys = false;
  }
  if (!exportFormat && allIntegerKeys && maxKey < 2 * numKeys) {
    const array: RestJson[] = new Array<RestJson>(maxKey + 1).fill(null);
    for (const key of childKeys(value)) array[Number(key)] = obj[key]!;
    return array;
  }
  return obj;
}
