// The steps `npm start`, `npm run emulators` and the benchmarks share: building, a stack that runs
// until Ctrl-C, and a benchmark's scratch stack.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { ownerRead, startLocalStack, type LocalStack, type LocalStackOptions } from "./local-stack";
import { FREE_PORTS, repoRoot } from "dev-tools/stack-config";

/** Builds the workspaces (all, or `filters`) with turbo, which reuses unchanged outputs; exits when the build fails. */
export function build(filters: string[] = []): void {
  console.log(`Building ${filters.length ? filters.join(", ") : "every workspace"} (production; turbo reuses unchanged outputs)…`);
  const args = ["turbo", "run", "build", "--output-logs=errors-only", ...filters.map((f) => `--filter=${f}`)];
  const result = spawnSync("npx", args, { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; nothing was started.");
    process.exit(result.status ?? 1);
  }
}

/**
 * Starts a stack for a command that runs until stopped. Ctrl-C during start-up stops what has
 * started so far (after the step in progress); a failure is printed and ends the process, after
 * `onFailure`.
 */
export async function startStack(options: Omit<LocalStackOptions, "signal">, onFailure?: () => Promise<unknown>): Promise<LocalStack> {
  const startup = new AbortController();
  const abortStartup = () => startup.abort();
  process.once("SIGINT", abortStartup);
  process.once("SIGTERM", abortStartup);
  try {
    return await startLocalStack({ ...options, signal: startup.signal });
  } catch (error) {
    console.error(`Could not start the local stack: ${error instanceof Error ? error.message : error}`);
    await onFailure?.();
    process.exit(1);
  } finally {
    process.off("SIGINT", abortStartup);
    process.off("SIGTERM", abortStartup);
  }
}

/** Runs `stop` once on the first of `signals` (or a call of the returned function), then exits. */
export function stopOnSignals(stop: (reason: string) => Promise<unknown>, signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM"]) {
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping…`);
    await stop(reason);
    process.exit(0);
  };
  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return shutdown;
}

/** A stack that serves the sites. */
export type ServedStack = LocalStack & { siteUrl: string };

/**
 * A benchmark's run: a scratch stack serving the sites on free ports, with a temporary data
 * folder seeded with the demo content (`npm start`'s data is never touched; the sites are copies
 * of dist, so a concurrent rebuild cannot change files mid-run). `measure` prints the figures and
 * says whether a goal was missed; then the stack stops, the folder goes, and the process exits
 * with 1 when a goal was missed or the run failed.
 */
export async function runBenchmark(name: string, measure: (stack: ServedStack) => Promise<{ missed: boolean }>): Promise<never> {
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  let stack: LocalStack | undefined;
  let failed: boolean;
  try {
    stack = await startLocalStack({ serve: true, dataDir, ports: FREE_PORTS, log: () => {} });
    const { siteUrl } = stack;
    if (!siteUrl) throw new Error("The stack serves no site");
    failed = (await measure({ ...stack, siteUrl })).missed;
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/** A blog index entry as the benchmarks read it. */
export interface IndexEntry {
  title: string;
  publishedAt: number;
  tags?: string[];
}

/** The blog index, newest first, as [slug, entry]. */
export async function postsNewestFirst(databaseUrl: string): Promise<[string, IndexEntry][]> {
  const index: Record<string, IndexEntry> = (await ownerRead(databaseUrl, "blog/index")) ?? {};
  return Object.entries(index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
/** The q-quantile of ascending `sorted`. */
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * A browser context for a benchmark's pages. tsx compiles the scripts with esbuild's keepNames,
 * which wraps each named function in `__name(...)`: a function sent to the page (addInitScript,
 * evaluate) needs that helper there too.
 */
export async function newPageContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  return context;
}
