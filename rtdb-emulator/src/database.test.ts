import { describe, expect, it } from "vitest";
import { Namespace } from "./database.js";
import { CodedError } from "./errors.js";
import { CompiledQuery } from "./order.js";
import { compileRules, UPDATE_PATHS_PER_STEP } from "./rules.js";

const RULES = `{"rules": {
  ".read": true,
  "items": { "$id": { ".write": "auth != null", ".validate": "newData.child('n').isNumber()" } },
  "other": { ".write": true }
}}`;
const visitor = { uid: "u1", provider: "anonymous", token: {} };

/** `count` items the rules accept, then one they refuse: every path is checked before the refusal. */
function refusedAtTheEnd(count: number): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) patch[`items/i${i}`] = { n: i };
  patch["items/bad"] = { n: "not a number" };
  return patch;
}

describe("a large update is checked in steps", () => {
  it("lets other work run while it is checked, then refuses it whole; a later write waits and lands", async () => {
    const ns = new Namespace({ name: "steps", rules: compileRules(RULES), maxValueBytes: 16 * 1024 * 1024 });
    let settled = false;
    const big = ns.update([], refusedAtTheEnd(UPDATE_PATHS_PER_STEP * 4), visitor).finally(() => (settled = true));
    big.catch(() => {});
    const later = ns.set(["other"], "after", visitor);
    // One turn of the event loop: the check is still going on, and reads are answered.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(ns.read(["items"], visitor)).toBeNull();
    expect(ns.read(["other"], visitor)).toBeNull();
    await expect(big).rejects.toEqual(new CodedError("permission_denied", "Permission denied"));
    await later;
    expect(ns.read(["items"], visitor)).toBeNull();
    expect(ns.read(["other"], visitor)).toBe("after");
  });

  it("applies an accepted large update whole, and writes sent after it apply after it", async () => {
    const ns = new Namespace({ name: "steps-ok", rules: compileRules(RULES), maxValueBytes: 16 * 1024 * 1024 });
    const patch = refusedAtTheEnd(UPDATE_PATHS_PER_STEP * 3);
    delete patch["items/bad"];
    const big = ns.update([], patch, visitor);
    const later = ns.update(["items"], { i0: { n: -1 } }, visitor);
    await Promise.all([big, later]);
    const items = ns.read(["items"], visitor) as Record<string, { n: number }>;
    expect(Object.keys(items)).toHaveLength(UPDATE_PATHS_PER_STEP * 3);
    expect(items["i1"]).toEqual({ n: 1 });
    expect(items["i0"]).toEqual({ n: -1 });
  });
});

describe("limited queries on a large node", () => {
  const newestTwo = { i: "rating", l: 2, vf: "r" } as const;

  it("answer from a kept sorted index that every write replaces, for reads and live windows", async () => {
    const ns = new Namespace({ name: "sorted", rules: compileRules(RULES), maxValueBytes: 16 * 1024 * 1024 });
    const films: Record<string, { rating: number }> = {};
    for (let i = 0; i < 200; i++) films[`f${String(i).padStart(3, "0")}`] = { rating: i % 4 };
    await ns.set(["films"], films, "owner");
    const window = () => Object.keys((ns.read(["films"], "owner", newestTwo) as object | null) ?? {}).sort();
    // Read three times: the second read builds the index, the third uses it.
    for (let i = 0; i < 3; i++) expect(window()).toEqual(["f195", "f199"]);

    const sent: unknown[] = [];
    const query = new CompiledQuery(newestTwo);
    ns.listen(
      { sink: { sendRaw: (m) => sent.push(JSON.parse(m)) }, path: ["films"], wirePath: "films", tag: 1, query, querySpec: newestTwo, lastSent: undefined },
      "owner",
    );
    await ns.set(["films", "f000", "rating"], 9, "owner");
    expect(window()).toEqual(["f000", "f199"]);
    await ns.update(["films"], { f001: { rating: 10 }, f199: null }, "owner");
    expect(window()).toEqual(["f000", "f001"]);
    expect(window()).toEqual(["f000", "f001"]);
    const lastWindow = (sent.at(-1) as { d: { b: { d: object } } }).d.b.d;
    expect(Object.keys(lastWindow).sort()).toEqual(["f000", "f001"]);
  });
});
