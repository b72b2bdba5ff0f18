// The renderer's HTTP handler (Node req/res: Cloud Functions, or the local server in server.ts).
// Public pages are rendered from the shell and the remotes' server entries with the current
// content; the feed and the sitemap are generated (robots.txt is a static file of the shell:
// Cloud Functions answer that path with a 404 before any function runs); the signed-in area and the sign-in
// page get the shell's template and render in the browser. Responses are compressed here, since
// Hosting passes a function's response through as it is.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { JSDOM } from "jsdom";
import { parseRuntimeConfig, type RuntimeConfig } from "shared-auth";
import {
  PREVIEW_LINK_ENDPOINT,
  RELEASES_HEADER,
  RELEASE_REPORT_PATH,
  REPORT_LIMITS,
  formatReleases,
  withServedReleases,
  type ServedReleases,
} from "federation-contract";
import { LIMITS, redirectFor } from "shared-content";
import { createServerRenderStore, mediaStorageOf, normaliseTag } from "shared-content/server";
import { CLIENT_ONLY, LAYOUT_READS, PUBLIC_ROUTES, matchPublicRoute, pageDataScript, parseSlotKey, renderPage } from "shell/server";
import { contentSecurityPolicy, originOf, remoteOrigins } from "./csp";
import { buildDocument, escapeHtml, prepareTemplate } from "./document";
import { canaryCandidates } from "./canaries";
import { createCandidateRemotes, createServerRemotes } from "./federation";
import { FEED_POSTS, feedBodies, publishedPosts, publishedSeries, rssXml, siteName, sitemapXml, taggedPosts } from "./feeds";
import { shellAssets } from "./shell-assets";
import { createHealthDatabase, healthDatabaseUrl, type FollowReleases } from "./release-health-database";
import { clientOf, countReport, createRateLimiter, parseReport, readBody, type HealthDatabase } from "./release-reports";
import { answerPreviewLinkRequest } from "./preview-link-request";
import { selectReleases, type ReleaseSelection } from "./release-selection";
import { RETRY_AFTER_SECONDS, whyIncomplete } from "./status-policy";
import { createRemoteStylesheets, readShellStyles } from "./stylesheets";

/**
 * On every response of the renderer (pages, the admin template, feeds): no page of the site may
 * be shown in another site's frame (clickjacking of the signed-in admin panel), no content-type
 * guessing, and no full URLs in the Referer sent to other sites. firebase.json sends the same
 * on the shell's static files. The site's documents (pages and the admin's template) replace
 * this Content-Security-Policy with the whole policy of csp.ts.
 */
export const SECURITY_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

/**
 * How long shared caches (the CDN) may keep a response (`fresh`), then serve it stale while they
 * fetch a fresh copy in the background (`stale`). A rendered page opens live streams that correct
 * it within a second of hydration, so it may be served stale for a day: on a site visited a few
 * times a day most visits then get a cached copy instead of waiting for a cold renderer, and at
 * worst a reader without scripts (a crawler) gets a copy `fresh + stale` old. What nothing
 * corrects keeps a short window: the feed and the sitemap (read by programs), and a not-found
 * page (a post published after someone asked for its address must not stay a 404 for a day).
 */
export const CACHE_SECONDS = {
  page: { fresh: 60, stale: 86_400 },
  uncorrected: { fresh: 30, stale: 60 },
} as const;

/**
 * A page that renders a remote under a canary depends on the visitor's cohort (their `__session`
 * cookie), whichever release it got: no shared cache may keep it. Firebase Hosting's CDN also keys
 * on `__session` when a request carries it, and on the headers `Vary` names (docs/architecture.md,
 * "Releases": canaries and caching).
 */
export const COHORT_CACHE = { "Cache-Control": "private, no-cache", Vary: "Accept-Encoding, Cookie" } as const;

/** The Cache-Control of a cacheable response of one of `CACHE_SECONDS`' kinds. */
export function publicCache(kind: keyof typeof CACHE_SECONDS): string {
  const { fresh, stale } = CACHE_SECONDS[kind];
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;
}

export interface RendererOptions {
  /** Folder with the shell's built app.html, .vite/manifest.json and the stylesheets it names. */
  shellDir: string;
  /**
   * Where the runtime config is read (RUNTIME_CONFIG_URL). Required: the config names the remotes
   * whose server code this process runs and the site's public URL, so it must never come from a
   * host a request names.
   */
  configUrl: string;
  /** How long the config and the remotes' manifests are reused before they are read again. */
  maxAgeMs?: number;
  /** One deadline for all of a page's reads, counted from the request's arrival. */
  readDeadlineMs?: number;
  /**
   * PREVIEW_SECRET: what shareable preview links are signed with (federation-contract/preview-token).
   * Without it every link is refused and pages render the live releases.
   */
  previewSecret?: string | null;
  log?: (line: string) => void;
}

type Send = (status: number, type: string, body: string, headers?: Record<string, string | string[]>) => void;

/** Longer request targets are refused before anything else is done with them. */
export const MAX_URL_LENGTH = 2048;

const HTML = "text/html; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const NOT_CACHED_RETRY = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };

/** The shell's build on disk: its template, its entry's files and its stylesheets' text. */
function readShellBuild(shellDir: string) {
  const template = prepareTemplate(readFileSync(join(shellDir, "app.html"), "utf8"));
  const shell = shellAssets(JSON.parse(readFileSync(join(shellDir, ".vite", "manifest.json"), "utf8")));
  return { template, shell, shellStyles: readShellStyles(shellDir, shell.css) };
}

/** The runtime config, read from `url` and reused for `maxAgeMs`; a failed read is not kept (the next request reads again). */
function configReader(url: string, maxAgeMs: number): () => Promise<RuntimeConfig> {
  let cached: { at: number; config: Promise<RuntimeConfig> } | null = null;
  return () => {
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.config;
    const config = fetch(url, { signal: AbortSignal.timeout(3000) }).then(async (r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return parseRuntimeConfig(await r.json());
    });
    const entry = { at: Date.now(), config };
    cached = entry;
    config.catch(() => {
      if (cached === entry) cached = null;
    });
    return config;
  };
}

/**
 * The page's stylesheets inlined, so the first paint waits for no other request (on a phone, a
 * stylesheet from another origin costs a new connection). The shell's come from its build on
 * disk; a remote's only from the origins of the remotes' manifest URLs in the config. One that
 * cannot be read stays a link; one from any other host is left out.
 */
function pageStylesheets(shellStyles: ReadonlyMap<string, string>, log: (line: string) => void) {
  const remoteStyles = createRemoteStylesheets();
  return async (remoteCss: string[], config: RuntimeConfig): Promise<{ inline: { href: string; css: string }[]; links: string[] }> => {
    const allowed = new Set(remoteOrigins(config));
    const fromRemotes = await Promise.all(remoteCss.map((href) => remoteStyles.get(href, allowed)));
    const inline = [...shellStyles].map(([href, css]) => ({ href, css }));
    const links: string[] = [];
    remoteCss.forEach((href, i) => {
      const css = fromRemotes[i];
      if (css != null) inline.push({ href, css });
      else if (allowed.has(originOf(href) ?? "")) links.push(href);
      else log(`[renderer] left out a stylesheet outside the remotes' origins: ${href}`);
    });
    return { inline, links };
  };
}

/** Writes one whole response: compressed as the client accepts, with the security headers and the time it took. */
function responder(req: IncomingMessage, res: ServerResponse): Send {
  const started = performance.now();
  return (status, type, body, headers = {}) => {
    const compressed = compress(body, String(req.headers["accept-encoding"] ?? ""));
    res.writeHead(status, {
      "Content-Type": type,
      // What a response depends on besides its URL: only the encoding it was compressed with.
      // Nothing is taken from Host or X-Forwarded-*, so caches need not key on them.
      Vary: "Accept-Encoding",
      ...SECURITY_HEADERS,
      "Server-Timing": `render;dur=${(performance.now() - started).toFixed(1)}`,
      ...(compressed.encoding ? { "Content-Encoding": compressed.encoding } : {}),
      "Content-Length": String(compressed.body.length),
      ...headers,
    });
    res.end(req.method === "HEAD" ? undefined : compressed.body);
  };
}

/** Runs `work` with one deadline for all of its reads; ending it also closes what is still open. */
async function withReadDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const reads = new AbortController();
  const deadline = setTimeout(() => reads.abort(new Error(`the page's reads took over ${ms} ms`)), ms);
  try {
    return await work(reads.signal);
  } finally {
    clearTimeout(deadline);
    reads.abort(); // a read started for the page that nothing waited for
  }
}

/** One request as the renderer answers it: what was asked, under which config, and how to answer. */
interface PageRequest {
  path: string;
  search: string;
  config: RuntimeConfig;
  /** The site's own URL (config.site.url): every absolute link is made from it. */
  base: string;
  /** Aborted at the read deadline. */
  signal: AbortSignal;
  send: Send;
}

/**
 * /sitemap.xml and /feed.xml (`?tag=x`: that tag's feed), generated from the published posts;
 * 503 when the database cannot be read. `window` is the DOM the feed's post bodies are sanitised in.
 */
async function sendFeed({ path, search, config, base, signal, send }: PageRequest, window: Window, log: (line: string) => void) {
  try {
    if (path === "/sitemap.xml") {
      const [posts, series] = await Promise.all([publishedPosts(config, { signal }), publishedSeries(config, { signal })]);
      return send(200, "application/xml; charset=utf-8", sitemapXml(base, posts, series), { "Cache-Control": publicCache("uncorrected") });
    }
    const asked = new URLSearchParams(search).get("tag");
    const tag = asked === null ? undefined : normaliseTag(asked);
    if (tag !== undefined && (tag.length < LIMITS.label.min || tag.length > LIMITS.label.max))
      return send(400, TEXT, `A tag is ${LIMITS.label.min} to ${LIMITS.label.max} characters long.`, { "Cache-Control": "no-store" });
    const [posts, name] = await Promise.all([
      tag === undefined ? publishedPosts(config, { newest: FEED_POSTS, signal }) : taggedPosts(config, tag, signal),
      siteName(config, signal),
    ]);
    const media = mediaStorageOf(config);
    const bodies = await feedBodies(config, base, posts, window, media, signal);
    return send(200, "application/rss+xml; charset=utf-8", rssXml(base, posts, name, { tag, bodies, media }), { "Cache-Control": publicCache("uncorrected") });
  } catch (error) {
    log(`[renderer] ${path}: ${String(error)}`);
    return send(503, TEXT, "The database cannot be reached right now. Try again in a moment.", NOT_CACHED_RETRY);
  }
}

/** A rendered page's caching: 503 is never cached and says when to retry; a page other than 200 (a 404) keeps the short window. */
function pageHeaders(status: number, config: RuntimeConfig, inlineScripts: string[]): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(config, inlineScripts),
    ...(status === 503 ? NOT_CACHED_RETRY : { "Cache-Control": publicCache(status === 200 ? "page" : "uncorrected") }),
  };
}

/** The canaries' candidates' manifests (remote -> URL), for the candidates' federation instance. */
const candidateEntries = (canaries: Record<string, { entry: string }>): Record<string, string> =>
  Object.fromEntries(Object.entries(canaries).map(([remote, c]) => [remote, c.entry]));

/** Names the release of each remote the page was rendered with, so a response can be traced to them. */
function releasesHeader(releases: Record<string, string>): Record<string, string> {
  return Object.keys(releases).length > 0 ? { [RELEASES_HEADER]: formatReleases(releases) } : {};
}

export function createRenderer(options: RendererOptions) {
  if (!options.configUrl) throw new Error("renderer: RUNTIME_CONFIG_URL is not set (the runtime config's URL; it is never taken from a request)");
  const { template, shell, shellStyles } = readShellBuild(options.shellDir);
  const maxAgeMs = options.maxAgeMs ?? 2000;
  const readDeadlineMs = options.readDeadlineMs ?? 5000;
  const log = options.log ?? ((line: string) => console.log(line));
  const remotes = createServerRemotes({ maxAgeMs, warm: PUBLIC_ROUTES, log });
  // The candidates (a canary's), each in a federation instance of its own: a remote's live build
  // and its candidate are prepared side by side, and each request takes each remote from one.
  const candidates = createCandidateRemotes({ maxAgeMs, warm: PUBLIC_ROUTES, log });
  /** The live builds, with every running canary's candidate prepared beside them. */
  const withCanaries = (config: RuntimeConfig, canaries: Record<string, { entry: string }>) =>
    candidates.forRequest(remotes, config.remotes, { ...config.remotes, ...candidateEntries(canaries) });
  // The release state (live releases, canaries, revoked previews) and the release counts
  // (release-reports.ts), in the database named by the config: opened on first use, once the
  // config is known, and followed with listeners from then on.
  let health: (HealthDatabase & { follow: FollowReleases }) | null = null;
  let served: ServedReleases | null = null;
  let firstState: Promise<void> | null = null;
  const healthOf = (config: RuntimeConfig): HealthDatabase | null => {
    try {
      if (!health) {
        const db = createHealthDatabase(healthDatabaseUrl(config));
        health = db;
        firstState = new Promise<void>((arrived) => db.follow((state) => ((served = state), arrived())));
      }
    } catch (error) {
      log(`[renderer] the release state's database cannot be opened: ${String(error)}`);
    }
    return health;
  };
  const staticConfig = configReader(options.configUrl, maxAgeMs);
  /** config.json's settings with the release state; the first call waits for the state (at most 1.5 s). */
  const currentConfig = async (): Promise<RuntimeConfig> => {
    const config = await staticConfig();
    healthOf(config);
    if (!served && firstState) await Promise.race([firstState, new Promise((done) => setTimeout(done, 1500).unref())]);
    return served ? withServedReleases(config, served) : config;
  };
  const canariesOf = (config: RuntimeConfig) => config.canaries ?? {};
  const reportLimiter = createRateLimiter();
  const previewSecret = options.previewSecret ?? null;
  const pageStyles = pageStylesheets(shellStyles, log);
  // DOMPurify needs a DOM on the server; one window serves every render.
  const window = new JSDOM("").window as unknown as Window;

  // Prepared once per instance, before the first request needs it, and kept fresh in the
  // background: the config and every remote's server entry (a release is picked up without a
  // request waiting for it; federation.ts).
  const prepare = () =>
    currentConfig()
      .then(async (config) => {
        await withCanaries(config, canariesOf(config)).sync(config.remotes);
      })
      .catch((error: unknown) => log(`[renderer] preparing the remotes failed: ${String(error)}`));
  const ready = prepare();
  setInterval(prepare, maxAgeMs).unref();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = responder(req, res);
    const refuse = (status: 400 | 405, text: string, headers: Record<string, string> = {}) =>
      send(status, TEXT, text, { "Cache-Control": "no-store", ...headers });
    const target = parseTarget(req.url);
    if (target?.path === RELEASE_REPORT_PATH) return receiveReport(req, send);
    if (req.method === "POST" && target?.path === PREVIEW_LINK_ENDPOINT) return previewLink(req, send);
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(405, "Method not allowed", { Allow: "GET, HEAD" });
    if (!target) return refuse(400, "Bad request");
    const { path, search } = target;

    let config: RuntimeConfig;
    try {
      config = await currentConfig();
    } catch (error) {
      log(`[renderer] runtime config unavailable: ${String(error)}`);
      return send(503, HTML, unavailablePage("The site's configuration could not be loaded."), NOT_CACHED_RETRY);
    }
    if (!config.site) {
      log(`[renderer] ${options.configUrl} has no site.url: refusing to make links from a host a request names`);
      return send(500, HTML, unavailablePage("The site is not configured."), { "Cache-Control": "no-store" });
    }
    const base = config.site.url;

    await withReadDeadline(readDeadlineMs, async (signal) => {
      const request: PageRequest = { path, search, config, base, signal, send };
      if (path === "/sitemap.xml" || path === "/feed.xml") return sendFeed(request, window, log);
      // Which release of each remote this visitor gets: a preview link or its cookie, the
      // visitor's cohort of each canary, else the live one (release-selection.ts).
      const canaries = canariesOf(config);
      const selection = selectReleases({
        cookieHeader: req.headers.cookie,
        path,
        search,
        live: config.remotes,
        secret: previewSecret,
        revokedBefore: config.previewsRevokedBefore,
        canaries: canaryCandidates(canaries),
        now: Date.now(),
        secure: base.startsWith("https:"),
      });
      const cookies: Record<string, string[]> = selection.setCookie.length > 0 ? { "Set-Cookie": selection.setCookie } : {};
      if (selection.redirect) return send(302, TEXT, `Moved to ${selection.redirect}`, { Location: selection.redirect, ...selection.headers, ...cookies });
      const redirect = redirectFor(path);
      if (redirect) return send(301, TEXT, `Moved to ${redirect}`, { Location: redirect + search, "Cache-Control": publicCache("page") });
      if (CLIENT_ONLY.test(path))
        return send(200, HTML, template.raw, {
          "Cache-Control": "no-cache",
          "Content-Security-Policy": contentSecurityPolicy(config, template.inlineScripts),
          ...cookies,
        });
      return renderResponse(request, selection, canaries);
    });
  }

  /**
   * POST /__releases/report: a browser's release report, counted, and a canary past its threshold
   * aborted at once (release-reports.ts says what is refused).
   */
  async function receiveReport(req: IncomingMessage, send: Send): Promise<void> {
    const noStore = { "Cache-Control": "no-store" };
    if (req.method !== "POST") return send(405, TEXT, "Release reports are sent with POST.", { ...noStore, Allow: "POST" });
    if (!reportLimiter.allow(clientOf(req)))
      return send(429, TEXT, "Too many release reports from this address. Try again in a minute.", {
        ...noStore,
        "Retry-After": String(reportLimiter.retryAfterSeconds()),
      });
    const body = await readBody(req, REPORT_LIMITS.bytes);
    if (body === "too large") return send(413, TEXT, `A release report is at most ${REPORT_LIMITS.bytes} bytes.`, noStore);
    const parsed = parseReport(body);
    if ("refused" in parsed) return send(400, TEXT, parsed.refused, noStore);
    let config: RuntimeConfig;
    try {
      config = await currentConfig();
    } catch {
      return send(503, TEXT, "The site's configuration could not be loaded.", NOT_CACHED_RETRY);
    }
    const db = healthOf(config);
    if (!db) return send(503, TEXT, "Release reports cannot be counted right now.", NOT_CACHED_RETRY);
    const canaries = canariesOf(config);
    // The live releases are what a report is compared with; a canary's release comes from the config.
    await remotes.sync(config.remotes);
    try {
      const { aborted } = await countReport(parsed.report, { live: (r) => remotes.loader.release(r), canary: (r) => canaries[r]?.release ?? null }, db);
      // The listener takes the canary out of the served state within moments.
      for (const [remote, { release, reason }] of Object.entries(aborted)) log(`[renderer] canary of ${remote} ${release} aborted: ${reason}`);
    } catch (error) {
      log(`[renderer] counting a release report failed: ${String(error)}`);
      return send(503, TEXT, "Release reports cannot be counted right now.", NOT_CACHED_RETRY);
    }
    return send(204, TEXT, "", noStore);
  }

  /** An admin's request for a shareable preview link (preview-link-request.ts); JSON, never cached. */
  async function previewLink(req: IncomingMessage, send: Send): Promise<void> {
    const config = await currentConfig();
    if (!config.site) return send(500, TEXT, "The site is not configured.", { "Cache-Control": "no-store" });
    const answer = await answerPreviewLinkRequest(req, { config, base: config.site.url, secret: previewSecret, now: Date.now() });
    send(answer.status, "application/json; charset=utf-8", JSON.stringify(answer.body), { "Cache-Control": "no-store" });
  }

  async function renderResponse(
    { path, search, config, base, signal, send }: PageRequest,
    selection: ReleaseSelection,
    canaries: ReturnType<typeof canariesOf>,
  ): Promise<void> {
    const store = createServerRenderStore(config, window, { signal });
    const route = matchPublicRoute(path);
    // The reads the page is known to make start together, while the remotes load.
    for (const read of [...LAYOUT_READS, ...(route?.reads ?? [])]) void store.load(read);
    // Each remote from the build selected for this visitor (a candidate from its own instance).
    const serverRemotes = candidates.forRequest(remotes, config.remotes, selection.remotes);
    await serverRemotes.sync(selection.remotes);
    // What the browser is given: the manifests this visitor got; the canaries stay on the server.
    const { canaries: _, ...rest } = config;
    const pageConfig: RuntimeConfig = { ...rest, remotes: selection.remotes };
    const page = await renderPage(path + search, { store, loader: serverRemotes.loader, preview: selection.preview, notice: selection.notice });
    const incomplete = whyIncomplete(page, store.failedReads());
    if (incomplete) log(`[renderer] ${path}: 503, ${incomplete}`);
    const status = incomplete ? 503 : (page.meta.status ?? 200);
    const shown = page.slots.filter((s) => !page.failedSlots.includes(s)).flatMap((s) => parseSlotKey(s) ?? []);
    const assets = shown.map(({ remote, module }) => serverRemotes.assetsOf(remote, module));
    const css = await pageStyles(
      assets.flatMap((a) => a.css),
      pageConfig,
    );
    const watched = [...new Set(page.slots.flatMap((s) => parseSlotKey(s)?.remote ?? []))].filter((remote) => remote in canaries);
    const { html, inlineScripts } = buildDocument(template, {
      meta: page.meta,
      url: `${base}${path}`,
      base,
      rootHtml: page.html,
      pageDataScript: pageDataScript({
        config: pageConfig,
        content: store.toSnapshot(),
        failedSlots: page.failedSlots,
        slots: page.slots,
        incompatible: page.incompatible,
        releases: page.releases,
        ...(watched.length > 0 ? { watched } : {}),
        ...(selection.preview ? { preview: selection.preview } : {}),
        ...(selection.notice ? { notice: selection.notice } : {}),
      }),
      styles: css.inline,
      stylesheets: css.links,
      modulePreloads: [...shell.js, ...assets.flatMap((a) => a.js)],
    });
    // A page that shows a canaried remote differs by cohort: private, and it keeps a new visitor's
    // id. Any other page is the same for everyone: cacheable, and it sets no cookie.
    const cookieSet = selection.setCookie[0] ?? (watched.length > 0 ? selection.visitorCookie : null);
    const cohortHeaders = watched.length > 0 && status !== 503 ? COHORT_CACHE : {};
    send(status, HTML, html, {
      ...pageHeaders(status, pageConfig, inlineScripts),
      ...releasesHeader(page.releases),
      ...cohortHeaders,
      ...selection.headers,
      ...(cookieSet ? { "Set-Cookie": cookieSet } : {}),
    });
  }

  return {
    /** Settles (never rejects) once the first preparation of the config and the remotes has finished or failed. */
    ready,
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      try {
        await handle(req, res);
      } catch (error) {
        log(`[renderer] ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": HTML, "Cache-Control": "no-store" });
        res.end(unavailablePage("Something went wrong while preparing this page."));
      }
    },
  };
}

/**
 * The path and query of a request target, or null for one the renderer refuses (400): not a
 * path, too long, or not valid percent-encoded UTF-8. Only the path is used; no host is ever
 * taken from the request.
 */
export function parseTarget(target: string | undefined): { path: string; search: string } | null {
  if (!target || target.length > MAX_URL_LENGTH || !target.startsWith("/")) return null;
  let url: URL;
  try {
    // A fixed base: even "//host/x" stays a path on it.
    url = new URL(`http://renderer.invalid${target}`);
    decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return { path: url.pathname, search: url.search };
}

function compress(body: string, accept: string): { body: Buffer; encoding?: string } {
  const raw = Buffer.from(body, "utf8");
  if (raw.length < 1024) return { body: raw };
  if (/\bbr\b/.test(accept)) return { body: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" };
  if (/\bgzip\b/.test(accept)) return { body: gzipSync(raw, { level: 6 }), encoding: "gzip" };
  return { body: raw };
}

function unavailablePage(reason: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable</title></head><body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Temporarily unavailable</h1><p>${escapeHtml(reason)} Please reload the page in a moment.</p></main></body></html>`;
}
