// npm run bench:media: what a photo costs, from the owner's upload to a visitor's phone. It
// builds (unless --skip-build), starts the local stack on scratch data (free ports; the Storage
// server included), signs in as the demo admin in Chromium, generates a 4000x3000 photo of about
// 5 MB in the page (noise over gradients and shapes, so it compresses like a photo), uploads it as
// a new post's cover through the admin's own control, and publishes the post. Then it prints:
// the time to prepare the variants in the browser and to upload them; the bytes of each variant;
// what a 390 px phone at DPR 3 downloads for the cover on the post's page (goal <= 150 KB, WebP);
// Lighthouse's mobile preset on that page (goal LCP <= 1.8 s, CLS <= 0.05); and the page's
// first-visit JS (gzip). Figures only: no goal fails the run.
//   --skip-build   use the existing dist/ folders
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { LaunchedChrome } from "chrome-launcher";
import { chromium, type Browser, type Page, type Response } from "playwright-core";
import { chromiumLaunchOptions } from "dev-tools/chromium";
import { audit, launchLighthouseChrome } from "./lib/lighthouse-audit";
import { build, kb, runBenchmark, newPageContext } from "./lib/command";
import { ownerRead } from "./lib/local-stack";
import { SITE_PATHS } from "shared-content/site-urls";

const GOAL = { coverBytes: 150 * 1024, lcpMs: 1800, cls: 0.05 };
const { values } = parseArgs({ options: { "skip-build": { type: "boolean", default: false } } });

if (!values["skip-build"]) build();

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A 4000 x 3000 JPEG of about 5 MB, made in the page: gradients, shapes and grain like a photo's. */
async function makePhoto(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const w = 4000;
    const h = 3000;
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext("2d")!;
    const sky = ctx.createLinearGradient(0, 0, 0, h);
    sky.addColorStop(0, "#2b4a6f");
    sky.addColorStop(0.55, "#e9b27a");
    sky.addColorStop(1, "#3b2f2a");
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, w, h);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 400; i += 1) {
      ctx.fillStyle = `hsla(${Math.floor(random() * 360)}, 45%, ${30 + Math.floor(random() * 40)}%, 0.35)`;
      ctx.beginPath();
      ctx.ellipse(random() * w, h * 0.4 + random() * h * 0.6, 20 + random() * 300, 10 + random() * 120, random() * 3, 0, 7);
      ctx.fill();
    }
    const image = ctx.getImageData(0, 0, w, h);
    for (let i = 0; i < image.data.length; i += 4) {
      const grain = (random() - 0.5) * 26;
      image.data[i]! += grain;
      image.data[i + 1]! += grain;
      image.data[i + 2]! += grain;
    }
    ctx.putImageData(image, 0, 0);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 })).arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
}

/** The JS a first visit downloads (gzip level 9 of each body, as bench:weight counts it). */
async function firstVisitJs(browser: Browser, url: string) {
  const context = await newPageContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type === "script" || /\.m?js$/.test(new URL(res.url()).pathname)) bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.locator("html[data-interactive]").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForTimeout(1500);
  const all = await Promise.all(bodies);
  await context.close();
  return { files: all.length, gzip: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) };
}

await runBenchmark("bench-media", async (stack) => {
  let browser: Browser | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    browser = await chromium.launch(chromiumLaunchOptions());
    const admin = await (await newPageContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    await admin.goto(`${stack.siteUrl}${SITE_PATHS.login.getHref(SITE_PATHS.adminSection.getHref("write-blog"))}`);
    await admin.getByLabel("Email").fill(stack.admin.email);
    await admin.getByLabel("Password").fill(stack.admin.password);
    await admin.getByRole("button", { name: "Sign in" }).click();
    await admin.getByRole("button", { name: "New post" }).click();
    const stamp = Date.now().toString(36);
    await admin.getByLabel("Title").fill(`A photo from the harbour ${stamp}`);
    await admin.getByLabel("Summary").fill("One large photo as the cover.");
    await admin.getByLabel("Tags").fill("photos");
    await admin.getByLabel("Body (markdown)").fill("The harbour at dusk, seen from the breakwater.\n\nMore words about it follow here.");

    const photo = Buffer.from(await makePhoto(admin), "base64");
    const started = performance.now();
    await admin.getByLabel("Upload cover image").setInputFiles({ name: "harbour.jpg", mimeType: "image/jpeg", buffer: photo });
    await admin.getByRole("button", { name: "Upload “harbour.jpg”" }).waitFor({ timeout: 120_000 });
    const preparedMs = performance.now() - started;
    await admin.getByLabel("Alt text for the cover image").fill("The harbour at dusk, boats along the quay");
    const uploadStarted = performance.now();
    await admin.getByRole("button", { name: "Upload “harbour.jpg”" }).click();
    await admin.getByRole("status").filter({ hasText: "Uploaded: “harbour.jpg”" }).waitFor({ timeout: 300_000 });
    const uploadMs = performance.now() - uploadStarted;
    await admin.getByRole("button", { name: "Publish" }).click();
    await admin.getByRole("status").filter({ hasText: "Published." }).waitFor({ timeout: 30_000 });
    const slug = `a-photo-from-the-harbour-${stamp}`;
    const post: { coverImage: { id: string } } = await ownerRead(stack.databaseUrl, `blog/posts/${slug}`);
    const id = post.coverImage.id;
    const record: { variants: Record<string, { webp: number; jpeg: number }> } = await ownerRead(stack.databaseUrl, `media/${id}`);

    // A phone: 390 CSS px at DPR 3, the post's page from an empty cache.
    const phone = await newPageContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
    const reader = await phone.newPage();
    const coverResponses: Response[] = [];
    reader.on("response", (res) => {
      if (decodeURIComponent(res.url()).includes(`media/${id}/`)) coverResponses.push(res);
    });
    const postUrl = `${stack.siteUrl}${SITE_PATHS.post.getHref(slug)}`;
    await reader.goto(postUrl, { waitUntil: "load" });
    await reader.waitForTimeout(1000);
    const downloads = await Promise.all(
      coverResponses.map(async (res) => ({ file: decodeURIComponent(new URL(res.url()).pathname).split("/").pop(), bytes: (await res.body()).length })),
    );
    await phone.close();

    chrome = await launchLighthouseChrome();
    // A warm renderer, as deployed.
    for (let i = 0; i < 3; i += 1) await (await fetch(postUrl)).arrayBuffer();
    const lighthouse = await audit(postUrl, chrome.port);
    const js = await firstVisitJs(browser, postUrl);

    console.log(`\nbench:media: a ${(photo.length / (1024 * 1024)).toFixed(1)} MB 4000x3000 JPEG as a post's cover (Chromium, this machine)`);
    console.log(`  prepared in the browser (decode, ${Object.keys(record.variants).length} widths x WebP + JPEG, placeholder, SHA-256): ${s(preparedMs)}`);
    console.log(`  uploaded (${Object.keys(record.variants).length * 2} variants, resumable, to the local Storage server) and recorded: ${s(uploadMs)}`);
    console.log("\n| width | WebP | JPEG |");
    console.log("|---|---|---|");
    let total = 0;
    for (const [width, bytes] of Object.entries(record.variants).sort(([a], [b]) => Number(a) - Number(b))) {
      console.log(`| ${width} | ${kb(bytes.webp)} | ${kb(bytes.jpeg)} |`);
      total += bytes.webp + bytes.jpeg;
    }
    console.log(`  stored in all: ${kb(total)} (the original was ${kb(photo.length)})`);
    const coverBytes = downloads.reduce((sum, d) => sum + d.bytes, 0);
    console.log(
      `\nA 390 px phone at DPR 3 downloads for the cover: ${kb(coverBytes)} (${downloads.map((d) => `${d.file} ${kb(d.bytes)}`).join(", ") || "nothing"}); goal <= ${kb(GOAL.coverBytes)} WebP: ${coverBytes <= GOAL.coverBytes && downloads.every((d) => d.file?.endsWith(".webp")) ? "met" : "missed"}`,
    );
    console.log(
      `Lighthouse mobile on the post: performance ${Math.round(lighthouse.score * 100)}, FCP ${Math.round(lighthouse.fcpMs)} ms, LCP ${Math.round(lighthouse.lcpMs)} ms (goal <= ${GOAL.lcpMs}: ${lighthouse.lcpMs <= GOAL.lcpMs ? "met" : "missed"}), TBT ${Math.round(lighthouse.tbtMs)} ms, CLS ${lighthouse.cls.toFixed(3)} (goal <= ${GOAL.cls}: ${lighthouse.cls <= GOAL.cls ? "met" : "missed"}), ${kb(lighthouse.bytes)} in all${lighthouse.error ? `; error: ${lighthouse.error}` : ""}`,
    );
    if (lighthouse.lcpElement) console.log(`  LCP element: ${lighthouse.lcpElement}`);
    console.log(`First-visit JS of the post page: ${kb(js.gzip)} gzip in ${js.files} files`);
  } finally {
    await chrome?.kill();
    await browser?.close();
  }
  // Figures only: no goal fails the run.
  return { missed: false };
});
