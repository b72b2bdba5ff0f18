// Input cleaning and validation shared by every write (the public submission and the admin's).
import * as v from "valibot";
import { ContentError } from "./errors";
import { validate } from "./schemas";

/**
 * Drop what the database cannot hold or would drop anyway: undefined, empty strings and
 * empty lists, recursively (an empty optional field means "absent").
 */
export function cleanForWrite(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(cleanForWrite).filter((x) => x !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) {
      const c = cleanForWrite(x);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** Validate (after cleaning) or throw ContentError("invalid") with field messages. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = validate(schema, cleanForWrite(input) ?? {});
  if (!result.ok) throw new ContentError("invalid", undefined, { fields: result.errors });
  return result.value;
}

/** Remove array placeholders the schemas add ([] = absent in the database). */
export function stripEmpty<T>(value: T): T {
  return (cleanForWrite(value) ?? {}) as T;
}
