// The checks a remote's candidate build passes before it goes live (npm run release), against
// the live site: its shell's contract (host-contract.json: shared versions and exports, the
// screens it loads), then the candidate rendered inside the live site: the renderer (this
// repository's build) and the live shell's files, with the live config repointed at the
// candidate for this one harness, on the server and in headless Chromium. Nothing the live site
// serves changes while it runs.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { HOST_CONTRACT_FILE, manifestVerdict, type HostContract } from "federation-contract";
import type { RuntimeConfig } from "runtime-config";
import { fixedAddress } from "shared-content/site-urls";
import { chromiumLaunchOptions } from "dev-tools/chromium";
import { startStaticServer, staticFileHandler } from "dev-tools/static-server";

/** What every check resolves with: the problems (none when it passed) and the pages it rendered. */
export interface CheckResult {
  ok: boolean;
  problems: string[];
  pages: string[];
}

const reason = (error: unknown) => {
  const e = error as { cause?: { code?: string }; message?: string } | null;
  return e?.cause?.code ?? e?.message ?? String(error);
};

async function fetchJson<T>(url: string, what: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new Error(`${what} could not be read from ${url}: ${reason(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`${what} could not be read from ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** One URL per server-rendered route of `remote`: fixed paths as they are, parameters from the live sitemap. */
export function samplePaths(remote: string, routes: NonNullable<HostContract["routes"]>, sitemapPaths: string[]): string[] {
  const out: string[] = [];
  // A fixed path of any route ("/blogs/list") is not a sample of a pattern ("/blogs/:id").
  const fixedPaths = routes.map((r) => r.path).filter((p) => !p.includes(":"));
  for (const route of routes.filter((r) => r.remote === remote)) {
    const fixed = fixedAddress(route.path);
    if (fixed) {
      out.push(fixed);
      continue;
    }
    const pattern = new RegExp(`^${route.path.replace(/\/:[^/]+\?/g, "").replace(/:[^/]+/g, "[^/]+")}$`);
    const match = sitemapPaths.find((p) => pattern.test(p) && !fixedPaths.includes(p));
    if (match) out.push(match);
  }
  return out;
}

/**
 * The live site with one remote swapped for the candidate, on a loopback port of its own: the
 * shell's files from `shellDir`, its config (the live one, the candidate's manifest URL in place
 * of the remote's), and every page from this repository's renderer.
 */
async function startHarness({ shellDir, config, log }: { shellDir: string; config: RuntimeConfig; log: (line: string) => void }) {
  // The renderer's built bundle (its `./server` export), loaded only when a check runs.
  const { createRenderer } = await import("renderer/server").catch((error: unknown) => {
    throw new Error(`the renderer is not built (${reason(error)}): run \`npm run build\` first`, { cause: error });
  });
  let renderer: ReturnType<typeof createRenderer> | null = null;
  const shellFiles = staticFileHandler({ root: shellDir, name: "release harness", notFound: (req, res) => renderer!.handle(req, res) });
  const server = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== "/config.json") return void shellFiles(req, res);
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify(config));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", () => done(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  config.site = { ...config.site, url };
  renderer = createRenderer({ shellDir, configUrl: `${url}/config.json`, log });
  return { url, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/**
 * Every check of the candidate in `buildDir` for `remote` against the site at `siteUrl` (whose
 * shell files are `shellDir`).
 */
export async function checkCandidate({
  remote,
  buildDir,
  siteUrl,
  shellDir,
  browser = true,
  liveConfig: given,
  log = () => {},
}: {
  remote: string;
  buildDir: string;
  siteUrl: string;
  shellDir: string;
  browser?: boolean;
  /** The live site's runtime config with its release state (release-state.ts' withServedReleases). */
  liveConfig?: RuntimeConfig;
  log?: (line: string) => void;
}): Promise<CheckResult> {
  const hostContract = await fetchJson<HostContract>(`${siteUrl}/${HOST_CONTRACT_FILE}`, "The live site's contract");
  const manifest = await readFile(join(buildDir, "mf-manifest.json"), "utf8")
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
  // A candidate must show what it needs: an unreadable manifest is refused.
  const verdict = manifestVerdict(remote, manifest, hostContract, { unreadable: "refuse" });
  if (verdict) return { ok: false, problems: [verdict], pages: [] };
  log("contract: every screen exposed, every shared version and import provided by the live shell");

  // The live remotes are the release state's (given by the caller), else what the site's config.json names.
  const liveConfig = given ?? (await fetchJson<RuntimeConfig>(`${siteUrl}/config.json`, "The live site's config"));
  const sitemap = await fetch(`${siteUrl}/sitemap.xml`)
    .then((r) => (r.ok ? r.text() : ""))
    .catch(() => "");
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pages = samplePaths(remote, hostContract.routes ?? [], sitemapPaths);
  const problems: string[] = [];
  const candidate = await startStaticServer({ root: buildDir, name: `${remote} candidate` });
  const rendererLog: string[] = [];
  const harness = await startHarness({
    shellDir,
    config: { ...liveConfig, remotes: { ...liveConfig.remotes, [remote]: `${candidate.url}/mf-manifest.json` } },
    log: (line) => rendererLog.push(line),
  });
  try {
    for (const path of pages) {
      const response = await fetch(`${harness.url}${path}`);
      const html = await response.text();
      const data = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
      const failed = data ? (JSON.parse(data) as { failedSlots: string[] }).failedSlots.filter((s) => s.startsWith(`${remote}/`)) : [];
      if (response.status >= 500 || failed.length > 0)
        problems.push(`${remote}: ${path} did not render on the server (HTTP ${response.status}${failed.length ? `, ${failed.join(", ")} fell back` : ""})`);
    }
    if (problems.length === 0) log(`server: ${pages.join(", ") || "(no public routes)"} rendered`);
    if (browser && problems.length === 0 && pages.length > 0) {
      problems.push(...(await checkInBrowser(remote, harness.url, pages)));
      if (problems.length === 0) log(`browser: ${pages.join(", ")} hydrated in Chromium with no error`);
    }
  } finally {
    await harness.close();
    await candidate.close();
  }
  for (const line of rendererLog) if (line.includes(remote)) problems.push(line);
  return { ok: problems.length === 0, problems, pages };
}

async function checkInBrowser(remote: string, base: string, pages: string[]): Promise<string[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(chromiumLaunchOptions());
  const problems: string[] = [];
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of pages) {
      errors.length = 0;
      await page.goto(`${base}${path}`);
      const interactive = await page
        .waitForSelector("html[data-interactive]", { timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
      const fallbacks = await page.locator(`[data-remote="${remote}"] [data-remote-fallback]`).count();
      if (!interactive || fallbacks > 0 || errors.length > 0)
        problems.push(
          `${remote}: ${path} in Chromium: ${[!interactive && "never became interactive", fallbacks > 0 && "shows its fallback", ...errors].filter(Boolean).join("; ")}`,
        );
    }
  } finally {
    await browser.close();
  }
  return problems;
}
