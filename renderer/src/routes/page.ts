// A public page: rendered from the shell and the remotes' server entries, with the release of
// each remote this visitor gets (releases/selection.ts), its stylesheets inlined, and the caching
// its kind allows (../caching.ts).
import { RELEASES_HEADER, formatReleases } from "federation-contract";
import type { RuntimeConfig } from "runtime-config";
import { createServerRenderStore } from "shared-content/server";
import { LAYOUT_READS, matchPublicRoute, pageDataScript, parseSlotKey, renderPage } from "shell/server";
import { COHORT_CACHE, publicCache } from "../caching";
import { contentSecurityPolicy, originOf, remoteOrigins } from "../csp";
import { buildDocument, type prepareTemplate } from "../document";
import type { CandidateRemotes, ServerRemotes } from "../federation";
import { HTML, NOT_CACHED_RETRY, ReusedBody } from "../http";
import { createPageCache } from "../page-cache";
import type { ReleaseSelection } from "../releases/selection";
import type { shellAssets } from "../shell-assets";
import { whyIncomplete } from "../status-policy";
import { createRemoteStylesheets } from "../stylesheets";
import type { PageRequest } from "./page-request";

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

/** A rendered page's caching: 503 is never cached and says when to retry; a page other than 200 (a 404) keeps the short window. */
function pageHeaders(status: number, config: RuntimeConfig, inlineScripts: string[]): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(config, inlineScripts),
    ...(status === 503 ? NOT_CACHED_RETRY : { "Cache-Control": publicCache(status === 200 ? "page" : "uncorrected") }),
  };
}

/** Names the release of each remote the page was rendered with, so a response can be traced to them. */
function releasesHeader(releases: Record<string, string>): Record<string, string> {
  return Object.keys(releases).length > 0 ? { [RELEASES_HEADER]: formatReleases(releases) } : {};
}

export interface PageRouteDeps {
  template: ReturnType<typeof prepareTemplate>;
  shell: ReturnType<typeof shellAssets>;
  shellStyles: ReadonlyMap<string, string>;
  remotes: ServerRemotes;
  candidates: CandidateRemotes;
  window: Window;
  log: (line: string) => void;
}

/** A selection that is the same for every visitor: the live builds, no preview, notice or cookie. */
const isLive = (selection: ReleaseSelection) =>
  !selection.preview && !selection.notice && selection.setCookie.length === 0 && Object.keys(selection.headers).length === 0;

/** The config as one string (a key's part), made once per config read. */
const configKeys = new WeakMap<RuntimeConfig, string>();
const configKey = (config: RuntimeConfig) => configKeys.get(config) ?? configKeys.set(config, JSON.stringify(config)).get(config)!;

export function createPageRoute({ template, shell, shellStyles, remotes, candidates, window, log }: PageRouteDeps) {
  const pageStyles = pageStylesheets(shellStyles, log);
  const cache = createPageCache();
  return async function renderResponse({ path, search, config, base, signal, send }: PageRequest, selection: ReleaseSelection): Promise<void> {
    const canaries = config.canaries ?? {};
    const store = createServerRenderStore(config, window, { signal });
    const route = matchPublicRoute(path);
    // The reads the page is known to make start together, while the remotes load.
    for (const read of [...LAYOUT_READS, ...(route?.reads ?? [])]) void store.load(read);
    // Each remote from the build selected for this visitor (a candidate from its own instance).
    const serverRemotes = candidates.forRequest(remotes, config.remotes, selection.remotes);
    await serverRemotes.sync(selection.remotes);
    // A live page made earlier from the same config, builds and data is sent again (page-cache.ts).
    const generation = serverRemotes.generation();
    const key = serverRemotes === remotes && isLive(selection) ? cache.key(path + search, configKey(config), generation) : null;
    const kept = key ? await cache.lookup(key, store) : null;
    if (kept) return send(kept.status, HTML, kept.body, kept.headers);
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
    const headers = {
      ...pageHeaders(status, pageConfig, inlineScripts),
      ...releasesHeader(page.releases),
      ...cohortHeaders,
      ...selection.headers,
      ...(cookieSet ? { "Set-Cookie": cookieSet } : {}),
    };
    // Kept: a whole page the same for everyone, rendered with builds that are still the current ones.
    if (key && status !== 503 && watched.length === 0 && !cookieSet && serverRemotes.generation() === generation) {
      const body = new ReusedBody(html);
      cache.keep(key, store, { status, headers, body });
      return send(status, HTML, body, headers);
    }
    send(status, HTML, html, headers);
  };
}
