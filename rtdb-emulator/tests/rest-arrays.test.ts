// REST answers and streaming events render array-like nodes as arrays (Firebase's rule, the
// SDK's val()), while the stored tree and the websocket protocol keep objects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { get, limitToLast, orderByChild, query, ref, set, update } from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, openSse, startServer, uniqueNs, until, type SseStream, type TestClient, ownerRest, nextData } from "./helpers.js";

let emu: RtdbEmulator;
const clients: TestClient[] = [];
const streams: SseStream[] = [];

beforeAll(async () => {
  emu = await startServer();
});
afterAll(async () => {
  for (const s of streams) s.close();
  await closeClients(clients);
  await emu.close();
});

async function rest(method: string, url: string, body?: unknown): Promise<unknown> {
  return (await ownerRest(method, url, body)).json();
}

async function sse(url: string): Promise<SseStream> {
  const s = await openSse(url);
  streams.push(s);
  return s;
}

/** What the SDK's val() gives, as JSON (holes of a sparse array become null, as in REST). */
async function sdkJson(c: TestClient, path: string): Promise<unknown> {
  return JSON.parse(JSON.stringify((await get(ref(c.db, path))).val()));
}

// Stored as objects (keys written explicitly), so nothing depends on how the input was sent.
const PROJECTS = {
  p1: {
    title: "One",
    year: 2021,
    technologies: { 0: "ts", 1: "react" },
    links: { 0: { label: "site", url: "https://a" }, 1: { label: "code", url: "https://b" } },
  },
  p2: { title: "Two", year: 2022, technologies: { 0: "go" }, matrix: { 0: { 0: 1, 1: 2 }, 1: { 0: 3 } } },
  p3: { title: "Three", year: 2023, tags: { 1: "late-start" }, sparse: { 0: "a", 5: "f" } },
};
const PROJECTS_REST = {
  p1: {
    title: "One",
    year: 2021,
    technologies: ["ts", "react"],
    links: [
      { label: "site", url: "https://a" },
      { label: "code", url: "https://b" },
    ],
  },
  p2: { title: "Two", year: 2022, technologies: ["go"], matrix: [[1, 2], [3]] },
  p3: { title: "Three", year: 2023, tags: [null, "late-start"], sparse: { 0: "a", 5: "f" } },
};

describe("REST renders array-like nodes as arrays", () => {
  it("GET: arrays when more than half the indexes are present, objects otherwise; the SDK reads the same", async () => {
    const ns = uniqueNs("arr");
    const base = `${emu.url}/shapes`;
    const shapes = {
      dense: { 0: "a", 1: "b", 2: "c" },
      holes: { 0: "a", 2: "c", 3: "d" }, // max 3 < 2 * 3
      half: { 0: "a", 3: "d" }, // max 3 < 2 * 2
      sparse: { 0: "a", 5: "f" }, // max 5 >= 2 * 2
      edge: { 0: "a", 4: "e" }, // max 4 = 2 * 2: not under, an object
      fromOne: { 1: "b" },
      leadingZero: { "00": "a", 1: "b" },
      negative: { "-1": "a", 0: "b" },
      mixed: { 0: "a", x: "b" },
    };
    await rest("PUT", `${base}.json?ns=${ns}`, shapes);
    const expected = {
      dense: ["a", "b", "c"],
      holes: ["a", null, "c", "d"],
      half: ["a", null, null, "d"],
      sparse: { 0: "a", 5: "f" },
      edge: { 0: "a", 4: "e" },
      fromOne: [null, "b"],
      leadingZero: { "00": "a", 1: "b" },
      negative: { "-1": "a", 0: "b" },
      mixed: { 0: "a", x: "b" },
    };
    const body = await rest("GET", `${base}.json?ns=${ns}`);
    expect(body).toEqual(expected);
    expect(Array.isArray((body as Record<string, unknown>)["dense"])).toBe(true);
    expect(Array.isArray((body as Record<string, unknown>)["sparse"])).toBe(false);
    expect(await rest("GET", `${base}/dense.json?ns=${ns}`)).toEqual(["a", "b", "c"]);
    expect(await rest("GET", `${base}/sparse.json?ns=${ns}`)).toEqual({ 0: "a", 5: "f" });

    const c = makeClient(emu, ns);
    clients.push(c);
    expect(await sdkJson(c, "shapes")).toEqual(body);
    for (const key of Object.keys(shapes)) expect(await sdkJson(c, `shapes/${key}`)).toEqual(expected[key as keyof typeof expected]);
  });

  it("GET of records with nested arrays, and a query window of them (orderBy + limitToLast)", async () => {
    const ns = uniqueNs("arr");
    const c = makeClient(emu, ns);
    clients.push(c);
    await set(ref(c.db, "projects"), PROJECTS);
    expect(await rest("GET", `${emu.url}/projects.json?ns=${ns}`)).toEqual(PROJECTS_REST);
    expect(await rest("GET", `${emu.url}/projects/p2/matrix/0.json?ns=${ns}`)).toEqual([1, 2]);
    expect(await sdkJson(c, "projects")).toEqual(PROJECTS_REST);

    const window = await rest("GET", `${emu.url}/projects.json?ns=${ns}&orderBy=${encodeURIComponent('"year"')}&limitToLast=2`);
    expect(window).toEqual({ p2: PROJECTS_REST.p2, p3: PROJECTS_REST.p3 });
    const sdkWindow = (await get(query(ref(c.db, "projects"), orderByChild("year"), limitToLast(2)))).val();
    expect(JSON.parse(JSON.stringify(sdkWindow))).toEqual(window);
  });

  it("write answers: PUT echoes the stored value and PATCH the patch, rendered the same way", async () => {
    const ns = uniqueNs("arr");
    expect(await rest("PUT", `${emu.url}/r.json?ns=${ns}`, { tags: { 0: "x", 1: "y" } })).toEqual({ tags: ["x", "y"] });
    expect(await rest("PATCH", `${emu.url}/r.json?ns=${ns}`, { links: { 0: "l" } })).toEqual({ links: ["l"] });
    // Arrays sent in are stored as objects and come back as arrays.
    expect(await rest("PUT", `${emu.url}/r/list.json?ns=${ns}`, ["a", "b"])).toEqual(["a", "b"]);
    expect(await rest("GET", `${emu.url}/r.json?ns=${ns}`)).toEqual({ tags: ["x", "y"], links: ["l"], list: ["a", "b"] });
    // A patch holding arrays (empty ones too) and an empty object is echoed as sent.
    const patch = { "r/a": { tags: [], nested: [["p"]], o: {} }, "r/b": [1, { ".value": 2, ".priority": 1 }] };
    expect(await rest("PATCH", `${emu.url}/.json?ns=${ns}`, patch)).toEqual({ "r/a": { tags: [], nested: [["p"]], o: {} }, "r/b": [1, 2] });
    expect(await rest("GET", `${emu.url}/r/b.json?ns=${ns}`)).toEqual([1, 2]);
  });

  it("shallow=true and format=export: shallow keeps the rule, export keeps objects (as exportVal)", async () => {
    const ns = uniqueNs("arr");
    await rest("PUT", `${emu.url}/list.json?ns=${ns}`, { 0: { n: 1 }, 1: { n: 2 } });
    expect(await rest("GET", `${emu.url}/list.json?ns=${ns}&shallow=true`)).toEqual([true, true]);
    const exported = await rest("GET", `${emu.url}/list.json?ns=${ns}&format=export`);
    expect(exported).toEqual({ 0: { n: 1 }, 1: { n: 2 } });
    expect(Array.isArray(exported)).toBe(false);
    const c = makeClient(emu, ns);
    clients.push(c);
    expect((await get(ref(c.db, "list"))).exportVal()).toEqual(exported);
  });

  it("SSE: the first put and live put/patch events carry arrays; a query stream too", async () => {
    const ns = uniqueNs("arr");
    const c = makeClient(emu, ns);
    clients.push(c);
    await set(ref(c.db, "projects"), PROJECTS);
    const s = await sse(`${emu.url}/projects.json?ns=${ns}`);
    const q = await sse(`${emu.url}/projects.json?ns=${ns}&orderBy=${encodeURIComponent('"year"')}&limitToLast=2`);
    expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: PROJECTS_REST } });
    expect(await q.next()).toEqual({ event: "put", data: { path: "/", data: { p2: PROJECTS_REST.p2, p3: PROJECTS_REST.p3 } } });

    await set(ref(c.db, "projects/p4"), { title: "Four", year: 2024, technologies: ["rust", "wasm"] });
    const p4 = { title: "Four", year: 2024, technologies: ["rust", "wasm"] };
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/p4", data: p4 } });
    expect(await nextData(q)).toEqual({ event: "put", data: { path: "/", data: { p3: PROJECTS_REST.p3, p4 } } });

    await update(ref(c.db, "projects/p1"), { technologies: ["ts", "react", "vite"], countries: { 0: "FR" } });
    expect(await nextData(s)).toEqual({
      event: "patch",
      data: { path: "/p1", data: { technologies: ["ts", "react", "vite"], countries: ["FR"] } },
    });
    // A patch whose child names are indexes stays a map of changes; the values are rendered.
    await update(ref(c.db, "projects/p2/matrix"), { 1: { 0: 3, 1: 4 }, 2: { 0: 5 } });
    expect(await nextData(s)).toEqual({ event: "patch", data: { path: "/p2/matrix", data: { 1: [3, 4], 2: [5] } } });
    await set(ref(c.db, "projects/p3/sparse/1"), "b");
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/p3/sparse/1", data: "b" } });

    // After all that, REST and the SDK agree on the whole value.
    const now = await rest("GET", `${emu.url}/projects.json?ns=${ns}`);
    expect(await sdkJson(c, "projects")).toEqual(now);
    expect((now as Record<string, Record<string, unknown>>)["p3"]!["sparse"]).toEqual(["a", "b", null, null, null, "f"]);
  });

  it("the websocket protocol still sends the stored objects", async () => {
    const ns = uniqueNs("arr");
    await rest("PUT", `${emu.url}/list.json?ns=${ns}`, ["a", "b"]);
    const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=${ns}`);
    const messages: { t?: string; d?: { r?: number; b?: { s: string; d: unknown } } }[] = [];
    ws.on("message", (d) => messages.push(JSON.parse(d.toString())));
    ws.on("error", () => {});
    await until(() => messages.length > 0, "handshake");
    ws.send(JSON.stringify({ t: "d", d: { r: 1, a: "g", b: { p: "/list", q: {} } } }));
    await until(() => messages.some((m) => m.t === "d" && m.d?.r === 1), "get answer");
    ws.close();
    expect(messages.find((m) => m.t === "d" && m.d?.r === 1)?.d?.b).toEqual({ s: "ok", d: { 0: "a", 1: "b" } });
  });
});
