// npm run bench:lighthouse: the public pages as a visitor on a phone sees them. It builds
// (unless --skip-build), starts the local stack (scripts/lib/local-stack.ts: emulators with the
// demo seed, every app on its own origin, pages rendered by the renderer, compressed as Firebase
// Hosting serves them), runs Lighthouse with its mobile preset (simulated slow 4G and a 4x slower
// CPU) in Debian's Chromium several times on each page, and prints each page as it finishes: the
// median and the range (min-max) of performance, FCP, LCP, TBT and CLS, the bytes, and where the
// main thread's time went in the median run (by kind of work, by script, the long tasks). Then it
// times the renderer: 200 requests each for a post and for `/` (p50 and p99 of the
// Server-Timing it reports, and of the whole request). TBT grows with the machine's load: the
// load average (1 min) is printed at the start and end of each page and of the whole run.
// Exit code 1 when a page's median misses the goal: performance >= 97, LCP <= 1.8 s,
// CLS <= 0.05, TBT <= 150 ms (issue 33).
//   --skip-build   use the existing dist/ folders
//   --runs N       Lighthouse runs per page (default 5)
//   --pages LIST   only these pages, by path, comma-separated (`/,/favorite-quotes`; `post` = the newest post)
//   --requests N   renderer timing requests per page (default 200)
//   --json FILE    also write the figures as JSON (every run)
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { LaunchedChrome } from "chrome-launcher";
import { build, kb, ms, postsNewestFirst, quantile, runBenchmark } from "./lib/command";
import { audit, launchLighthouseChrome } from "./lib/lighthouse-audit";
import { SITE_PATHS } from "shared-content/site-urls";

const GOAL = { score: 0.97, lcpMs: 1800, cls: 0.05, tbtMs: 150 };

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    pages: { type: "string" },
    requests: { type: "string", default: "200" },
    json: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs) || 5);
const requests = Math.max(1, Number(values.requests) || 200);

if (!values["skip-build"]) build();

/** The 1-minute load average: TBT grows with it, so every figure is printed beside it. */
const load = () => loadavg()[0]!.toFixed(2);
/** Median and range of one metric over a page's runs. */
function spread(values: number[]): Spread {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
interface Spread {
  median: number;
  min: number;
  max: number;
}
type Run = Awaited<ReturnType<typeof audit>>;
const METRICS = ["score", "fcpMs", "lcpMs", "tbtMs", "cls"] as const;
/** One page's figures over its runs. */
interface PageResult {
  page: string;
  path: string;
  load: { start: string; end: string };
  stats: Record<(typeof METRICS)[number], Spread>;
  bytes: number;
  typical: Run;
  runs: Run[];
  misses: string[];
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

async function timeRenderer(url: string) {
  const server: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { "accept-encoding": "br" } });
    await response.arrayBuffer();
    wall.push(performance.now() - started);
    const dur = /render;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
    if (dur) server.push(Number(dur[1]));
  }
  server.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  return { p50: quantile(server, 0.5), p99: quantile(server, 0.99), wallP50: quantile(wall, 0.5), wallP99: quantile(wall, 0.99) };
}

await runBenchmark("bench-lighthouse", async (stack) => {
  let chrome: LaunchedChrome | undefined;
  let failed = false;
  try {
    const [slug] = (await postsNewestFirst(stack.databaseUrl))[0] ?? ["no-post"];
    const allPages = [
      { path: SITE_PATHS.home.getHref() },
      { path: SITE_PATHS.blogList.getHref() },
      { name: "a post", key: "post", path: SITE_PATHS.post.getHref(slug) },
      { path: SITE_PATHS.quotes.getHref() },
      { path: SITE_PATHS.films.getHref() },
    ].map((page) => ({ name: page.path, key: page.path, ...page }));
    const wanted = values.pages?.split(",").map((p) => p.trim());
    const pages = wanted ? allPages.filter((page) => wanted.includes(page.key) || wanted.includes(page.path)) : allPages;
    if (pages.length === 0) throw new Error(`--pages ${values.pages}: none of ${allPages.map((page) => page.key).join(" ")}`);
    // A deployed renderer is warm: load each page's remotes once before measuring (the first
    // request of a fresh process also loads the remotes' server entries; see the cold figure).
    const coldStart = performance.now();
    await (await fetch(`${stack.siteUrl}${SITE_PATHS.post.getHref(slug)}`)).arrayBuffer();
    const coldMs = performance.now() - coldStart;
    for (const page of pages) for (let i = 0; i < 3; i += 1) await (await fetch(`${stack.siteUrl}${page.path}`)).arrayBuffer();
    chrome = await launchLighthouseChrome();
    const loadAtStart = load();
    console.log(`Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), demo seed, ${runs} run(s) per page; load average ${loadAtStart}`);
    const results: PageResult[] = [];
    for (const page of pages) {
      const pageLoad = load();
      const attempts: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await audit(`${stack.siteUrl}${page.path}`, chrome.port);
        attempts.push(run);
        console.log(
          `  ${page.name} run ${i + 1}/${runs}: performance ${Math.round(run.score * 100)}, TBT ${ms(run.tbtMs)}, LCP ${ms(run.lcpMs)}, CLS ${run.cls.toFixed(3)} (load ${load()})`,
        );
      }
      const stats = Object.fromEntries(METRICS.map((key) => [key, spread(attempts.map((run) => run[key]))])) as PageResult["stats"];
      // Where the time went: the run whose TBT is the median one.
      const byTbt = [...attempts].sort((x, y) => x.tbtMs - y.tbtMs);
      const typical = byTbt[Math.floor((byTbt.length - 1) / 2)]!;
      const misses = [
        stats.score.median < GOAL.score && `performance ${Math.round(stats.score.median * 100)} < ${GOAL.score * 100}`,
        stats.lcpMs.median > GOAL.lcpMs && `LCP ${ms(stats.lcpMs.median)} > ${ms(GOAL.lcpMs)}`,
        stats.cls.median > GOAL.cls && `CLS ${stats.cls.median.toFixed(3)} > ${GOAL.cls}`,
        stats.tbtMs.median > GOAL.tbtMs && `TBT ${ms(stats.tbtMs.median)} > ${ms(GOAL.tbtMs)}`,
        ...new Set(attempts.map((run) => run.error && `error: ${run.error}`)),
      ].filter((miss): miss is string => typeof miss === "string");
      if (misses.length) failed = true;
      const result: PageResult = {
        page: page.name,
        path: page.path,
        load: { start: pageLoad, end: load() },
        stats,
        bytes: typical.bytes,
        typical,
        runs: attempts,
        misses,
      };
      results.push(result);
      printPage(result);
    }
    const loadAtEnd = load();

    console.log(`\nLighthouse, ${runs} run(s) per page: median (min-max); load average ${loadAtStart} at the start, ${loadAtEnd} at the end`);
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

    const timing: Record<string, Awaited<ReturnType<typeof timeRenderer>>> = {};
    for (const [name, path] of [
      ["a post", SITE_PATHS.post.getHref(slug)],
      ["/", SITE_PATHS.home.getHref()],
    ] as const)
      timing[name] = await timeRenderer(`${stack.siteUrl}${path}`);
    console.log(`\nRenderer: first request of a fresh process (loads the remotes' server entries): ${ms(coldMs)}`);
    console.log(`Renderer, ${requests} sequential requests per page (render = the Server-Timing it reports; request = the whole round trip on loopback)`);
    console.log("| page | render p50 | render p99 | request p50 | request p99 |");
    console.log("|---|---|---|---|---|");
    for (const [name, t] of Object.entries(timing))
      console.log(`| ${name} | ${t.p50.toFixed(1)} ms | ${t.p99.toFixed(1)} ms | ${t.wallP50.toFixed(1)} ms | ${t.wallP99.toFixed(1)} ms |`);

    if (values.json)
      await writeFile(values.json, `${JSON.stringify({ goal: GOAL, load: { start: loadAtStart, end: loadAtEnd }, results, timing }, null, 2)}\n`);
    console.log(failed ? "\nSome pages miss the goal." : "\nEvery page meets the goal.");
  } finally {
    await chrome?.kill();
  }
  return { missed: failed };
});
