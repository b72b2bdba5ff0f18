// npm run bench:weight: what a first visit to each public page downloads and how soon its main
// content shows. It builds (unless --skip-build), serves the production build with the local
// stack (scripts/lib/local-stack.ts: emulators, demo seed, every app on its own origin, free
// ports), opens each page in a fresh Chromium context (empty cache) and prints the gzip size of
// the JS and CSS it fetched, the number of requests, and the time until the main content was
// visible. Exit code 1 when a page is over the budget (150 KB JS, 20 KB CSS, gzip).
//   --skip-build   use the existing dist/ folders
//   --runs N       timing runs per page (median is printed; default 3)
//   --json FILE    also write the figures as JSON
//   --files        also list every JS/CSS file of each page with its gzip size
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { chromiumLaunchOptions } from "dev-tools/chromium";
import { brotliCompressSync } from "node:zlib";
import { chromium, type Browser, type Request } from "playwright-core";
import { build, kb, postsNewestFirst, runBenchmark, newPageContext } from "./lib/command";
import { FIRST_VISIT_BUDGET, assetKindOf, gzipSize } from "./lib/first-visit-weight";
import { ownerWrite } from "./lib/local-stack";
import { SITE_PATHS } from "shared-content/site-urls";

// The marks the pages' init scripts leave for the measurements.
declare global {
  interface Window {
    __interactiveAt?: number;
    __mainVisibleAt?: number;
  }
}

// JS: the visitors' budget (docs/benchmarks.md). Every public page met 144.0 KB or less on 2026-11-26, once the shell became
// a federation host through the runtime's API (docs/benchmarks.md). npm test holds the same budget (first-visit-weight.ts).
const BUDGET = FIRST_VISIT_BUDGET;

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    json: { type: "string" },
    files: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);

if (!values["skip-build"]) build();

// The main content of each page: the first element that shows its data (not a skeleton).
const pagesFor = (postSlug: string, seriesSlug: string) =>
  [
    { path: SITE_PATHS.home.getHref(), main: '[data-section="experience"] article, [data-section="about"][data-status="ready"] h1' },
    { path: SITE_PATHS.blogList.getHref(), main: "[data-remote] article h2 a" },
    { name: SITE_PATHS.post.path, path: SITE_PATHS.post.getHref(postSlug), main: "[data-remote] article h1" },
    { path: SITE_PATHS.quotes.getHref(), main: "[data-remote] figure blockquote" },
    { path: SITE_PATHS.films.getHref(), main: "[data-remote] article h2" },
    { name: SITE_PATHS.series.path, path: SITE_PATHS.series.getHref(seriesSlug), main: "[data-remote] [data-series] h1" },
  ].map((page) => ({ name: page.path, ...page }));

await runBenchmark("bench-weight", async (stack) => {
  let browser: Browser | undefined;
  try {
    const posts = await postsNewestFirst(stack.databaseUrl);
    const [slug] = posts[0] ?? ["no-post"];
    // The demo content has no series: make one of the two newest posts (the record the post editor
    // writes beside the list index), so the series page shows its parts.
    const series = { slug: "bench-series", title: "Bench series" };
    for (const [i, [postSlug, entry]] of posts.slice(0, 2).entries())
      await ownerWrite(stack.databaseUrl, `blog/series/${series.slug}/${postSlug}`, { seriesTitle: series.title, title: entry.title, part: i + 1 });
    const pages = pagesFor(slug, series.slug);

    browser = await chromium.launch(chromiumLaunchOptions());
    const results: PageResult[] = [];
    for (const p of pages) {
      const weight = await measureWeight(browser, `${stack.siteUrl}${p.path}`, p.main);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push((await measureWeight(browser, `${stack.siteUrl}${p.path}`, p.main, true)).visibleMs);
      times.sort((a, b) => a - b);
      results.push({ page: p.name, path: p.path, ...weight, visibleMs: times[Math.floor(times.length / 2)]!, visibleRuns: times });
    }
    print(results);
    if (values.files) {
      for (const r of results) {
        console.log(`\n${r.page}`);
        for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, (o) => o.replace(/127\.0\.0\.1/, ""))}`);
      }
    }
    if (values.json) await writeFile(values.json, `${JSON.stringify({ budget: BUDGET, results }, null, 2)}\n`);
    const over = results.filter((r) => r.jsGzip > BUDGET.js || r.cssGzip > BUDGET.css);
    if (over.length) console.log(`\nOver budget: ${over.map((r) => r.page).join(", ")}`);
    return { missed: over.length > 0 };
  } finally {
    await browser?.close();
  }
});

/**
 * One first visit (fresh context = empty cache). Records every response body (gzip-compressed
 * here, as a CDN would send it: the local static server sends files uncompressed) and the
 * time from navigation start until `selector` is visible.
 */
async function measureWeight(browser: Browser, url: string, selector: string, timingOnly = false) {
  const context = await newPageContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((sel: string) => {
    const check = () => {
      const el = document.querySelector(sel);
      if (el) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) {
          window.__mainVisibleAt = performance.now();
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, selector);
  const pending: Promise<void>[] = [];
  const seen = {
    requests: 0,
    js: 0,
    css: 0,
    jsGzip: 0,
    cssGzip: 0,
    jsBrotli: 0,
    cssBrotli: 0,
    jsFiles: 0,
    cssFiles: 0,
    failed: 0,
    websockets: 0,
    jsGzipShell: 0,
    files: [] as { url: string; gzip: number }[],
  };
  // Requests in flight, but not the database's event streams: they stay open for the page's
  // lifetime, so Playwright's "networkidle" never comes on a public page.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (req: Request) => {
    if (inFlight.delete(req)) lastChange = Date.now();
  };
  page.on("request", (req) => {
    if (!req.url().startsWith("data:")) seen.requests += 1;
    if ((req.headers().accept ?? "").includes("text/event-stream")) return;
    inFlight.add(req);
    lastChange = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("websocket", () => {
    seen.websockets += 1;
  });
  page.on("requestfailed", (req) => {
    seen.failed += 1;
    settle(req);
  });
  if (!timingOnly) {
    page.on("response", (res) => {
      const kind = assetKindOf(res.request().resourceType(), res.url());
      if (!kind) return;
      pending.push(
        res
          .body()
          .then((body) => {
            seen[kind] += body.length;
            const gz = gzipSize(body);
            seen[`${kind}Gzip`] += gz;
            if (kind === "js" && new URL(res.url()).origin === new URL(url).origin) seen.jsGzipShell += gz;
            seen[`${kind}Brotli`] += brotliCompressSync(body).length;
            seen[`${kind}Files`] += 1;
            seen.files.push({ url: res.url(), gzip: gz });
          })
          .catch(() => {}),
      );
    });
  }
  await page.goto(url);
  await page.waitForFunction(() => window.__mainVisibleAt !== undefined, null, { timeout: 30_000 });
  const visibleMs = Math.round(await page.evaluate(() => window.__mainVisibleAt ?? NaN));
  // The server-rendered HTML shows the main content before any script has run: wait until the
  // app and every remote slot have hydrated (shell/src/ssr/interactive.ts), so the remote's
  // screen code is counted whatever the timing.
  await page.locator("html[data-interactive]").waitFor({ state: "attached", timeout: 30_000 });
  // Let lazy chunks requested right after first render arrive too (quiet for 500 ms, at most 15 s).
  for (const start = Date.now(); Date.now() - start < 15_000; ) {
    if (inFlight.size === 0 && Date.now() - lastChange >= 500) break;
    await page.waitForTimeout(100);
  }
  await Promise.all(pending);
  await context.close();
  return { ...seen, visibleMs };
}

/** One page's figures: its first visit's weight and the median time its main content took. */
type PageResult = { page: string; path: string; visibleRuns: number[] } & Awaited<ReturnType<typeof measureWeight>>;

function print(results: PageResult[]) {
  const rows = [["page", "JS gzip (files)", "of which shell", "CSS gzip (files)", "JS+CSS brotli", "requests", "main content visible", "budget"]];
  for (const r of results) {
    const ok = r.jsGzip <= BUDGET.js && r.cssGzip <= BUDGET.css;
    rows.push([
      r.page,
      `${kb(r.jsGzip)} (${r.jsFiles})`,
      kb(r.jsGzipShell),
      `${kb(r.cssGzip)} (${r.cssFiles})`,
      kb(r.jsBrotli + r.cssBrotli),
      `${r.requests}${r.websockets ? ` + ${r.websockets} ws` : ""}${r.failed ? ` (${r.failed} failed)` : ""}`,
      `${r.visibleMs} ms (median of ${r.visibleRuns.length})`,
      ok ? "ok" : "OVER",
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log("");
  console.log(`First visit, empty cache, Chromium 1280x900, local stack. Budget per page: JS ${kb(BUDGET.js)}, CSS ${kb(BUDGET.css)} (gzip -9).`);
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => cell.padEnd(widths[j]!)).join("  "));
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  console.log("Requests: every HTTP request of the visit (config, manifests, chunks, images, the database REST streams), plus any websocket.");
  console.log("Failed requests are images on other hosts, which this offline machine cannot reach.");
}
