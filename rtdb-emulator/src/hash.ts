// The SDK's own hash of a value (used as the compare-and-set token of transactions). Ported
// from @firebase/database LeafNode/ChildrenNode.hash so both sides agree bit for bit.
import { createHash } from "node:crypto";
import { childKeys, hasChildren, leafValue, priorityOf, type Json, type JsonObject } from "./tree.js";
import { nameCompare, valueCompare } from "./order.js";

function sha1(str: string): string {
  return createHash("sha1").update(str, "utf8").digest("base64");
}

/** Port of the SDK's doubleToIEEE754String (including its rounding), as lower-case hex. */
export function doubleToIEEE754String(input: number): string {
  let v = input;
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let s: number | boolean;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity ? 1 : 0;
  } else {
    s = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join("");
  let hex = "";
  for (let i = 0; i < 64; i += 8) {
    let byte = parseInt(str.substr(i, 8), 2).toString(16);
    if (byte.length === 1) byte = "0" + byte;
    hex += byte;
  }
  return hex.toLowerCase();
}

function priorityHashText(priority: string | number): string {
  return typeof priority === "number" ? "number:" + doubleToIEEE754String(priority) : "string:" + priority;
}

/** Children in the SDK's priority order: no priority, then numbers, then strings; ties by name. */
export function byPriority(node: Json): string[] {
  return childKeys(node).sort((a, b) => {
    const c = valueCompare(priorityOf((node as JsonObject)[a]!), priorityOf((node as JsonObject)[b]!));
    return c !== 0 ? c : nameCompare(a, b);
  });
}

export function hashValue(value: Json): string {
  if (value === null) return "";
  const priority = priorityOf(value);
  let toHash = priority === null ? "" : "priority:" + priorityHashText(priority) + ":";
  if (hasChildren(value)) {
    for (const key of byPriority(value)) {
      const childHash = hashValue(value[key]!);
      if (childHash !== "") toHash += ":" + key + ":" + childHash;
    }
    return toHash === "" ? "" : sha1(toHash);
  }
  const leaf = leafValue(value);
  const type = typeof leaf;
  return sha1(toHash + type + ":" + (type === "number" ? doubleToIEEE754String(leaf as number) : String(leaf)));
}
