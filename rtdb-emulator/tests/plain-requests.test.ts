// The plain-request path (src/plain-requests.ts) answers what Node's HTTP server would: the same
// request, sent once plainly and once with a header that sends it to the HTTP server, gets the
// same status, headers and body (but the date), and a connection it answered still serves the
// requests it does not take.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RtdbEmulator } from "../src/index.js";
import { ownerRest, startServer, uniqueNs } from "./helpers.js";

const RULES = `{ "rules": { "open": { ".read": true, ".write": "auth != null" }, "private": { ".read": false } } }`;
/** A header the plain path does not know: the request goes through Node's HTTP server. */
const VIA_HTTP = "X-Test-Route: http\r\n";

let emu: RtdbEmulator;
let ns: string;
beforeAll(async () => {
  emu = await startServer({ rulesText: RULES });
  ns = uniqueNs("plain");
  await ownerRest("PUT", `${emu.url}/open.json?ns=${ns}`, { about: { headline: "Hello", list: ["a", "b"] } });
});
afterAll(() => emu.close());

/** A connection that sends requests as written and reads whole answers (by their length, or the first chunk of a stream). */
function connection(): { ask: (request: string) => Promise<string>; socket: net.Socket } {
  const socket = net.connect(emu.port, "127.0.0.1");
  let received = "";
  let waiting: (() => void) | null = null;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
    waiting?.();
  });
  const answer = () => {
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0) return null;
    const head = received.slice(0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    // By its length; a stream up to its first event; any other chunked answer up to its last chunk.
    const through = (mark: string, from: number) => (received.indexOf(mark, from) < 0 ? -1 : received.indexOf(mark, from) + mark.length);
    const end =
      length !== undefined
        ? headEnd + 4 + Number(length)
        : /text\/event-stream/.test(head)
          ? through("\n\n", received.indexOf("data:", headEnd))
          : through("\r\n0\r\n\r\n", headEnd);
    if (end < 0 || received.length < end) return null;
    const whole = received.slice(0, end);
    received = received.slice(end);
    return whole;
  };
  const ask = (request: string) =>
    new Promise<string>((resolve) => {
      waiting = () => {
        const whole = answer();
        if (whole !== null) resolve(whole);
      };
      socket.write(request);
    });
  return { ask, socket };
}

const get = (path: string, extra = "", accept = "application/json") =>
  `GET /${path}.json?ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nOrigin: http://127.0.0.1:5173\r\n${extra}\r\n`;
const withoutDate = (answer: string) => answer.replace(/\r\nDate: [^\r]*/i, "");

describe("the plain-request path", () => {
  it("answers a plain read exactly as the HTTP server does", async () => {
    const plain = connection();
    const http = connection();
    const viaPlain = await plain.ask(get("open/about"));
    const viaHttp = await http.ask(get("open/about", VIA_HTTP));
    expect(viaPlain).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"headline":"Hello","list":\["a","b"\]\}$/);
    expect(withoutDate(viaPlain)).toBe(withoutDate(viaHttp));
    plain.socket.destroy();
    http.socket.destroy();
  });

  it("starts a plain stream exactly as the HTTP server does, and it follows writes", async () => {
    const plain = connection();
    const http = connection();
    const first = await plain.ask(get("open/about", "", "text/event-stream"));
    expect(first).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[^]*content-type: text\/event-stream; charset=utf-8\r\n[^]*event: put\ndata: \{"path":"\/","data":\{"headline":"Hello"/,
    );
    expect(withoutDate(first)).toBe(withoutDate(await http.ask(get("open/about", VIA_HTTP, "text/event-stream"))));
    const next = new Promise<string>((resolve) => plain.socket.once("data", (chunk: string) => resolve(chunk)));
    await ownerRest("PATCH", `${emu.url}/open/about.json?ns=${ns}`, { headline: "Edited" });
    expect(await next).toMatch(/event: patch\ndata: \{"path":"\/","data":\{"headline":"Edited"\}\}/);
    await ownerRest("PATCH", `${emu.url}/open/about.json?ns=${ns}`, { headline: "Hello" });
    plain.socket.destroy();
    http.socket.destroy();
  });

  it("leaves a refused read to the HTTP server, which says why", async () => {
    const c = connection();
    expect(await c.ask(get("private/x"))).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n[^]*\r\n\{"error":"Permission denied"\}\r\n0\r\n\r\n$/);
    c.socket.destroy();
  });

  it("keeps a connection it answered: the next request is answered, by it or by the HTTP server", async () => {
    const c = connection();
    expect(await c.ask(get("open/about/headline"))).toMatch(/\r\n\r\n"Hello"$/);
    expect(await c.ask(get("open/about/list"))).toMatch(/\r\n\r\n\["a","b"\]$/);
    expect(await c.ask(get("open/about/headline", "Authorization: Bearer owner\r\n"))).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n"Hello"$/);
    c.socket.destroy();
  });

  it("hands a write on a connection it answered to the HTTP server whole, its body sent apart", async () => {
    const c = connection();
    expect(await c.ask(get("open/about/headline"))).toMatch(/"Hello"$/);
    const body = JSON.stringify("Sent apart");
    const answered = c.ask(
      `PUT /open/about/headline.json?ns=${ns} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer owner\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 50));
    c.socket.write(body);
    expect(await answered).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*"Sent apart"/);
    expect(await c.ask(get("open/about/headline"))).toMatch(/\r\n\r\n"Sent apart"$/);
    await ownerRest("PATCH", `${emu.url}/open/about.json?ns=${ns}`, { headline: "Hello" });
    c.socket.destroy();
  });

  it("answers a read after a write with the new value", async () => {
    const c = connection();
    expect(await c.ask(get("open/about/headline"))).toMatch(/"Hello"$/);
    await ownerRest("PATCH", `${emu.url}/open/about.json?ns=${ns}`, { headline: "Changed" });
    expect(await c.ask(get("open/about/headline"))).toMatch(/"Changed"$/);
    await ownerRest("PATCH", `${emu.url}/open/about.json?ns=${ns}`, { headline: "Hello" });
    c.socket.destroy();
  });

  it("ends the connections it holds when the server closes", async () => {
    const own = await startServer({ rulesText: RULES, seed: { open: { a: 1 } } });
    const socket = net.connect(own.port, "127.0.0.1");
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("data", () => resolve()).write("GET /open/a.json HTTP/1.1\r\nHost: x\r\n\r\n"));
    await own.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
