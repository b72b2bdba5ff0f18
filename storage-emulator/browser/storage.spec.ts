// The SDK in Chromium, on a page whose origin is not the Storage server's (every call is a CORS
// request, with the SDK's custom headers and the resumable protocol's response headers) and
// whose CSP names the server only in connect-src and img-src, as the site's does.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { serveBundledPage, type BrowserPage } from "local-server-kit/browser-page";
import { startStorageEmulator, type StorageEmulator } from "../src/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKET = "demo-portfolio.appspot.com";
let emu: StorageEmulator;
let site: BrowserPage;
const serverLog: string[] = [];

// A 2x1 PNG, so the page can show a picture served by the server.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAKfQE/G2TkT4AAAAASUVORK5CYII=", "base64");

test.beforeAll(async () => {
  emu = await startStorageEmulator({ port: 0, rules: path.join(here, "..", "tests", "fixtures", "open.rules"), log: (l) => serverLog.push(l) });
  const csp = `default-src 'self'; script-src 'self'; connect-src 'self' ${emu.url}; img-src 'self' data: ${emu.url}`;
  site = await serveBundledPage({ entry: path.join(here, "page-entry.ts"), title: "storage", csp });
});

test.afterAll(async () => {
  await emu?.close();
  await site?.close();
});

test("uploads, downloads, lists and deletes from another origin, and shows a picture under the CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  await page.goto(site.url);
  await page.waitForFunction(() => typeof window.storageCheck !== "undefined");
  await page.evaluate(([port, bucket]) => window.storageCheck.init(port as number, bucket as string), [emu.port, BUCKET]);

  expect(await page.evaluate((bytes) => window.storageCheck.upload("test/pic.png", bytes, "image/png"), [...PNG])).toBe(PNG.length);
  // Over 256 KiB: the resumable protocol, whose X-Goog-Upload-* answers the page must be able to read.
  const resumable = await page.evaluate(() => window.storageCheck.uploadResumable("test/big.jpg", 700_000));
  expect(resumable.size).toBe(700_000);
  expect(resumable.progress).toContain(262_144);
  expect(await page.evaluate(() => window.storageCheck.read("test/pic.png"))).toEqual([...PNG]);
  expect(await page.evaluate(() => window.storageCheck.contentType("test/big.jpg"))).toBe("image/jpeg");
  expect(await page.evaluate(() => window.storageCheck.list("test"))).toEqual(["test/big.jpg", "test/pic.png"]);

  const url = await page.evaluate(() => window.storageCheck.url("test/pic.png"));
  expect(url.startsWith(`${emu.url}/v0/b/${BUCKET}/o/test%2Fpic.png?alt=media&token=`)).toBe(true);
  expect(await page.evaluate((u) => window.storageCheck.showImage(u), url)).toEqual({ width: 2, height: 1 });

  await page.evaluate(() => window.storageCheck.remove("test/pic.png"));
  expect(await page.evaluate(() => window.storageCheck.list("test"))).toEqual(["test/big.jpg"]);
  expect(violations).toEqual([]);
  expect(serverLog.filter((l) => l.startsWith("error"))).toEqual([]);
});
