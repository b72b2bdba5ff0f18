// npm run trace:page -- /path [/other|post]: where a phone's main thread goes on a public page, task
// by task. It starts a scratch stack (as the benchmarks do), loads each page in Debian's Chromium
// with an empty cache, records a trace for 8 s, and prints every main-thread task that Lighthouse's
// mobile preset would count as blocking: its start, its length, and what it spent its time on
// (script compile and evaluation by file, function calls by file, garbage collection, style and
// layout, HTML parsing), so that a long task is named, not guessed; with --profile, also the
// functions that took the most time. Lighthouse's preset does not slow the browser: it measures
// at full speed and multiplies each task by 4 (simulated throttling), so a task counts when it
// runs 12.5 ms or more here, and blocks for 4 x its length - 50 ms. The page is not touched while
// it loads (Playwright's selectors would inject a script of their own into it).
//   --skip-build   use the existing dist/ folders
//   --runs N       loads per page (default 1); each prints its own tasks
//   --profile      also sample the CPU and print the 25 functions with the most own time
//   --cpu          a task's length is its CPU time, not its wall time (on a busy machine the wall
//                  time counts the waits for a core too); its parts stay in wall time
//   --compile      also record V8's parse and compile steps (they show as "other: V8.ParseFunction"...)
// The trace records what Lighthouse's own trace records (its categories): what a trace records
// can change the work itself (a stack on each timeline event, for one), so the tasks here are the
// ones Lighthouse times.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import Trace from "lighthouse/core/gather/gatherers/trace.js";
import { chromiumLaunchOptions } from "dev-tools/chromium";
import { build, postsNewestFirst, runBenchmark } from "./lib/command";
import { firstContentfulPaint, longTasks, topFunctions, type TraceEvent } from "./lib/trace-tasks";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "skip-build": { type: "boolean", default: false },
    runs: { type: "string", default: "1" },
    profile: { type: "boolean", default: false },
    cpu: { type: "boolean", default: false },
    compile: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
/** Lighthouse's mobile preset multiplies each task by this; a task blocks past 50 ms of that. */
const SLOWDOWN = 4;
const threshold = 50 / SLOWDOWN;
if (!values["skip-build"]) build();

const CATEGORIES = [...Trace.getDefaultTraceCategories(), ...(values.compile ? ["disabled-by-default-v8.compile"] : [])];

await runBenchmark("trace-page", async (stack) => {
  const [slug] = (await postsNewestFirst(stack.databaseUrl))[0] ?? ["no-post"];
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const wanted of positionals.length ? positionals : ["/"]) {
      const path = wanted === "post" ? `/blogs/${slug}` : wanted;
      await (await fetch(`${stack.siteUrl}${path}`)).arrayBuffer(); // a warm renderer
      for (let run = 1; run <= runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        if (values.profile) {
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
          await cdp.send("Profiler.start");
        }
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(`${stack.siteUrl}${path}`, { waitUntil: "commit" });
        await new Promise((resolve) => setTimeout(resolve, 8000));
        const profile = values.profile ? (await cdp.send("Profiler.stop")).profile : undefined;
        const raw = await browser.stopTracing();
        if (process.env.TRACE_OUT) await writeFile(`${process.env.TRACE_OUT}-${run}.json`, raw);
        const trace = JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] };
        await context.close();
        const tasks = longTasks(trace.traceEvents, stack.siteUrl, threshold, values.cpu);
        const fcp = firstContentfulPaint(trace.traceEvents, stack.siteUrl) ?? 0;
        const blocking = tasks.filter((task) => task.start >= fcp).reduce((sum, task) => sum + Math.max(0, SLOWDOWN * task.duration - 50), 0);
        console.log(
          `\n${path}, run ${run}: first contentful paint at ${Math.round(fcp)} ms; ${tasks.length} task(s) of ${threshold} ms or more; at 4x, those after it block ${Math.round(blocking)} ms`,
        );
        for (const task of tasks) {
          const parts = task.parts.map(([what, time]) => `${what} ${time.toFixed(1)}`).join(", ");
          console.log(`  at ${Math.round(task.start)} ms, ${task.duration.toFixed(1)} ms: ${parts}`);
          if (profile) {
            const top = topFunctions(profile, stack.siteUrl, 6, [task.ts, task.ts + task.duration * 1000]);
            console.log(`      ${top.map(([name, time]) => `${name} ${time.toFixed(1)}`).join("; ")}`);
          }
        }
        if (profile) {
          console.log("  functions with the most own time (ms):");
          for (const [name, time] of topFunctions(profile, stack.siteUrl, 25)) console.log(`    ${time.toFixed(1)}  ${name}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return { missed: false };
});
