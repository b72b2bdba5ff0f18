// Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) on one page, in Debian's
// Chromium: the figures bench:lighthouse and bench:media print.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEBIAN_CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from "./chromium.mjs";

const chromePath = existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
const CHROME_FLAGS = ["--headless=new", ...OFFLINE_CHROMIUM_FLAGS, "--disable-default-apps", "--disable-extensions"];

/**
 * How long Lighthouse records a page. A public page keeps one live stream (a fetch of the
 * database's REST streaming API) open per section it shows: up to 6 on `/`, and they never
 * finish. Lighthouse waits for "at most 2 requests in flight and no high-priority one" before it
 * stops recording, so every run sat out its 45 s default and warned "The page loaded too slowly".
 * Hydration ends within about 4 s of the navigation on the slowed CPU (long tasks, even at load
 * 10), so 12 s records all of it; the metrics are simulated from that trace either way.
 */
export const LIGHTHOUSE_MAX_WAIT_MS = 12_000;
/** The warning Lighthouse adds whenever it stops at that bound (expected, see above). */
const BOUNDED_WAIT_WARNING = /loaded too slowly to finish within the time limit/;

/** A headless Chromium for Lighthouse to drive (kill() it when done). */
export const launchLighthouseChrome = () => chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

/** Pages' own URLs are long hashed chunk names: keep the path, and the share's package for federation chunks. */
const shortUrl = (url) =>
  url
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/^\/assets\/_virtual_mf.*__loadShare__(.+?)__loadShare__.*$/, "share $1")
    .replace(/_mf_2_/g, "/")
    .replace(/_mf_1_/g, "-");

/**
 * Performance score, FCP, LCP, TBT, CLS, bytes and the LCP element of one page, and where its
 * main-thread time went: Lighthouse's breakdown by kind of work, the scripts that took it and
 * the long tasks (each with the URL it is attributed to; the page's own URL means inline work
 * while the document parses).
 */
export async function audit(url, port) {
  const { lhr } = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
    { extends: "lighthouse:default", settings: { maxWaitForLoad: LIGHTHOUSE_MAX_WAIT_MS } },
  );
  const a = lhr.audits;
  /** @type {(id: string) => any[]} Lighthouse's types name only the outer kind of an audit's details. */
  const items = (id) => /** @type {any} */ (a[id]?.details)?.items ?? [];
  return {
    score: lhr.categories.performance.score ?? 0,
    fcpMs: a["first-contentful-paint"].numericValue,
    lcpMs: a["largest-contentful-paint"].numericValue,
    tbtMs: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    bytes: a["total-byte-weight"].numericValue,
    // The element's details are a table of tables.
    lcpElement: items("largest-contentful-paint-element")[0]?.items?.[0]?.node?.snippet ?? null,
    mainThread: Object.fromEntries(items("mainthread-work-breakdown").map((i) => [i.group, Math.round(i.duration)])),
    scripts: items("bootup-time").map((i) => ({ url: shortUrl(i.url), totalMs: Math.round(i.total), scriptingMs: Math.round(i.scripting) })),
    longTasks: items("long-tasks").map((i) => ({ url: shortUrl(i.url), startMs: Math.round(i.startTime), durationMs: Math.round(i.duration) })),
    warnings: lhr.runWarnings.filter((w) => !BOUNDED_WAIT_WARNING.test(w)),
    error: lhr.runtimeError?.message ?? null,
  };
}
