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
import { createServerRenderStore } from "shared-content/server";
import { CLIENT_ONLY, PUBLIC_ROUTES, REDIRECTS, createRemoteRegistry, pageDataScript, renderPage } from "shell/server";
import { contentSecurityPolicy } from "./csp";
import { buildDocument, escapeHtml } from "./document";
import { createServerRemotes } from "./federation";
import { publishedPosts, rssXml, siteName, sitemapXml } from "./feeds";
import { shellAssets } from "./shell-assets";

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

/** Shared caches may keep a page this long, then serve it stale while they fetch a fresh one. */
export const CACHE_SECONDS = { fresh: 30, stale: 60 };
const PUBLIC_CACHE = `public, max-age=0, s-maxage=${CACHE_SECONDS.fresh}, stale-while-revalidate=${CACHE_SECONDS.stale}`;

export interface RendererOptions {
  /** Folder with the shell's built app.html and .vite/manifest.json. */
  shellDir: string;
  /**
   * Where the runtime config is read. Required in production (RUNTIME_CONFIG_URL): the config
   * names the remotes whose server code this process runs, so it must never come from a URL a
   * request can choose. Without it, only a request to a loopback host (the local stack) reads
   * /config.json from that same host.
   */
  configUrl?: string;
  /** How long the config and the remotes' manifests are reused before they are read again. */
  maxAgeMs?: number;
  log?: (line: string) => void;
}

export function createRenderer(options: RendererOptions) {
  const template = readFileSync(join(options.shellDir, "app.html"), "utf8");
  const shell = shellAssets(JSON.parse(readFileSync(join(options.shellDir, ".vite", "manifest.json"), "utf8")));
  const maxAgeMs = options.maxAgeMs ?? 2000;
  const log = options.log ?? ((line: string) => console.log(line));
  const remotes = createServerRemotes({ maxAgeMs, warm: PUBLIC_ROUTES, log });
  // DOMPurify needs a DOM on the server; one window serves every render.
  const window = new JSDOM("").window as unknown as Window;
  const configs = new Map<string, { at: number; config: Promise<RuntimeConfig> }>();
  // Stylesheets are hashed files that never change: each is read once and kept.
  const styles = new Map<string, Promise<string | null>>();

  function stylesheet(url: string): Promise<string | null> {
    let text = styles.get(url);
    if (!text) {
      text = fetch(url, { signal: AbortSignal.timeout(3000) }).then(
        async (r) => (r.ok ? await r.text() : null),
        () => null,
      );
      void text.then((t) => t === null && styles.delete(url));
      styles.set(url, text);
    }
    return text;
  }

  /**
   * The page's stylesheets inlined, so the first paint waits for no other request (on a phone, a
   * stylesheet from another origin costs a new connection). One that cannot be read stays a link.
   */
  async function inlineStyles(urls: string[], base: string): Promise<{ inline: { href: string; css: string }[]; links: string[] }> {
    const texts = await Promise.all(urls.map((u) => stylesheet(new URL(u, base).href)));
    return {
      inline: urls.flatMap((href, i) => (texts[i] === null ? [] : [{ href, css: texts[i]! }])),
      links: urls.filter((_, i) => texts[i] === null),
    };
  }

  function configAt(url: string): Promise<RuntimeConfig> {
    const cached = configs.get(url);
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.config;
    const config = fetch(url, { signal: AbortSignal.timeout(3000) }).then(async (r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return parseRuntimeConfig(await r.json());
    });
    configs.set(url, { at: Date.now(), config });
    config.catch(() => configs.delete(url));
    return config;
  }

  // Prepared once per instance, before the first request needs it, and kept fresh in the
  // background: the config and every remote's server entry (a release is picked up without a
  // request waiting for it; federation.ts).
  if (options.configUrl) {
    const configUrl = options.configUrl;
    const prepare = () =>
      configAt(configUrl)
        .then((config) => remotes.sync(config.remotes))
        .catch((error: unknown) => log(`[renderer] preparing the remotes failed: ${String(error)}`));
    void prepare();
    setInterval(prepare, maxAgeMs).unref();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      const compressed = compress(body, String(req.headers["accept-encoding"] ?? ""));
      res.writeHead(status, {
        "Content-Type": type,
        Vary: "Accept-Encoding",
        ...SECURITY_HEADERS,
        "Server-Timing": `render;dur=${(performance.now() - started).toFixed(1)}`,
        ...(compressed.encoding ? { "Content-Encoding": compressed.encoding } : {}),
        "Content-Length": String(compressed.body.length),
        ...headers,
      });
      res.end(req.method === "HEAD" ? undefined : compressed.body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "text/plain; charset=utf-8", "Method not allowed", { Allow: "GET, HEAD" });

    const host = String(req.headers["x-forwarded-host"] ?? req.headers.host ?? "localhost");
    const proto = String(req.headers["x-forwarded-proto"] ?? "http").split(",")[0];
    const origin = `${proto}://${host}`;
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;

    const configUrl = options.configUrl ?? (isLoopback(url.hostname) ? `${origin}/config.json` : null);
    if (!configUrl) {
      log("[renderer] RUNTIME_CONFIG_URL is not set: refusing to read the config from a host the request names");
      return send(500, "text/html; charset=utf-8", unavailablePage("The site is not configured."), { "Cache-Control": "no-store" });
    }
    let config: RuntimeConfig;
    try {
      config = await configAt(configUrl);
    } catch (error) {
      log(`[renderer] runtime config unavailable: ${String(error)}`);
      return send(503, "text/html; charset=utf-8", unavailablePage("The site's configuration could not be loaded."), {
        "Cache-Control": "no-store",
        "Retry-After": "5",
      });
    }
    const base = (config.site?.url ?? origin).replace(/\/+$/, "");

    try {
      if (path === "/sitemap.xml")
        return send(200, "application/xml; charset=utf-8", sitemapXml(base, await publishedPosts(config)), { "Cache-Control": PUBLIC_CACHE });
      if (path === "/feed.xml")
        return send(200, "application/rss+xml; charset=utf-8", rssXml(base, ...(await Promise.all([publishedPosts(config), siteName(config)]))), {
          "Cache-Control": PUBLIC_CACHE,
        });
    } catch (error) {
      log(`[renderer] ${path}: ${String(error)}`);
      return send(503, "text/plain; charset=utf-8", "The database cannot be reached right now. Try again in a moment.", {
        "Cache-Control": "no-store",
        "Retry-After": "5",
      });
    }
    const redirect = REDIRECTS[path];
    if (redirect) return send(301, "text/plain; charset=utf-8", `Moved to ${redirect}`, { Location: redirect + url.search, "Cache-Control": PUBLIC_CACHE });
    if (CLIENT_ONLY.test(path)) {
      return send(200, "text/html; charset=utf-8", template, {
        "Cache-Control": "no-cache",
        "Content-Security-Policy": contentSecurityPolicy(config, template),
      });
    }

    await remotes.sync(config.remotes);
    const store = createServerRenderStore(config, window);
    const registry = createRemoteRegistry(remotes.runtime, remotes.guard);
    registry.register(config.remotes);
    const page = await renderPage(path + url.search, { store, registry });
    const unavailable = store.failedReads().includes("unavailable");
    const status = unavailable ? 503 : (page.meta.status ?? 200);
    const shown = page.slots
      .filter((s) => !page.failedSlots.includes(s))
      .map((s) => {
        const [remote = "", module = ""] = s.split("/");
        return remotes.assetsOf(remote, module);
      });
    const css = await inlineStyles([...shell.css, ...shown.flatMap((a) => a.css)], origin);
    const html = buildDocument(template, {
      meta: page.meta,
      url: `${base}${path}`,
      base,
      rootHtml: page.html,
      pageDataScript: pageDataScript({
        config,
        content: store.toSnapshot(),
        failedSlots: page.failedSlots,
        slots: page.slots,
        incompatible: page.incompatible,
      }),
      styles: css.inline,
      stylesheets: css.links,
      modulePreloads: [...shell.js, ...shown.flatMap((a) => a.js)],
    });
    send(status, "text/html; charset=utf-8", html, {
      "Content-Security-Policy": contentSecurityPolicy(config, html),
      "Cache-Control": status === 503 ? "no-store" : PUBLIC_CACHE,
      ...(status === 503 ? { "Retry-After": "5" } : {}),
    });
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      try {
        await handle(req, res);
      } catch (error) {
        log(`[renderer] ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(unavailablePage("Something went wrong while preparing this page."));
      }
    },
  };
}

const isLoopback = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

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
