// A GET answered again from its serialized bytes until the next write: the same answer for the
// same read, a new one after any write, and the rules still asked for each request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RtdbEmulator } from "../src/index.js";
import { startServer, uniqueNs } from "./helpers.js";

const RULES = JSON.stringify({ rules: { open: { ".read": true, ".write": true }, closed: { ".read": false } } });
let emu: RtdbEmulator;

beforeAll(async () => {
  emu = await startServer({ rulesText: RULES });
});
afterAll(async () => {
  await emu?.close();
});

describe("repeated REST reads", () => {
  it("answer the same bytes until a write, then the new value; shallow, export and pretty apart", async () => {
    const ns = uniqueNs("repeat");
    const url = (path: string, extra = "") => `http://127.0.0.1:${emu.port}/${path}.json?ns=${ns}${extra}`;
    const owner = { authorization: "Bearer owner" };
    await fetch(url("open"), { method: "PUT", headers: owner, body: JSON.stringify({ a: { x: 1 }, b: [1, 2] }) });
    const first = await (await fetch(url("open"))).text();
    expect(await (await fetch(url("open"))).text()).toBe(first);
    expect(JSON.parse(first)).toEqual({ a: { x: 1 }, b: [1, 2] });
    expect(await (await fetch(url("open", "&shallow=true"))).json()).toEqual({ a: true, b: true });
    expect(await (await fetch(url("open/b", "&format=export"))).json()).toEqual({ 0: 1, 1: 2 });
    expect(await (await fetch(url("open/a", "&print=pretty"))).text()).toBe('{\n  "x": 1\n}');
    // A write elsewhere in the namespace, then one under the read: each answer is the value now.
    await fetch(url("open/a/x"), { method: "PUT", body: "2" });
    expect(await (await fetch(url("open"))).json()).toEqual({ a: { x: 2 }, b: [1, 2] });
    expect(await (await fetch(url("open", "&shallow=true"))).json()).toEqual({ a: true, b: true });
    await fetch(url("open/c"), { method: "PATCH", body: JSON.stringify({ y: "z" }) });
    expect(await (await fetch(url("open"))).json()).toEqual({ a: { x: 2 }, b: [1, 2], c: { y: "z" } });
  });

  it("ask the rules every time: a refused read stays refused after the owner's read of it", async () => {
    const ns = uniqueNs("repeat-rules");
    const url = `http://127.0.0.1:${emu.port}/closed.json?ns=${ns}`;
    await fetch(url, { method: "PUT", headers: { authorization: "Bearer owner" }, body: '"secret"' });
    expect(await (await fetch(url, { headers: { authorization: "Bearer owner" } })).json()).toBe("secret");
    expect((await fetch(url)).status).toBe(401);
    expect(await (await fetch(url, { headers: { authorization: "Bearer owner" } })).json()).toBe("secret");
  });
});
