// The first-visit budget, as a size check on the production build: each public page, opened with
// an empty cache, downloads at most 150 KB of JS (gzip -9), counted as `npm run bench:weight`
// counts it (scripts/lib/first-visit-weight.ts), without its timings. An upgrade or a change that
// makes every visitor download more fails here, not only in the benchmark nobody runs.
import type { Browser, Request } from "@playwright/test";
import { FIRST_VISIT_BUDGET, assetKindOf, gzipSize } from "scripts/first-visit-weight";
import { SITE_PATHS } from "shared-content/site-urls";
import { SITE_URL, db, expect, keepContent, test } from "../fixtures";

keepContent("blog/series");

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JS and CSS one first visit of `path` downloads, gzip, once the page is interactive and its lazy chunks have arrived. */
async function firstVisit(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const sizes = { js: 0, css: 0 };
    const bodies: Promise<void>[] = [];
    // Only scripts and stylesheets in flight hold the count open: pictures on other hosts, which
    // this offline machine cannot reach, would only make the test wait.
    const inFlight = new Set<Request>();
    let lastChange = Date.now();
    const isAsset = (request: Request) => assetKindOf(request.resourceType(), request.url()) !== null;
    const settle = (request: Request) => void (inFlight.delete(request) && (lastChange = Date.now()));
    page.on("request", (request) => void (isAsset(request) && inFlight.add(request) && (lastChange = Date.now())));
    page.on("requestfinished", settle);
    page.on("requestfailed", settle);
    page.on("response", (response) => {
      const kind = assetKindOf(response.request().resourceType(), response.url());
      if (kind)
        bodies.push(
          response
            .body()
            .then((body) => void (sizes[kind] += gzipSize(body)))
            .catch(() => {}),
        );
    });
    // Not "load": that also waits for pictures, which the count leaves out.
    await page.goto(`${SITE_URL}${path}`, { waitUntil: "domcontentloaded" });
    await page.locator("html[data-interactive]").waitFor({ state: "attached", timeout: 30_000 });
    // Lazy chunks requested right after the first render count too: wait for 500 ms without one.
    await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, { timeout: 15_000, intervals: [100] }).toBe(true);
    await Promise.all(bodies);
    return sizes;
  } finally {
    await context.close();
  }
}

test("every public page's first visit stays within the JS and CSS budget", async ({ browser }) => {
  test.setTimeout(120_000);
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, { title: string; publishedAt: number }>;
  const posts = Object.entries(index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt);
  expect(posts.length, "the demo content has posts").toBeGreaterThan(1);
  // The demo content has no series: the two newest posts become one, as the benchmark does.
  const series = { slug: "weight-series", title: "Weight series" };
  for (const [i, [slug, post]] of posts.slice(0, 2).entries())
    await db.set(`blog/series/${series.slug}/${slug}`, { seriesTitle: series.title, title: post.title, part: i + 1 });

  const paths = [
    SITE_PATHS.home.getHref(),
    SITE_PATHS.blogList.getHref(),
    SITE_PATHS.post.getHref(posts[0]![0]),
    SITE_PATHS.quotes.getHref(),
    SITE_PATHS.films.getHref(),
    SITE_PATHS.series.getHref(series.slug),
  ];
  const weights: { path: string; js: number; css: number }[] = [];
  for (const path of paths) weights.push({ path, ...(await firstVisit(browser, path)) });
  console.log(weights.map((w) => `${w.path}: JS ${kb(w.js)}, CSS ${kb(w.css)}`).join("\n"));

  for (const w of weights) expect(w.js, `${w.path}: no JS counted`).toBeGreaterThan(0);
  const over = weights.filter((w) => w.js > FIRST_VISIT_BUDGET.js || w.css > FIRST_VISIT_BUDGET.css);
  expect(
    over.map((w) => `${w.path}: JS ${kb(w.js)}, CSS ${kb(w.css)}`),
    `over the budget (JS ${kb(FIRST_VISIT_BUDGET.js)}, CSS ${kb(FIRST_VISIT_BUDGET.css)} gzip)`,
  ).toEqual([]);
});
