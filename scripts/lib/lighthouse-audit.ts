// Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) in Debian's Chromium: one page
// (`audit`, for bench:media), or several pages a few runs each with their medians and ranges,
// each beside the same run's baselines and with the host's facts (`auditPages`, for
// bench:lighthouse and bench:scale).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEBIAN_CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from "dev-tools/chromium";
import { kb, ms } from "./command";
import { startBaselineServer } from "./lighthouse-baselines";

const chromePath = existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
const CHROME_FLAGS = ["--headless=new", ...OFFLINE_CHROMIUM_FLAGS, "--disable-default-apps", "--disable-extensions"];

/**
 * How long Lighthouse records a page. A public page keeps its live stream (a fetch of the
 * database's REST streaming API on the change marker, one per tab) open, and it never finishes.
 * Lighthouse waits for "at most 2 requests in flight and no high-priority one" before it stops
 * recording, so every run sat out its 45 s default and warned "The page loaded too slowly".
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
    domElements: a["dom-size"]?.numericValue ?? NaN,
    /** Lighthouse's rating of this host's CPU (its 4x slowdown is calibrated for 1,000-2,500 or so). */
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    warnings: lhr.runWarnings.filter((w) => !BOUNDED_WAIT_WARNING.test(w)),
    error: lhr.runtimeError?.message ?? null,
  };
}

/** The goal for the median of a page's runs, at the demo's size and at 100x. */
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
const METRICS = ["score", "fcpMs", "lcpMs", "tbtMs", "cls", "mainThreadMs", "benchmarkIndex"] as const;
type Metric = (typeof METRICS)[number];
/** One page's (or one baseline's) figures over its runs. */
interface PageResult {
  page: string;
  path: string;
  load: { start: string; end: string };
  stats: Record<Metric, Spread>;
  bytes: number;
  /** The run whose TBT is the median one: where the time went. */
  typical: LighthouseRun;
  runs: (LighthouseRun & { mainThreadMs: number })[];
  misses: string[];
}
/** A page's figures beside the same run's baselines (see lighthouse-baselines.ts). */
interface ComparedPage extends PageResult {
  baselines: { noScripts: PageResult; react: PageResult } | null;
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
const totalMainThread = (run: LighthouseRun) => Object.values(run.mainThread).reduce((sum, t) => sum + t, 0);

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

/** Lighthouse `runs` times on one URL; the goal is checked for the site's own pages only. */
async function auditRuns(port: number, name: string, url: string, runs: number, checkGoal: boolean): Promise<PageResult> {
  const pageLoad = loadAverage();
  const attempts: PageResult["runs"] = [];
  for (let i = 0; i < runs; i += 1) {
    const run = await audit(url, port);
    attempts.push({ ...run, mainThreadMs: totalMainThread(run) });
    console.log(
      `  ${name} run ${i + 1}/${runs}: performance ${Math.round(run.score * 100)}, TBT ${ms(run.tbtMs)}, LCP ${ms(run.lcpMs)}, CLS ${run.cls.toFixed(3)} (load ${loadAverage()}, benchmarkIndex ${Math.round(run.benchmarkIndex)})`,
    );
  }
  const stats = Object.fromEntries(METRICS.map((key) => [key, spread(attempts.map((run) => run[key]))])) as PageResult["stats"];
  const byTbt = [...attempts].sort((x, y) => x.tbtMs - y.tbtMs);
  const typical = byTbt[Math.floor((byTbt.length - 1) / 2)]!;
  const goal = LIGHTHOUSE_GOAL;
  const misses = !checkGoal
    ? []
    : [
        stats.score.median < goal.score && `performance ${Math.round(stats.score.median * 100)} < ${goal.score * 100}`,
        stats.lcpMs.median > goal.lcpMs && `LCP ${ms(stats.lcpMs.median)} > ${ms(goal.lcpMs)}`,
        stats.cls.median > goal.cls && `CLS ${stats.cls.median.toFixed(3)} > ${goal.cls}`,
        stats.tbtMs.median > goal.tbtMs && `TBT ${ms(stats.tbtMs.median)} > ${ms(goal.tbtMs)}`,
        ...new Set(attempts.map((run) => run.error && `error: ${run.error}`)),
      ].filter((miss): miss is string => typeof miss === "string");
  return { page: name, path: url, load: { start: pageLoad, end: loadAverage() }, stats, bytes: typical.bytes, typical, runs: attempts, misses };
}

/** Where the figures were taken: without these, a figure from one host says nothing on another. */
function hostFacts(results: PageResult[]) {
  const processors = cpus();
  const chromium = spawnSync(chromePath ?? "chromium", ["--version"], { encoding: "utf8" }).stdout?.trim() || "unknown Chromium";
  const indexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex));
  return {
    cpu: `${processors[0]?.model.trim() ?? "unknown CPU"} × ${processors.length}`,
    chromium,
    lighthouse: results[0]?.typical.lighthouseVersion ?? "unknown",
    benchmarkIndex: spread(indexes.length ? indexes : [NaN]),
  };
}

function printTable(title: string, runs: number, results: ComparedPage[], load: { start: string; end: string }) {
  const host = hostFacts(results);
  console.log(`\nLighthouse, ${title}, ${runs} run(s) per page: median (min-max); load average ${load.start} at the start, ${load.end} at the end`);
  console.log(
    `Host: ${host.cpu}; ${host.chromium}; Lighthouse ${host.lighthouse}; benchmarkIndex ${range(host.benchmarkIndex, Math.round)} (the 4x CPU slowdown is calibrated for a desktop of about 1,000-2,500)`,
  );
  console.log("| page | performance | FCP | LCP | TBT | CLS | main thread | bytes | load | goal |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const pct = (v: number) => Math.round(v * 100);
  for (const r of results) {
    const { score, fcpMs, lcpMs, tbtMs, cls, mainThreadMs } = r.stats;
    console.log(
      `| ${r.page} | ${range(score, pct)} | ${range(fcpMs, ms)} | ${range(lcpMs, ms)} | ${range(tbtMs, ms)} | ${range(cls, (v) => v.toFixed(3))} | ${ms(mainThreadMs.median)} | ${kb(r.bytes)} | ${r.load.start}-${r.load.end} | ${r.misses.length ? r.misses.join("; ") : "met"} |`,
    );
  }
  if (results.some((r) => r.baselines)) {
    console.log("\nThe same run's baselines (medians): the page beside its own HTML without scripts, and beside a bare React 19 hydration of as many elements");
    console.log("| page | TBT / main thread | no scripts: TBT / main thread | bare React (elements): TBT / main thread | page ÷ bare React, main thread |");
    console.log("|---|---|---|---|---|");
    for (const r of results) {
      if (!r.baselines) continue;
      const { noScripts, react } = r.baselines;
      const pair = (p: PageResult) => `${ms(p.stats.tbtMs.median)} / ${ms(p.stats.mainThreadMs.median)}`;
      const ratio = r.stats.mainThreadMs.median / react.stats.mainThreadMs.median;
      console.log(`| ${r.page} | ${pair(r)} | ${pair(noScripts)} | ${pair(react)} (${Math.round(r.typical.domElements)}) | ${ratio.toFixed(2)} |`);
    }
  }
  for (const r of results) if (r.misses.length && r.typical.lcpElement) console.log(`  ${r.page}: LCP element ${r.typical.lcpElement}`);
  return host;
}

/**
 * Lighthouse `runs` times on each page in one Chromium (launched and closed here), each page
 * followed by its two baselines in the same run (unless `baselines` is false), printing each run
 * and each page's median, range and main-thread breakdown as they end, and finally the table of
 * every page with the host's facts (`title` heads it). Resolves with the pages' figures, the host
 * facts and the load average at the start and end.
 */
export async function auditPages(siteUrl: string, pages: { name: string; path: string }[], runs: number, title: string, { baselines = true } = {}) {
  const chrome = await launchLighthouseChrome();
  const baselineServer = baselines ? await startBaselineServer(siteUrl) : null;
  try {
    const loadAtStart = loadAverage();
    console.log(`\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), ${title}, ${runs} run(s) per page; load average ${loadAtStart}`);
    const results: ComparedPage[] = [];
    for (const page of pages) {
      const result = await auditRuns(chrome.port, page.name, `${siteUrl}${page.path}`, runs, true);
      printPage(result);
      let compared: ComparedPage["baselines"] = null;
      if (baselineServer) {
        const elements = Math.round(result.typical.domElements);
        const noScripts = await auditRuns(chrome.port, `${page.name} without scripts`, baselineServer.noScriptsUrl(page.path), runs, false);
        const react = await auditRuns(chrome.port, `bare React, ${elements} elements`, baselineServer.reactUrl(elements), runs, false);
        compared = { noScripts, react };
      }
      results.push({ ...result, baselines: compared });
    }
    const load = { start: loadAtStart, end: loadAverage() };
    const host = printTable(title, runs, results, load);
    return { results, host, load, missed: results.some((r) => r.misses.length > 0) };
  } finally {
    await baselineServer?.close();
    await chrome.kill();
  }
}
