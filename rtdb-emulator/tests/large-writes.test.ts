// A large write that the rules refuse does not hold up other clients: a visitor's reads are
// answered while it is being checked. (Its cost is measured by the benchmark, not here.)
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RtdbEmulator } from "../src/index.js";
import { startServer, unsignedToken } from "./helpers.js";

const RULES = `{"rules": {
  "site": { ".read": true },
  "items": { "$id": { ".write": "auth != null", ".validate": "newData.child('n').isNumber() && newData.child('text').isString()" } }
}}`;

let emu: RtdbEmulator;
beforeAll(async () => {
  emu = await startServer({ rulesText: RULES, seed: { site: { title: "Portfolio" } } });
});
afterAll(async () => {
  await emu.close();
});

/** Sends a PATCH; `sent` resolves once the whole body has left, `answered` with the status. */
function patch(path: string, body: string, token: string): { sent: Promise<void>; answered: Promise<number> } {
  let sent!: () => void;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const answered = new Promise<number>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: emu.port, method: "PATCH", path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body, () => sent());
  });
  return { sent: sentPromise, answered };
}

describe("a large refused write", () => {
  it("is refused whole while a visitor's reads are answered", async () => {
    const records: Record<string, unknown> = {};
    // Every record passes the rules but the last: all of them are checked before the refusal.
    for (let i = 0; i < 20_000; i++) records[`items/r${i}`] = { n: i, text: "a record the rules accept" };
    records["items/zz-last"] = { n: "not a number", text: "refused" };
    const write = patch(`/.json`, JSON.stringify(records), unsignedToken({ user_id: "u1", sub: "u1", firebase: { sign_in_provider: "anonymous" } }));
    let answered = false;
    const status = write.answered.finally(() => (answered = true));
    await write.sent;
    let readsWhileChecking = 0;
    while (!answered) {
      const res = await fetch(`${emu.url}/site/title.json`);
      expect(await res.json()).toBe("Portfolio");
      if (!answered) readsWhileChecking++;
    }
    expect(await status).toBe(401);
    expect(readsWhileChecking).toBeGreaterThan(0);
    const stored = await fetch(`${emu.url}/items.json?shallow=true`, { headers: { authorization: "Bearer owner" } });
    expect(await stored.json()).toBeNull();
  });
});
