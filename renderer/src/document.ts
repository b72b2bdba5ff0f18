// The HTML document of a server-rendered page: the shell's built template (app.html) with the
// page's <head> (title, description, canonical URL, Open Graph, Twitter card, JSON-LD), the
// stylesheets of everything shown (so nothing shifts when scripts arrive), preload hints for the
// scripts hydration needs, the rendered markup, and the embedded page data.
import type { PageMeta } from "shared-content/server";
import { formatTitle } from "shared-content";

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** JSON for a <script type="application/ld+json">: nothing in it can close the tag. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export interface DocumentParts {
  meta: PageMeta;
  /** Absolute URL of this page (canonical, og:url). */
  url: string;
  /** The site's base URL, for absolute image URLs. */
  base: string;
  /** #root's markup and the script with the page data. */
  rootHtml: string;
  pageDataScript: string;
  /** Stylesheets placed inline in <head> (a template's <link> to the same file is dropped). */
  styles?: { href: string; css: string }[];
  stylesheets: string[];
  modulePreloads: string[];
}

const absolute = (url: string, base: string): string => {
  try {
    return new URL(url, base).href;
  } catch {
    return base;
  }
};

// Screens name links in their structured data as site paths; a JSON-LD consumer needs them whole.
const URL_KEYS = new Set(["url", "image", "@id", "mainEntityOfPage", "logo"]);
function absoluteUrls(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absoluteUrls(v, base));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, URL_KEYS.has(k) && typeof v === "string" ? absolute(v, base) : absoluteUrls(v, base)]));
}

export function headTags({ meta, url, base }: Pick<DocumentParts, "meta" | "url" | "base">): string {
  const title = formatTitle(meta.title, meta.siteName);
  const tags: string[] = [`<title>${escapeHtml(title)}</title>`, `<link rel="canonical" href="${escapeHtml(url)}">`];
  const property = (name: string, content: string) => tags.push(`<meta property="${name}" content="${escapeHtml(content)}">`);
  const named = (name: string, content: string) => tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  if (meta.description) named("description", meta.description);
  property("og:title", meta.title ?? title);
  property("og:type", meta.type ?? "website");
  property("og:url", url);
  property("og:site_name", formatTitle(undefined, meta.siteName));
  if (meta.description) property("og:description", meta.description);
  if (meta.image) property("og:image", absolute(meta.image, base));
  if (meta.type === "article") {
    if (meta.publishedTime) property("article:published_time", new Date(meta.publishedTime).toISOString());
    if (meta.modifiedTime) property("article:modified_time", new Date(meta.modifiedTime).toISOString());
  }
  named("twitter:card", meta.image ? "summary_large_image" : "summary");
  named("twitter:title", meta.title ?? title);
  if (meta.description) named("twitter:description", meta.description);
  if (meta.image) named("twitter:image", absolute(meta.image, base));
  if (meta.status === 404) named("robots", "noindex");
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(absoluteUrls(meta.jsonLd, base))}</script>`);
  return tags.join("\n    ");
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page's scripts, started once the server's HTML has painted: the page is readable at once,
 * and a phone's first paint does not wait behind the ~30 scripts hydration needs (none of them
 * blocks rendering, but they compete with it). Hydration follows a frame later.
 */
export function scriptsAfterFirstPaint(entries: string[], preloads: string[]): string {
  const list = (urls: string[]) => jsonForScript(urls);
  return `<script>(function(){function go(){var h=document.head;${list(preloads)}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});${list(entries)}.forEach(function(u){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=u;h.appendChild(s)})}requestAnimationFrame(function(){setTimeout(go,0)})})()</script>`;
}

/** The template with the page filled in. The template's own title and description are replaced. */
export function buildDocument(template: string, parts: DocumentParts): string {
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  const preloads = [...new Set([...[...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...parts.modulePreloads])];
  const links = [
    // No stylesheet text may end the <style> element early.
    ...(parts.styles ?? []).map(({ css }) => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`),
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
  ].join("");
  let page = template.replace(MODULE_SCRIPT, "").replace(MODULE_PRELOAD, "");
  for (const { href } of parts.styles ?? [])
    page = page.replace(new RegExp(`<link rel="stylesheet"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`), "");
  return page
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/<meta name="description"[^>]*>/, "")
    .replace("</head>", () => `    ${headTags(parts)}\n    ${links}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${parts.rootHtml}</div>${parts.pageDataScript}${entries.length ? scriptsAfterFirstPaint(entries, preloads) : ""}`,
    );
}
