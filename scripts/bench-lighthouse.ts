// npm run bench:lighthouse: the public pages as a visitor on a phone sees them. It builds
// (unless --skip-build), starts the local stack (scripts/lib/local-stack.ts: emulators with the
// demo seed, every app on its own origin, pages rendered by the renderer, compressed as Firebase
// Hosting serves them), runs Lighthouse with its mobile preset (simulated slow 4G and a 4x slower
// CPU) in Debian's Chromium on each page, and prints the performance score, FCP, LCP, TBT, CLS
// and the bytes transferred. Then it times the renderer: 200 requests each for a post and for
// `/` (p50 and p99 of the Server-Timing it reports, and of the whole request).
// Exit code 1 when a page misses the goal: performance >= 95, LCP <= 1.8 s, CLS <= 0.05,
// TBT <= 150 ms.
//   --skip-build   use the existing dist/ folders
//   --runs N       Lighthouse runs per page (the median by performance score is printed; default 1)
//   --requests N   renderer timing requests per page (default 200)
//   --json FILE    also write the figures as JSON
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { audit, launchLighthouseChrome } from "./lib/lighthouse-audit";
import type { LaunchedChrome } from "chrome-launcher";
import { build, kb, ms, postsNewestFirst, quantile, runBenchmark } from "./lib/command";
import { SITE_PATHS } from "shared-content/site-urls";

const GOAL = { score: 0.95, lcpMs: 1800, cls: 0.05, tbtMs: 150 };

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    runs: { type: "string", default: "1" },
    requests: { type: "string", default: "200" },
    json: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const requests = Math.max(1, Number(values.requests) || 200);

if (!values["skip-build"]) build();

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
    const pages = [
      { path: SITE_PATHS.home.getHref() },
      { path: SITE_PATHS.blogList.getHref() },
      { name: "a post", path: SITE_PATHS.post.getHref(slug) },
      { path: SITE_PATHS.quotes.getHref() },
      { path: SITE_PATHS.films.getHref() },
    ].map((page) => ({ name: page.path, ...page }));
    // A deployed renderer is warm: load each page's remotes once before measuring (the first
    // request of a fresh process also loads the remotes' server entries; see the cold figure).
    const coldStart = performance.now();
    await (await fetch(`${stack.siteUrl}${SITE_PATHS.post.getHref(slug)}`)).arrayBuffer();
    const coldMs = performance.now() - coldStart;
    for (const page of pages) for (let i = 0; i < 3; i += 1) await (await fetch(`${stack.siteUrl}${page.path}`)).arrayBuffer();
    chrome = await launchLighthouseChrome();
    const results = [];
    for (const page of pages) {
      const attempts = [];
      for (let i = 0; i < runs; i += 1) attempts.push(await audit(`${stack.siteUrl}${page.path}`, chrome.port));
      attempts.sort((a, b) => a.score - b.score);
      const median = attempts[Math.floor(attempts.length / 2)]!;
      const misses = [
        median.score < GOAL.score && `score ${Math.round(median.score * 100)} < ${GOAL.score * 100}`,
        median.lcpMs > GOAL.lcpMs && `LCP ${ms(median.lcpMs)} > ${ms(GOAL.lcpMs)}`,
        median.cls > GOAL.cls && `CLS ${median.cls.toFixed(3)} > ${GOAL.cls}`,
        median.tbtMs > GOAL.tbtMs && `TBT ${ms(median.tbtMs)} > ${ms(GOAL.tbtMs)}`,
        median.error && `error: ${median.error}`,
      ].filter((miss): miss is string => typeof miss === "string");
      if (misses.length) failed = true;
      results.push({ page: page.name, path: page.path, ...median, misses });
    }

    console.log("\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), demo seed");
    console.log("| page | performance | FCP | LCP | TBT | CLS | bytes | goal |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of results) {
      console.log(
        `| ${r.page} | ${Math.round(r.score * 100)} | ${ms(r.fcpMs)} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.cls.toFixed(3)} | ${kb(r.bytes)} | ${r.misses.length ? r.misses.join("; ") : "met"} |`,
      );
    }
    for (const r of results) if (r.misses.length && r.lcpElement) console.log(`  ${r.page}: LCP element ${r.lcpElement}`);

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

    if (values.json) await writeFile(values.json, `${JSON.stringify({ goal: GOAL, results, timing }, null, 2)}\n`);
    console.log(failed ? "\nSome pages miss the goal." : "\nEvery page meets the goal.");
  } finally {
    await chrome?.kill();
  }
  return { missed: failed };
});
