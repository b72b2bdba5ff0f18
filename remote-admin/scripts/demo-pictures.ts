// Makes the demo seed's pictures with the admin's own upload pipeline, in Chromium: each picture
// is drawn by demo-pictures-page.ts and prepared by process-image.ts exactly as an upload of that
// file would be (the ladder in WebP and JPEG, the placeholder, the content-addressed id). Writes
//   seed/storage/media/{id}/{width}.{webp|jpg}   the variants, as the bucket holds them
//   seed/data/pictures.json                      per picture: id, file name, alt text, placeholder, bytes per variant
// which `npm run seed -w shared-content` puts into the content and the media library, and the
// local stack uploads to the Storage server. Run: npm run demo-pictures -w remote-admin
// (then npm run seed -w shared-content). Only needed when a picture changes.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { serveBundledPage } from "local-server-kit/browser-page";
import { chromiumLaunchOptions } from "scripts/chromium";

const here = path.dirname(fileURLToPath(import.meta.url));
const seedDir = path.join(here, "../../seed");
const mediaContract = path.join(here, "../../shared-content/src/media.ts");

interface Made {
  key: string;
  name: string;
  alt: string;
  id: string;
  placeholder: string;
  variants: { width: number; webp: string; jpeg: string }[];
}
declare const window: Window & { demoPictures: { keys: string[]; make(key: string): Promise<Made> } };

const site = await serveBundledPage({
  entry: path.join(here, "demo-pictures-page.ts"),
  title: "demo pictures",
  // The pipeline needs only the pictures' contract of the admin entry (as browser/media-pipeline.pw.ts).
  plugins: [{ name: "media-contract", setup: (b) => b.onResolve({ filter: /^shared-content\/admin$/ }, () => ({ path: mediaContract })) }],
});
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => typeof window.demoPictures !== "undefined");
  const keys = await page.evaluate(() => window.demoPictures.keys);
  const storageDir = path.join(seedDir, "storage", "media");
  rmSync(storageDir, { recursive: true, force: true });
  const manifest: Record<string, unknown> = {};
  let total = 0;
  for (const key of keys) {
    const made = await page.evaluate((k) => window.demoPictures.make(k), key);
    const variants: Record<string, { webp: number; jpeg: number }> = {};
    for (const v of made.variants) {
      const webp = Buffer.from(v.webp, "base64");
      const jpeg = Buffer.from(v.jpeg, "base64");
      mkdirSync(path.join(storageDir, made.id), { recursive: true });
      writeFileSync(path.join(storageDir, made.id, `${v.width}.webp`), webp);
      writeFileSync(path.join(storageDir, made.id, `${v.width}.jpg`), jpeg);
      variants[String(v.width)] = { webp: webp.length, jpeg: jpeg.length };
      total += webp.length + jpeg.length;
    }
    manifest[key] = { id: made.id, name: made.name, alt: made.alt, placeholder: made.placeholder, variants };
    console.log(`${key.padEnd(40)} ${made.id}  ${made.variants.map((v) => v.width).join("/")}`);
  }
  writeFileSync(path.join(seedDir, "data", "pictures.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`demo pictures: ${keys.length} pictures, ${(total / 1024).toFixed(0)} KB of variants in seed/storage/media`);
} finally {
  await browser.close();
  await site.close();
}
