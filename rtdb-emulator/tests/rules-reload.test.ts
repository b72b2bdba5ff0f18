import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSse, startServer, until } from "./helpers.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-rules-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function anonymousPut(url: string, p: string): Promise<number> {
  const res = await fetch(`${url}/${p}.json?ns=reload`, { method: "PUT", body: "1" });
  return res.status;
}

describe("rules file reload", () => {
  it("picks up a changed rules file and keeps the old rules when the new file is broken", async () => {
    const file = path.join(dir, "database.rules.json");
    fs.writeFileSync(file, '{ "rules": { ".read": true, ".write": false } }');
    const lines: string[] = [];
    const server = await startServer({ rules: file, watchRules: true, log: (l) => lines.push(l) });
    try {
      expect(await anonymousPut(server.url, "a")).toBe(401);
      fs.writeFileSync(file, '{ "rules": { ".read": true, // now open\n ".write": true } }');
      await until(async () => (await anonymousPut(server.url, "a")) === 200, "reloaded rules");
      fs.writeFileSync(file, '{ "rules": { ".read": true, ".write": ');
      await until(() => lines.some((l) => l.includes("refused")), "broken rules reported");
      expect(await anonymousPut(server.url, "b")).toBe(200);
      expect(lines.join("\n")).toMatch(/keeping the previous ones/);
    } finally {
      await server.close();
    }
  });

  it("a REST stream whose read the reloaded file refuses gets cancel and is closed", async () => {
    const file = path.join(dir, "stream.rules.json");
    fs.writeFileSync(file, '{ "rules": { ".read": true, ".write": false } }');
    const server = await startServer({ rules: file, watchRules: true });
    try {
      const s = await openSse(`${server.url}/a.json?ns=reload`);
      expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: null } });
      fs.writeFileSync(file, '{ "rules": { ".read": false, ".write": false } }');
      expect(await s.next()).toEqual({ event: "cancel", data: null });
      await s.ended;
      await until(() => server.stats().streams === 0 && server.stats().listeners === 0, "stream removed");
    } finally {
      await server.close();
    }
  });

  it("refuses to start with a rules file that does not parse", async () => {
    const file = path.join(dir, "broken.rules.json");
    fs.writeFileSync(file, '{ "rules": { ".read": "auth.uid ===" } }');
    await expect(startServer({ rules: file })).rejects.toThrow(/Rules/);
  });
});
