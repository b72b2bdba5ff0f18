// The upload pipeline's canvas steps in Chromium: orientation, the ladder, formats, EXIF stripped,
// the placeholder, the content-addressed id, and the refusals before anything is sent.
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { serveBundledPage, type BrowserPage } from "local-server-kit/browser-page";
import { hasMetadata, imageSize, withExif } from "dev-tools/test-images";

const here = path.dirname(fileURLToPath(import.meta.url));
const mediaContract = path.join(here, "../../shared-content/src/media.ts");
let site: BrowserPage;

interface Pipeline {
  twoColourJpeg(width: number, height: number): Promise<string>;
  run(
    base64: string,
    name: string,
  ): Promise<{
    check: { ok: boolean; format?: string; message?: string };
    id: string;
    width: number;
    height: number;
    placeholder: string;
    variants: { width: number; height: number; webp: { type: string; data: string }; jpeg: { type: string; data: string } }[];
    colours: { webp: string[]; jpeg: string[] };
  }>;
  checkBytes(base64: string, name: string, size?: number): Promise<{ ok: boolean; message?: string }>;
  processError(base64: string, name: string): Promise<string | null>;
  contract: { placeholderMax: number; placeholderPattern: string };
}
declare const window: Window & { pipeline: Pipeline };

test.beforeAll(async () => {
  site = await serveBundledPage({
    entry: path.join(here, "page-entry.ts"),
    title: "pipeline",
    // The pipeline needs only the pictures' contract of the admin entry.
    plugins: [{ name: "media-contract", setup: (b) => b.onResolve({ filter: /^shared-content\/admin$/ }, () => ({ path: mediaContract })) }],
  });
});

test.afterAll(async () => {
  await site?.close();
});

async function open(page: Page) {
  await page.goto(site.url);
  await page.waitForFunction(() => typeof window.pipeline !== "undefined");
}

const b64 = (buffer: Buffer) => buffer.toString("base64");

test("a phone photo (EXIF orientation 6, GPS) becomes upright variants over the ladder, with no metadata, and a placeholder", async ({ page }) => {
  await open(page);
  // Stored 1200 x 800, top half red: shown upright (rotated 90° clockwise) it is 800 x 1200, red on the right.
  const stored = Buffer.from(await page.evaluate(() => window.pipeline.twoColourJpeg(1200, 800)), "base64");
  const photo = withExif(stored, { orientation: 6, latitude: 57.7089, longitude: 11.9746 });
  expect(hasMetadata(photo)).toBe(true);

  const result = await page.evaluate(([data]) => window.pipeline.run(data!, "IMG_0001.jpg"), [b64(photo)]);
  expect(result.check).toEqual({ ok: true, format: "jpeg" });
  expect([result.width, result.height]).toEqual([800, 1200]);
  // Content-addressed: the same bytes always give the same id.
  const hash = createHash("sha256").update(photo).digest("hex").slice(0, 16);
  expect(result.id).toBe(`${hash}-800x1200`);

  expect(result.variants.map((v) => [v.width, v.height])).toEqual([
    [320, 480],
    [640, 960],
    [800, 1200],
  ]);
  for (const v of result.variants) {
    expect(v.webp.type).toBe("image/webp");
    expect(v.jpeg.type).toBe("image/jpeg");
    for (const data of [v.webp.data, v.jpeg.data]) {
      const bytes = Buffer.from(data, "base64");
      expect(imageSize(bytes)).toEqual({ width: v.width, height: v.height });
      expect(hasMetadata(bytes)).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }
    // WebP is the smaller download.
    expect(Buffer.from(v.webp.data, "base64").length).toBeLessThan(Buffer.from(v.jpeg.data, "base64").length);
  }
  // Upright: what was the top (red) is now the right side.
  expect(result.colours).toEqual({ webp: ["blue", "red"], jpeg: ["blue", "red"] });

  const contract = await page.evaluate(() => window.pipeline.contract);
  expect(result.placeholder).toMatch(new RegExp(contract.placeholderPattern));
  expect(result.placeholder.length).toBeLessThanOrEqual(contract.placeholderMax);
  expect(result.placeholder.startsWith("data:image/webp;base64,")).toBe(true);
  const placeholder = Buffer.from(result.placeholder.split(",")[1]!, "base64");
  // Without the sRGB profile Chromium's canvas writes into a WebP (most of a placeholder's bytes).
  expect(placeholder.includes(Buffer.from("ICCP"))).toBe(false);
  const tiny = imageSize(placeholder);
  expect(tiny.width).toBeLessThanOrEqual(24);
  expect(tiny.width).toBeGreaterThanOrEqual(12);
});

test("a picture narrower than the first rung gets one variant at its own width", async ({ page }) => {
  await open(page);
  const small = await page.evaluate(() => window.pipeline.twoColourJpeg(200, 100));
  const result = await page.evaluate(([data]) => window.pipeline.run(data!, "small.jpg"), [small]);
  expect(result.variants.map((v) => [v.width, v.height])).toEqual([[200, 100]]);
  // No orientation tag: stored as it is shown, red on top.
  expect(result.id).toMatch(/^[0-9a-f]{16}-200x100$/);
});

test("refuses in words, before anything is sent: text named .jpg, a file over 25 MB, an SVG, a damaged JPEG", async ({ page }) => {
  await open(page);
  const text = await page.evaluate(([d]) => window.pipeline.checkBytes(d!, "holiday.jpg"), [b64(Buffer.from("Dear diary, today we went to the sea."))]);
  expect(text.ok).toBe(false);
  expect(text.message).toMatch(/“holiday\.jpg” is not a picture the site can use: its content is not JPEG, PNG, WebP, AVIF or GIF image data/);

  const header = await page.evaluate(() => window.pipeline.twoColourJpeg(64, 64));
  const big = await page.evaluate(([d]) => window.pipeline.checkBytes(d!, "huge.jpg", 26 * 1024 * 1024), [header]);
  expect(big.ok).toBe(false);
  expect(big.message).toMatch(/“huge\.jpg” is 26\.0 MB; the largest picture you can upload is 25 MB/);

  const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const refusedSvg = await page.evaluate(([d]) => window.pipeline.checkBytes(d!, "logo.png"), [b64(Buffer.from(svg))]);
  expect(refusedSvg.ok).toBe(false);
  expect(refusedSvg.message).toMatch(/SVG drawing\. SVG files can carry scripts .* Save it as a PNG/);

  const cut = Buffer.from(header, "base64").subarray(0, 40);
  expect(await page.evaluate(([d]) => window.pipeline.processError(d!, "cut.jpg"), [b64(cut)])).toMatch(/could not be read: the file may be damaged/);
});
