import { describe, expect, it } from "vitest";
import { Namespace } from "./database.js";
import { compileRules } from "./rules.js";

// Read decisions are remembered; each of these would be wrong if one outlived what it depends on.
const RULES = `{"rules": {
  "open": { ".read": true },
  "members": { ".read": "auth != null && root.child('admins').child(auth.uid).val() === true" },
  "own": { "$uid": { ".read": "auth != null && auth.uid === $uid" } },
  "timed": { ".read": "root.child('opensAt').val() <= now" },
  "windowed": { ".read": "query.limitToFirst <= 2" },
  "admins": { ".write": "auth != null" },
  "opensAt": { ".write": true }
}}`;
const alice = { uid: "alice", provider: "password", token: { sub: "alice" } };
const bob = { uid: "bob", provider: "password", token: { sub: "bob" } };
const canRead = (ns: Namespace, path: string, actor: typeof alice | null, query?: { i: string; l: number; vf: "l" }) =>
  ns.canRead(path.split("/"), actor, query);

function namespace() {
  return new Namespace({ name: "decisions", rules: compileRules(RULES), maxValueBytes: 1 << 20 });
}

describe("remembered read decisions", () => {
  it("a rule that reads the data is decided again after a write", async () => {
    const ns = namespace();
    expect(canRead(ns, "members", alice)).toBe(false);
    await ns.set(["admins", "alice"], true, "owner");
    expect(canRead(ns, "members", alice)).toBe(true);
    await ns.set(["admins", "alice"], null, alice);
    expect(canRead(ns, "members", alice)).toBe(false);
  });

  it("each auth, path and query has its own decision", () => {
    const ns = namespace();
    expect(canRead(ns, "own/alice", alice)).toBe(true);
    expect(canRead(ns, "own/alice", bob)).toBe(false);
    expect(canRead(ns, "own/bob", bob)).toBe(true);
    expect(canRead(ns, "own/alice", null)).toBe(false);
    expect(canRead(ns, "windowed", null, { i: ".key", l: 2, vf: "l" })).toBe(true);
    expect(canRead(ns, "windowed", null, { i: ".key", l: 3, vf: "l" })).toBe(false);
  });

  it("a rule on the clock is decided each time", async () => {
    const ns = namespace();
    await ns.set(["opensAt"], Date.now() + 60, "owner");
    expect(canRead(ns, "timed", null)).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect(canRead(ns, "timed", null)).toBe(true);
  });

  it("new rules forget every decision", () => {
    const ns = namespace();
    expect(canRead(ns, "open", null)).toBe(true);
    ns.rules.setRules(compileRules('{"rules": {"open": {".read": false}}}'));
    expect(canRead(ns, "open", null)).toBe(false);
  });
});
