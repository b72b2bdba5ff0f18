import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { deleteApp, initializeApp } from "firebase/app";
import { connectDatabaseEmulator, get, getDatabase, onValue, ref, runTransaction, set } from "firebase/database";
import { serveBundledPage, type BrowserPage } from "local-server-kit/browser-page";
import { startRtdbEmulator, type RtdbEmulator } from "../src/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
let emu: RtdbEmulator;
const serverLog: string[] = [];
let site: BrowserPage;

test.beforeAll(async () => {
  site = await serveBundledPage({ entry: path.join(here, "page-entry.ts"), title: "rtdb" });
  emu = await startRtdbEmulator({ port: 0, log: (l) => serverLog.push(l) });
});

test.afterAll(async () => {
  await emu?.close();
  await site?.close();
});

test("a browser client and a Node client share live data through the emulator", async ({ page }) => {
  const ns = "browser-conf";
  const node = initializeApp({ projectId: "demo-portfolio", apiKey: "demo-api-key", databaseURL: `http://127.0.0.1:${emu.port}?ns=${ns}` }, "node-client");
  const db = getDatabase(node);
  connectDatabaseEmulator(db, "127.0.0.1", emu.port);
  try {
    await page.goto(site.url);
    // A browser that once saw a failed websocket starts with long-polling; the server's
    // /.lp answer must clear that flag so the SDK comes back on a websocket.
    await page.evaluate(() => localStorage.setItem("firebase:previous_websocket_failure", "true"));
    await page.waitForFunction(() => typeof window.rtdb !== "undefined");
    await page.evaluate(([port, n]) => window.rtdb.init(port as number, n as string), [emu.port, ns]);
    await page.evaluate(() => window.rtdb.watch("shared/msg"));

    await set(ref(db, "shared/msg"), "from node");
    await expect.poll(() => page.evaluate(() => window.rtdb.seen["shared/msg"]!.at(-1))).toBe("from node");

    const fromBrowser: unknown[] = [];
    onValue(ref(db, "shared/reply"), (s) => fromBrowser.push(s.val()));
    await page.evaluate(() => window.rtdb.set("shared/reply", { text: "from the browser", n: 1 }));
    await expect.poll(() => fromBrowser.at(-1)).toEqual({ text: "from the browser", n: 1 });

    // Transactions from both sides lose nothing.
    const browserTx = page.evaluate(async () => {
      const out = [];
      for (let i = 0; i < 5; i++) out.push(window.rtdb.increment("shared/counter"));
      return Promise.all(out);
    });
    const nodeTx = Promise.all(Array.from({ length: 5 }, () => runTransaction(ref(db, "shared/counter"), (v: number | null) => (v ?? 0) + 1)));
    await Promise.all([browserTx, nodeTx]);
    expect((await get(ref(db, "shared/counter"))).val()).toBe(10);

    await set(ref(db, "shared/scores"), { a: { s: 1 }, b: { s: 5 }, c: { s: 3 } });
    expect(await page.evaluate(() => window.rtdb.topKeys("shared/scores", "s", 2))).toEqual(["c", "b"]);
    expect(await page.evaluate(() => localStorage.getItem("firebase:previous_websocket_failure"))).toBeNull();
    expect(serverLog.some((l) => l.includes("long-poll attempt answered"))).toBe(true);

    // REST streaming: a cross-origin EventSource (the page is served from another port).
    await page.evaluate((url) => window.rtdb.stream(url), `http://127.0.0.1:${emu.port}/shared/scores.json?ns=${ns}`);
    await expect
      .poll(() => page.evaluate(() => window.rtdb.streamEvents[0]))
      .toEqual({
        event: "put",
        data: { path: "/", data: { a: { s: 1 }, b: { s: 5 }, c: { s: 3 } } },
      });
    await set(ref(db, "shared/scores/d"), { s: 7 });
    await expect.poll(() => page.evaluate(() => window.rtdb.streamEvents.at(-1))).toEqual({ event: "put", data: { path: "/d", data: { s: 7 } } });
    // Array-like nodes arrive as arrays, as from Firebase.
    await set(ref(db, "shared/scores/e"), { s: 9, tags: ["x", "y"] });
    await expect
      .poll(() => page.evaluate(() => window.rtdb.streamEvents.at(-1)))
      .toEqual({ event: "put", data: { path: "/e", data: { s: 9, tags: ["x", "y"] } } });
  } finally {
    await deleteApp(node);
  }
});
