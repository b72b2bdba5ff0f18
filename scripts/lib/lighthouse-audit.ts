// Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) in Debian's Chromium: one page
// (`audit`, for bench:media), or several pages a few runs each with their medians and ranges
// (`auditPages`, for bench:lighthouse and bench:scale).
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEBIAN_CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from "dev-tools/chromium";
import { kb, ms } from "./command";

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

/** A URL without its origin (the stack's ports change from run to run). */
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

/**
 * Performance score, FCP, LCP, TBT, CLS, bytes and the LCP element of one page, and where its
 * main-thread time went: Lighthouse's breakdown by kind of work, the scripts that took it and
 * the long tasks (each with the URL it is attributed to; the page's own URL means inline work
 * while the document parses).
 */
export async function audit(url: string, port: number) {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
    { extends: "lighthouse:default", settings: { maxWaitForLoad: LIGHTHOUSE_MAX_WAIT_MS } },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const a = lhr.audits;
  // Lighthouse's types name only the outer kind of an audit's details.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const items = (id: string): any[] => (a[id]?.details as any)?.items ?? [];
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: a["first-contentful-paint"]?.numericValue ?? NaN,
    lcpMs: a["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: a["total-blocking-time"]?.numericValue ?? NaN,
    cls: a["cumulative-layout-shift"]?.numericValue ?? NaN,
    bytes: a["total-byte-weight"]?.numericValue ?? NaN,
    // The element's details are a table of tables.
    lcpElement: (items("largest-contentful-paint-element")[0]?.items?.[0]?.node?.snippet as string | undefined) ?? null,
    mainThread: Object.fromEntries(items("mainthread-work-breakdown").map((i) => [i.group as string, Math.round(i.duration)])) as Record<string, number>,
    scripts: items("bootup-time").map((i): { url: string; totalMs: number; scriptingMs: number } => ({
      url: shortUrl(i.url),
      totalMs: Math.round(i.total),
      scriptingMs: Math.round(i.scripting),
    })),
    longTasks: items("long-tasks").map((i): { url: string; startMs: number; durationMs: number } => ({
      url: shortUrl(i.url),
      startMs: Math.round(i.startTime),
      durationMs: Math.round(i.duration),
    })),
    warnings: lhr.runWarnings.filter((w) => !BOUNDED_WAIT_WARNING.test(w)),
    error: lhr.runtimeError?.message ?? null,
  };
}

/** The goal for the median of a page's runs, at the demo's size and at 100x. */
export const LIGHTHOUSE_GOAL = { score: 0.97, lcpMs: 1800, cls: 0.05, tbtMs: 150 };

/** The 1-minute load average: TBT grows with it, so every figure is printed beside it. */
const loadAverage = () => loadavg()[0]!.toFixed(2);

type LighthouseRun = Awaited<ReturnType<typeof audit>>;
interface Spread {
  median: number;
  min: number;
  max: number;
}
const METRICS = ["score", "fcpMs", "lcpMs", "tbtMs", "cls"] as const;
/** One page's figures over its runs. */
interface PageResult {
  page: string;
  path: string;
  load: { start: string; end: string };
  stats: Record<(typeof METRICS)[number], Spread>;
  bytes: number;
  /** The run whose TBT is the median one: where the time went. */
  typical: LighthouseRun;
  runs: LighthouseRun[];
  misses: string[];
}
/** Median and range of one metric over a page's runs. */
function spread(values: number[]): Spread {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
const range = ({ median, min, max }: Spread, format: (value: number) => string | number) =>
  min === max ? format(median) : `${format(median)} (${format(min)}-${format(max)})`;

/** One page's figures, printed as soon as its runs end (a long run shows progress). */
function printPage({ page, stats, typical, load: pageLoad, misses }: PageResult) {
  const { score, lcpMs, tbtMs, cls } = stats;
  console.log(
    `${page}: TBT ${range(tbtMs, ms)}, performance ${range(score, (v) => Math.round(v * 100))}, LCP ${range(lcpMs, ms)}, CLS ${range(cls, (v) => v.toFixed(3))}; load ${pageLoad.start}-${pageLoad.end}; ${misses.length ? misses.join("; ") : "goal met"}`,
  );
  const work = Object.entries(typical.mainThread).map(([group, t]) => `${group} ${t}`);
  console.log(`  main thread of the median-TBT run (ms): ${work.join(", ")}`);
  console.log(`  by script (total/scripting ms): ${typical.scripts.map((s) => `${s.url} ${s.totalMs}/${s.scriptingMs}`).join(", ")}`);
  console.log(`  long tasks (start+duration ms): ${typical.longTasks.map((t) => `${t.url} ${t.startMs}+${t.durationMs}`).join(", ") || "none"}`);
  for (const warning of new Set(typical.warnings)) console.log(`  Lighthouse warns: ${warning}`);
}

/**
 * Lighthouse `runs` times on each page in one Chromium (launched and closed here), printing each
 * run and then each page's median, range and main-thread breakdown as they end, and finally the
 * table of every page (`title` heads it). Resolves with the pages' figures and the load average
 * at the start and end.
 */
export async function auditPages(siteUrl: string, pages: { name: string; path: string }[], runs: number, title: string) {
  const chrome = await launchLighthouseChrome();
  try {
    const loadAtStart = loadAverage();
    console.log(`\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), ${title}, ${runs} run(s) per page; load average ${loadAtStart}`);
    const results: PageResult[] = [];
    for (const page of pages) {
      const pageLoad = loadAverage();
      const attempts: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await audit(`${siteUrl}${page.path}`, chrome.port);
        attempts.push(run);
        console.log(
          `  ${page.name} run ${i + 1}/${runs}: performance ${Math.round(run.score * 100)}, TBT ${ms(run.tbtMs)}, LCP ${ms(run.lcpMs)}, CLS ${run.cls.toFixed(3)} (load ${loadAverage()})`,
        );
      }
      const stats = Object.fromEntries(METRICS.map((key) => [key, spread(attempts.map((run) => run[key]))])) as PageResult["stats"];
      const byTbt = [...attempts].sort((x, y) => x.tbtMs - y.tbtMs);
      const typical = byTbt[Math.floor((byTbt.length - 1) / 2)]!;
      const goal = LIGHTHOUSE_GOAL;
      const misses = [
        stats.score.median < goal.score && `performance ${Math.round(stats.score.median * 100)} < ${goal.score * 100}`,
        stats.lcpMs.median > goal.lcpMs && `LCP ${ms(stats.lcpMs.median)} > ${ms(goal.lcpMs)}`,
        stats.cls.median > goal.cls && `CLS ${stats.cls.median.toFixed(3)} > ${goal.cls}`,
        stats.tbtMs.median > goal.tbtMs && `TBT ${ms(stats.tbtMs.median)} > ${ms(goal.tbtMs)}`,
        ...new Set(attempts.map((run) => run.error && `error: ${run.error}`)),
      ].filter((miss): miss is string => typeof miss === "string");
      const result: PageResult = {
        page: page.name,
        path: page.path,
        load: { start: pageLoad, end: loadAverage() },
        stats,
        bytes: typical.bytes,
        typical,
        runs: attempts,
        misses,
      };
      results.push(result);
      printPage(result);
    }
    const loadAtEnd = loadAverage();
    console.log(`\nLighthouse, ${title}, ${runs} run(s) per page: median (min-max); load average ${loadAtStart} at the start, ${loadAtEnd} at the end`);
    console.log("| page | performance | FCP | LCP | TBT | CLS | bytes | load | goal |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const r of results) {
      const { score, fcpMs, lcpMs, tbtMs, cls } = r.stats;
      const pct = (v: number) => Math.round(v * 100);
      console.log(
        `| ${r.page} | ${range(score, pct)} | ${range(fcpMs, ms)} | ${range(lcpMs, ms)} | ${range(tbtMs, ms)} | ${range(cls, (v) => v.toFixed(3))} | ${kb(r.bytes)} | ${r.load.start}-${r.load.end} | ${r.misses.length ? r.misses.join("; ") : "met"} |`,
      );
    }
    for (const r of results) if (r.misses.length && r.typical.lcpElement) console.log(`  ${r.page}: LCP element ${r.typical.lcpElement}`);
    return { results, load: { start: loadAtStart, end: loadAtEnd }, missed: results.some((r) => r.misses.length > 0) };
  } finally {
    await chrome.kill();
  }
}
