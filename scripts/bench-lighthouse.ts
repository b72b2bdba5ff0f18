// npm run bench:lighthouse: the public pages as a visitor on a phone sees them. It builds
// (unless --skip-build), starts the local stack (scripts/lib/local-stack.ts: emulators with the
// demo seed, every app on its own origin, pages rendered by the renderer, compressed as Firebase
// Hosting serves them), runs Lighthouse with its mobile preset (simulated slow 4G and a 4x slower
// CPU) in Debian's Chromium several times on each page, and prints each page as it finishes: the
// median and the range (min-max) of performance, FCP, LCP, TBT and CLS, the bytes, and where the
// main thread's time went in the median run (by kind of work, by script, the long tasks), each page
// beside two baselines measured in the same run (its HTML without scripts, a bare React hydration
// of as many elements; scripts/lib/lighthouse-baselines.ts) and the host's facts (CPU, Chromium,
// Lighthouse, Lighthouse's benchmarkIndex), so that figures from two hosts compare. Then it
// times the renderer: 200 requests each for a post and for `/` (p50 and p99 of the
// Server-Timing it reports, and of the whole request). TBT grows with the machine's load: the
// load average (1 min) is printed at the start and end of each page and of the whole run.
// Exit code 1 when a page's median misses the goal: performance >= 97, LCP <= 1.8 s,
// CLS <= 0.05, TBT <= 150 ms: a phone's main thread free within the budget docs/benchmarks.md sets.
//   --skip-build   use the existing dist/ folders
//   --runs N       Lighthouse runs per page (default 5)
//   --pages LIST   only these pages, by path, comma-separated (`/,/favorite-quotes`; `post` = the newest post)
//   --requests N   renderer timing requests per page (default 200)
//   --json FILE    also write the figures as JSON (every run)
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { build, ms, postsNewestFirst, quantile, runBenchmark } from "./lib/command";
import { LIGHTHOUSE_GOAL, auditPages } from "./lib/lighthouse-audit";
import { SITE_PATHS } from "shared-content/site-urls";

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
  const lighthouse = await auditPages(stack.siteUrl, pages, runs, "demo seed");

  const timing: Record<string, Awaited<ReturnType<typeof timeRenderer>>> = {};
  for (const [name, path] of [
    ["a post", SITE_PATHS.post.getHref(slug)],
    ["/", SITE_PATHS.home.getHref()],
  ] as const)
    timing[name] = await timeRenderer(`${stack.siteUrl}${path}`);
  console.log(`\nRenderer: first request of a fresh process (loads the remotes' server entries): ${ms(coldMs)}`);
  console.log(
    `Renderer, ${requests} sequential requests per page (render = the Server-Timing it reports; request = the whole round trip on loopback); ${lighthouse.host.cpu}, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log("| page | render p50 | render p99 | request p50 | request p99 |");
  console.log("|---|---|---|---|---|");
  for (const [name, t] of Object.entries(timing))
    console.log(`| ${name} | ${t.p50.toFixed(1)} ms | ${t.p99.toFixed(1)} ms | ${t.wallP50.toFixed(1)} ms | ${t.wallP99.toFixed(1)} ms |`);

  if (values.json) await writeFile(values.json, `${JSON.stringify({ goal: LIGHTHOUSE_GOAL, ...lighthouse, timing }, null, 2)}\n`);
  console.log(lighthouse.missed ? "\nSome pages miss the goal." : "\nEvery page meets the goal.");
  return { missed: lighthouse.missed };
});
