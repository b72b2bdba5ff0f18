// What visitors get from an uploaded picture: the server's first HTML holds a
// responsive, sized, described and placeheld <picture> for a post's cover and for an image in its
// body; link previews and the feed name the share JPEG with its size; a phone loads a WebP variant
// with no layout shift; variants are served immutable. The variants are real WebP and JPEG files
// (encoded by Chromium's canvas), put into the local Storage server as the owner.
import { createHash } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { db, expect, expectNoSeriousA11yViolations, keepContent, objectUrl, putObject, stackStorage, test, type StackStorage } from "../fixtures";

const LADDER = [320, 640, 960, 1280, 1920];
const IMMUTABLE = "public, max-age=31536000, immutable";
const SLUG = "a-walk-by-the-harbour";

const variantUrl = (s: StackStorage, id: string, width: number, ext: "webp" | "jpg") => objectUrl(s, `media/${id}/${width}.${ext}`);

/** A picture as the upload pipeline leaves it: its id, every variant's bytes, and a tiny placeholder. */
interface Made {
  id: string;
  width: number;
  height: number;
  placeholder: string;
  variants: { width: number; webp: Buffer; jpeg: Buffer }[];
}

/** Draws a scene at each width of the ladder (capped at the original's) and encodes it as WebP and JPEG in Chromium. */
async function makePicture(page: Page, width: number, height: number, hue: number): Promise<Made> {
  const widths = [...LADDER.filter((w) => w < Math.min(width, 1920)), Math.min(width, 1920)];
  const encoded = await page.evaluate(
    async ({ widths, width, height, hue }) => {
      const draw = (w: number) => {
        const h = Math.round((height * w) / width);
        const canvas = document.createElement("canvas");
        canvas.width = w;
        canvas.height = h;
        const c = canvas.getContext("2d")!;
        const sky = c.createLinearGradient(0, 0, 0, h);
        sky.addColorStop(0, `hsl(${hue} 70% 75%)`);
        sky.addColorStop(1, `hsl(${hue + 40} 60% 35%)`);
        c.fillStyle = sky;
        c.fillRect(0, 0, w, h);
        c.fillStyle = `hsl(${hue + 180} 50% 30%)`;
        for (let i = 0; i < 6; i += 1) c.fillRect((w * i) / 6 + w / 40, h * 0.55 + ((i % 3) * h) / 20, w / 10, h / 3);
        c.fillStyle = "hsl(50 100% 70%)";
        c.beginPath();
        c.arc(w * 0.78, h * 0.25, h / 9, 0, Math.PI * 2);
        c.fill();
        return canvas;
      };
      const bytes = async (canvas: HTMLCanvasElement, type: string) => {
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.8));
        if (blob.type !== type) throw new Error(`this browser cannot encode ${type}`);
        return [...new Uint8Array(await blob.arrayBuffer())];
      };
      const variants = [];
      for (const w of widths) {
        const canvas = draw(w);
        variants.push({ width: w, webp: await bytes(canvas, "image/webp"), jpeg: await bytes(canvas, "image/jpeg") });
      }
      const tiny = draw(16);
      return { variants, placeholder: tiny.toDataURL("image/webp", 0.5) };
    },
    { widths, width, height, hue },
  );
  const variants = encoded.variants.map((v) => ({ width: v.width, webp: Buffer.from(v.webp), jpeg: Buffer.from(v.jpeg) }));
  // Content-addressed like the pipeline's ids: 16 hex of a hash of the picture, then its size.
  const hash = createHash("sha256")
    .update(variants[variants.length - 1]!.jpeg)
    .digest("hex")
    .slice(0, 16);
  return { id: `${hash}-${width}x${height}`, width, height, placeholder: encoded.placeholder, variants };
}

async function upload(s: StackStorage, made: Made): Promise<void> {
  for (const v of made.variants) {
    await putObject(s, `media/${made.id}/${v.width}.webp`, v.webp, { contentType: "image/webp", cacheControl: IMMUTABLE });
    await putObject(s, `media/${made.id}/${v.width}.jpg`, v.jpeg, { contentType: "image/jpeg", cacheControl: IMMUTABLE });
  }
}

/** The share JPEG: the largest JPEG up to 1280 px. */
const shareWidth = (made: Made) => [...made.variants].reverse().find((v) => v.width <= 1280)!.width;

let storage: StackStorage;
let cover: Made;
let inBody: Made;
let avatar: Made;

async function makeAll(browser: Browser): Promise<void> {
  storage = await stackStorage();
  const page = await browser.newPage();
  try {
    cover = await makePicture(page, 1600, 900, 200);
    inBody = await makePicture(page, 1000, 750, 20);
    avatar = await makePicture(page, 600, 600, 280);
  } finally {
    await page.close();
  }
  for (const made of [cover, inBody, avatar]) await upload(storage, made);
}

function post(now: number) {
  const coverImage = { id: cover.id, alt: "Fishing boats moored in a calm harbour at dawn", placeholder: cover.placeholder, focus: { x: 40, y: 60 } };
  const body = [
    "A short walk along the water, with two pictures.",
    "",
    `![Nets drying on the quay in the afternoon sun](${variantUrl(storage, inBody.id, 640, "jpg")})`,
    "",
    "More words after the picture, so the page scrolls a little.",
  ].join("\n");
  const fields = {
    title: "A walk by the harbour",
    summary: "Boats, nets and the light on the water.",
    tags: ["photos"],
    readingMinutes: 1,
    publishedAt: now,
    coverUrl: variantUrl(storage, cover.id, shareWidth(cover), "jpg"),
    coverImage,
  };
  return {
    post: { ...fields, body, status: "published", createdAt: now, rev: 1, updatedAt: now },
    entry: fields,
  };
}

/** The first HTML response's document, parsed by the browser (no script runs in it). */
async function firstHtml(page: Page, path: string): Promise<void> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  await page.goto("about:blank");
  await page.evaluate((text) => {
    (window as unknown as { served: Document }).served = new DOMParser().parseFromString(text, "text/html");
  }, html);
}

const served = <T>(page: Page, fn: (doc: Document) => T): Promise<T> => page.evaluate(`(${fn.toString()})(window.served)`) as Promise<T>;

test.describe("uploaded pictures on public pages", () => {
  keepContent(`blog/posts/${SLUG}`, `blog/index/${SLUG}`, "site/about");

  test.beforeAll(async ({ browser }) => makeAll(browser));

  test("a post's first HTML holds a responsive, sized, described, placeheld cover and body picture, and previews its share JPEG", async ({ page }) => {
    const now = Date.now() - 60_000;
    const { post: record, entry } = post(now);
    await db.update("blog", { [`posts/${SLUG}`]: record, [`index/${SLUG}`]: entry });

    await firstHtml(page, `/blogs/${SLUG}`);
    const coverPicture = await served(page, (doc) => {
      const img = doc.querySelector("article picture img")!;
      const source = img.parentElement!.querySelector("source")!;
      const attr = (el: Element, name: string) => el.getAttribute(name);
      return {
        source: { type: attr(source, "type"), srcset: attr(source, "srcset"), sizes: attr(source, "sizes") },
        img: Object.fromEntries(["src", "srcset", "sizes", "width", "height", "alt", "loading", "decoding", "fetchpriority"].map((n) => [n, attr(img, n)])),
        background: (img as HTMLElement).style.backgroundImage,
        objectPosition: (img as HTMLElement).style.objectPosition,
      };
    });
    const ladder = (made: Made, ext: "webp" | "jpg") => made.variants.map((v) => `${variantUrl(storage, made.id, v.width, ext)} ${v.width}w`).join(", ");
    expect(coverPicture.source).toEqual({ type: "image/webp", srcset: ladder(cover, "webp"), sizes: "(min-width: 48rem) 46rem, 100vw" });
    expect(coverPicture.img).toEqual({
      src: variantUrl(storage, cover.id, 1280, "jpg"),
      srcset: ladder(cover, "jpg"),
      sizes: "(min-width: 48rem) 46rem, 100vw",
      width: "1600",
      height: "900",
      alt: "Fishing boats moored in a calm harbour at dawn",
      // The post page's likely largest paint: fetched first, not lazily.
      loading: null,
      decoding: null,
      fetchpriority: "high",
    });
    expect(coverPicture.background).toBe(`url("${cover.placeholder}")`);
    expect(coverPicture.objectPosition).toBe("40% 60%");

    const bodyPicture = await served(page, (doc) => {
      const pictures = Array.from(doc.querySelectorAll("article picture"));
      const img = pictures[1]!.querySelector("img")!;
      return {
        count: pictures.length,
        webp: pictures[1]!.querySelector('source[type="image/webp"]')?.getAttribute("srcset"),
        img: Object.fromEntries(["width", "height", "alt", "loading", "decoding", "sizes"].map((n) => [n, img.getAttribute(n)])),
      };
    });
    expect(bodyPicture.count).toBe(2);
    expect(bodyPicture.webp).toBe(ladder(inBody, "webp"));
    expect(bodyPicture.img).toEqual({
      width: "1000",
      height: "750",
      alt: "Nets drying on the quay in the afternoon sun",
      loading: "lazy",
      decoding: "async",
      sizes: "(min-width: 48rem) 46rem, 100vw",
    });

    const share = variantUrl(storage, cover.id, 1280, "jpg");
    const head = await served(page, (doc) => {
      const meta = (key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
      return {
        image: meta("og:image"),
        width: meta("og:image:width"),
        height: meta("og:image:height"),
        type: meta("og:image:type"),
        alt: meta("og:image:alt"),
        twitter: meta("twitter:image"),
        jsonLd: JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!).image,
      };
    });
    expect(head).toEqual({
      image: share,
      width: "1280",
      height: "720",
      type: "image/jpeg",
      alt: "Fishing boats moored in a calm harbour at dawn",
      twitter: share,
      jsonLd: { "@type": "ImageObject", url: share, width: 1280, height: 720 },
    });

    // The feed carries the cover as Media RSS, with its size.
    const feed = await (await page.request.get("/feed.xml")).text();
    expect(feed).toContain(`<media:content url="${share}" type="image/jpeg" medium="image" width="1280" height="720">`);

    // Variants never change under their address.
    const variant = await page.request.get(variantUrl(storage, cover.id, 640, "webp"));
    expect(variant.status()).toBe(200);
    expect(variant.headers()["cache-control"]).toBe(IMMUTABLE);
    expect(variant.headers()["content-type"]).toBe("image/webp");
  });

  test("a phone loads a WebP variant of the cover with no layout shift, and the post passes axe", async ({ page }) => {
    const { post: record, entry } = post(Date.now() - 60_000);
    await db.update("blog", { [`posts/${SLUG}`]: record, [`index/${SLUG}`]: entry });
    await page.setViewportSize({ width: 390, height: 844 });
    const mismatches: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && m.text().includes("hydration mismatch")) mismatches.push(m.text());
    });
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      const w = window as unknown as { shifts: { value: number; what: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[])
          if (!e.hadRecentInput)
            w.shifts.push({
              value: e.value,
              what: e.sources.map(
                (s) =>
                  `${(s.node as Element | null)?.outerHTML?.slice(0, 120) ?? "?"} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)} at ${Math.round(e.startTime)} ms`,
              ),
            });
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`/blogs/${SLUG}`);
    const coverImg = page.getByRole("img", { name: "Fishing boats moored in a calm harbour at dawn" });
    await expect(coverImg).toBeVisible();
    await expect.poll(() => coverImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // 390 CSS px at this device's pixel ratio of 1: the 640 px WebP.
    expect(await coverImg.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(variantUrl(storage, cover.id, 640, "webp"));
    const bodyImg = page.getByRole("img", { name: "Nets drying on the quay in the afternoon sun" });
    await bodyImg.scrollIntoViewIfNeeded();
    await expect.poll(() => bodyImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await bodyImg.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(variantUrl(storage, inBody.id, 640, "webp"));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; what: string[] }[] }).shifts);
    expect(shifts, JSON.stringify(shifts, null, 1)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("post-390.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    // The browser hydrates the server's pictures as they are (the bucket comes from the same config on both sides).
    expect(mismatches).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/blogs/${SLUG}`);
    await expect.poll(() => coverImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // 46rem of the reading column: the 960 px WebP.
    expect(await coverImg.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(variantUrl(storage, cover.id, 960, "webp"));
    await page.screenshot({ path: test.info().outputPath("post-1280.png"), fullPage: true });
  });

  test("the home page's avatar is a high-priority picture, previewed as the share JPEG", async ({ page }) => {
    const about = (await db.get("site/about")) as Record<string, unknown>;
    const avatarImage = { id: avatar.id, alt: "Portrait of the site's owner", placeholder: avatar.placeholder };
    await db.set("site/about", { ...about, avatarUrl: variantUrl(storage, avatar.id, 600, "jpg"), avatarImage, rev: Number(about.rev) + 1 });
    await firstHtml(page, "/");
    const home = await served(page, (doc) => {
      const img = doc.querySelector('img[alt="Portrait of the site\'s owner"]')!;
      return {
        inPicture: img.parentElement?.tagName,
        fetchpriority: img.getAttribute("fetchpriority"),
        loading: img.getAttribute("loading"),
        size: [img.getAttribute("width"), img.getAttribute("height")],
        sizes: img.getAttribute("sizes"),
        ogImage: doc.querySelector('meta[property="og:image"]')?.getAttribute("content"),
        person: JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!).image,
      };
    });
    const share = variantUrl(storage, avatar.id, 600, "jpg");
    expect(home).toEqual({
      inPicture: "PICTURE",
      fetchpriority: "high",
      loading: null,
      size: ["600", "600"],
      sizes: "112px",
      ogImage: share,
      person: { "@type": "ImageObject", url: share, width: 600, height: 600 },
    });
    const mismatches: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && m.text().includes("hydration mismatch")) mismatches.push(m.text());
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const img = page.getByRole("img", { name: "Portrait of the site's owner" });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toBe(variantUrl(storage, avatar.id, 320, "webp"));
      await page.screenshot({ path: test.info().outputPath(`home-${width}.png`) });
    }
    expect(mismatches).toEqual([]);
  });
});
