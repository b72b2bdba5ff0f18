// The renderer's HTTP handler (Node req/res: Cloud Functions, or the local server in server.ts): a
// small table of routes, each in its own module. Public pages are rendered from the shell and the
// remotes' server entries with the current content (routes/page.ts); the feed and the sitemap are
// generated (routes/feed.ts; robots.txt is a static file of the shell: Cloud Functions answer that
// path with a 404 before any function runs); browsers' release reports, admins' preview-link
// requests and the admin's mail endpoints have their own routes; the signed-in area and the
// sign-in page get the shell's template and render in the browser. Responses are compressed
// here, since Hosting passes a function's response through as it is.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import type { RuntimeConfig } from "runtime-config";
import { PREVIEW_LINK_ENDPOINT, RELEASE_REPORT_PATH } from "release-protocol";
import { redirectFor } from "shared-content";
import { CLIENT_ONLY, PUBLIC_ROUTES } from "shell/server";
import { publicCache } from "./caching";
import { contentSecurityPolicy } from "./csp";
import { prepareTemplate } from "./document";
import { createCandidateRemotes, createServerRemotes } from "./federation";
import { HTML, NOT_CACHED_RETRY, TEXT, parseTarget, responder, unavailablePage, withReadDeadline, type Send } from "./http";
import { canaryCandidates } from "./releases/canaries";
import { selectReleases } from "./releases/selection";
import { createServedConfig } from "./releases/served-config";
import { createAdminMailRoute, isAdminMailPath } from "./routes/admin-mail";
import { FEED_PATHS, sendFeed } from "./routes/feed";
import { createPageRoute } from "./routes/page";
import type { PageRequest } from "./routes/page-request";
import { createPreviewLinkRoute } from "./routes/preview-link";
import { createReportRoute } from "./routes/release-report";
import { createSubscribeRoute, isSubscriptionPath } from "./routes/subscribe";
import type { MailServices } from "./mail/context";
import { shellAssets } from "./shell-assets";
import { readShellStyles } from "./stylesheets";

export { CACHE_SECONDS, COHORT_CACHE, publicCache } from "./caching";

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
   * PREVIEW_SECRET: what shareable preview links are signed with (release-protocol/preview-token).
   * Without it every link is refused and pages render the live releases.
   */
  previewSecret?: string | null;
  log?: (line: string) => void;
  /** Subscriptions' mail and database (mail/context.ts); without them the subscription endpoints answer 503. */
  mail?: MailServices | null;
}

/** The shell's build on disk: its template, its entry's files and its stylesheets' text. */
function readShellBuild(shellDir: string) {
  const template = prepareTemplate(readFileSync(join(shellDir, "app.html"), "utf8"));
  const shell = shellAssets(JSON.parse(readFileSync(join(shellDir, ".vite", "manifest.json"), "utf8")));
  return { template, shell, shellStyles: readShellStyles(shellDir, shell.css) };
}

/** A route answers the requests it matches, before the config is read (the endpoints) or with it (pages). */
interface Route {
  matches(method: string, path: string): boolean;
  answer(req: IncomingMessage, send: Send): Promise<void>;
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
  const served = createServedConfig({ configUrl: options.configUrl, maxAgeMs, log });
  const previewSecret = options.previewSecret ?? null;
  // DOMPurify needs a DOM on the server; one window serves every render.
  const window = new JSDOM("").window as unknown as Window;
  const renderPage = createPageRoute({ template, shell, shellStyles, remotes, candidates, window, log });
  const mail = options.mail ?? null;
  const subscriptionRoute = createSubscribeRoute(async () => {
    if (!mail) return null;
    const config = await served.current();
    if (!config.site) return null;
    return { db: mail.db, send: mail.send, secret: mail.settings.secret, base: config.site.url.replace(/\/+$/, ""), siteName: await mail.siteName() };
  }, log);
  const endpoints: Route[] = [
    { matches: (_method, path) => path === RELEASE_REPORT_PATH, answer: createReportRoute({ served, remotes, log }) },
    { matches: (method, path) => method === "POST" && path === PREVIEW_LINK_ENDPOINT, answer: createPreviewLinkRoute({ served, secret: previewSecret }) },
    { matches: (_method, path) => isAdminMailPath(path), answer: createAdminMailRoute({ served, mail, log }) },
  ];

  // Prepared once per instance, before the first request needs it, and kept fresh in the
  // background: the config, the release state and every remote's server entry (a release is
  // picked up without a request waiting for it; federation.ts).
  const prepare = () =>
    served
      .current()
      .then(async (config) => {
        const canaries = Object.fromEntries(Object.entries(config.canaries ?? {}).map(([remote, c]) => [remote, c.entry]));
        await candidates.forRequest(remotes, config.remotes, { ...config.remotes, ...canaries }).sync(config.remotes);
      })
      .catch((error: unknown) => log(`[renderer] preparing the remotes failed: ${String(error)}`));
  const ready = prepare();
  setInterval(prepare, maxAgeMs).unref();

  /** A page, the feed or the sitemap, or the signed-in area's template, under the config and the releases this visitor gets. */
  async function answerPage(req: IncomingMessage, send: Send, path: string, search: string) {
    let config: RuntimeConfig;
    try {
      config = await served.current();
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
      if (FEED_PATHS.includes(path)) return sendFeed(request, window, log);
      // Which release of each remote this visitor gets: a preview link or its cookie, the
      // visitor's cohort of each canary, else the live one (releases/selection.ts).
      const selection = selectReleases({
        cookieHeader: req.headers.cookie,
        path,
        search,
        live: config.remotes,
        secret: previewSecret,
        revokedBefore: config.previewsRevokedBefore,
        canaries: canaryCandidates(config.canaries ?? {}),
        now: Date.now(),
        secure: base.startsWith("https:"),
      });
      const cookies: Record<string, string[]> = selection.setCookie.length > 0 ? { "Set-Cookie": selection.setCookie } : {};
      if (selection.redirect) return send(302, TEXT, `Moved to ${selection.redirect}`, { Location: selection.redirect, ...selection.headers, ...cookies });
      const redirect = redirectFor(path);
      if (redirect) return send(301, TEXT, `Moved to ${redirect}`, { Location: redirect + search, "Cache-Control": publicCache("page") });
      if (CLIENT_ONLY.test(path))
        // A response that sets or clears a preview's cookie is private, like every page a preview decides.
        return send(200, HTML, template.raw, {
          "Cache-Control": "no-cache",
          "Content-Security-Policy": contentSecurityPolicy(config, template.inlineScripts),
          ...selection.headers,
          ...cookies,
        });
      return renderPage(request, selection);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = responder(req, res);
    const method = req.method ?? "GET";
    const target = parseTarget(req.url);
    const endpoint = target && endpoints.find((route) => route.matches(method, target.path));
    if (endpoint) return endpoint.answer(req, send);
    if (target && isSubscriptionPath(target.path)) return subscriptionRoute(req, send, target.path, target.search);
    if (method !== "GET" && method !== "HEAD") return send(405, TEXT, "Method not allowed", { "Cache-Control": "no-store", Allow: "GET, HEAD" });
    if (!target) return send(400, TEXT, "Bad request", { "Cache-Control": "no-store" });
    return answerPage(req, send, target.path, target.search);
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
