// The HTML document of a server-rendered page: the shell's built template (app.html), filled in
// at its placeholders with the page's <head> (title, description, canonical URL, Open Graph, Twitter card, JSON-LD), the
// stylesheets of everything shown (so nothing shifts when scripts arrive), preload hints for the
// scripts hydration needs, the rendered markup, and the embedded page data.
import { JSDOM } from "jsdom";
import type { PageMeta } from "shared-content/server";
import { formatTitle, isPreviewImage } from "shared-content";
import { PAGE_DATA_ID, jsonForScript } from "shell/server";

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

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

/** The preview image when a page has no raster image of its own: shell/public/images/share-card.png. */
export const DEFAULT_PREVIEW_IMAGE = { path: "/images/share-card.png", width: 1200, height: 630 } as const;

/** A page's preview image as the head names it; `own` when it is the page's own, sized (an upload's share image). */
export interface HeadImage {
  url: string;
  width?: number;
  height?: number;
  type?: string;
  alt?: string;
}

/**
 * The page's preview image: an upload's share JPEG, whose size, type and alt text are known;
 * else its own when that is a raster file (an address the owner typed: its size is unknown);
 * else the site's share card, whose size is known.
 */
export function previewImage(image: PageMeta["image"], base: string): HeadImage {
  if (image && typeof image === "object") return { ...image, url: absolute(image.url, base) };
  if (image) {
    const url = absolute(image, base);
    if (isPreviewImage(new URL(url).pathname)) return { url };
  }
  return { url: absolute(DEFAULT_PREVIEW_IMAGE.path, base), width: DEFAULT_PREVIEW_IMAGE.width, height: DEFAULT_PREVIEW_IMAGE.height };
}

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
  const image = previewImage(meta.image, base);
  property("og:image", image.url);
  if (image.type) property("og:image:type", image.type);
  if (image.width && image.height) {
    property("og:image:width", String(image.width));
    property("og:image:height", String(image.height));
  }
  if (image.alt) property("og:image:alt", image.alt);
  if (meta.type === "article") {
    if (meta.publishedTime) property("article:published_time", new Date(meta.publishedTime).toISOString());
    if (meta.modifiedTime) property("article:modified_time", new Date(meta.modifiedTime).toISOString());
  }
  // Always a raster image (previewImage), so always the large card.
  named("twitter:card", "summary_large_image");
  named("twitter:title", meta.title ?? title);
  if (meta.description) named("twitter:description", meta.description);
  named("twitter:image", image.url);
  if (image.alt) named("twitter:image:alt", image.alt);
  if (meta.status === 404) named("robots", "noindex");
  if (meta.feed)
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(meta.feed.title)}" href="${escapeHtml(`${base}${meta.feed.href}`)}">`);
  if (meta.jsonLd) {
    // Structured data names an image too (search engines require one for an article): the preview's when the screen gave none,
    // as an ImageObject with its size when the page's own is an upload's.
    const own = meta.image && typeof meta.image === "object" ? { "@type": "ImageObject", url: image.url, width: image.width, height: image.height } : image.url;
    const jsonLd = absoluteUrls({ ...meta.jsonLd, ...(meta.jsonLd.image ? {} : { image: own }) }, base);
    tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  }
  return tags.join("\n    ");
}

/** The placeholders of the shell's index.html the renderer fills, in document order. */
export const PLACEHOLDERS = { head: "<!--app-head-->", html: "<!--app-html-->", body: "<!--app-body-->" } as const;

/**
 * The shell's built template taken apart once, at start-up, by an HTML parser: what Vite put in
 * it (the entry scripts, the module preloads, the stylesheet links, the default title and
 * description), its own inline scripts (for the CSP), and the text around the placeholders.
 * A page is then the parts joined with its own content: nothing is searched for in it.
 */
export interface PreparedTemplate {
  /** The template as built: the document of the pages rendered in the browser only. */
  raw: string;
  /** The text before <!--app-head-->, between it and <!--app-html-->, between that and <!--app-body-->, and after. */
  parts: [string, string, string, string];
  entries: string[];
  preloads: string[];
  stylesheets: string[];
  /** The texts of the template's inline scripts that run (the theme script). */
  inlineScripts: string[];
}

const RUNNABLE = new Set(["", "module", "text/javascript", "application/javascript"]);

export function prepareTemplate(raw: string): PreparedTemplate {
  const dom = new JSDOM(raw);
  const document = (dom.window as Window).document;
  const take = (selector: string, attribute: string) =>
    [...document.querySelectorAll(selector)].map((element) => {
      element.remove();
      return element.getAttribute(attribute) ?? "";
    });
  const entries = take('script[type="module"][src]', "src");
  const preloads = take('link[rel="modulepreload"]', "href");
  const stylesheets = take('link[rel="stylesheet"]', "href");
  for (const element of document.querySelectorAll('title, meta[name="description"]')) element.remove();
  const inlineScripts = [...document.querySelectorAll("script:not([src])")]
    .filter((script) => RUNNABLE.has((script.getAttribute("type") ?? "").trim().toLowerCase()))
    .map((script) => script.textContent ?? "");
  let rest = dom.serialize();
  const parts: string[] = [];
  for (const placeholder of Object.values(PLACEHOLDERS)) {
    const at = rest.indexOf(placeholder);
    if (at < 0 || rest.indexOf(placeholder, at + 1) >= 0) throw new Error(`renderer: the shell's template needs ${placeholder} exactly once`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + placeholder.length);
  }
  return { raw, parts: [parts[0]!, parts[1]!, parts[2]!, rest], entries, preloads, stylesheets, inlineScripts };
}

/**
 * How long one task of the loader below may add elements before it yields (ms of the page's
 * clock). Lighthouse's mobile preset runs the page at the host's full speed and counts each task
 * 4x as long: a task blocks a phone once it runs 12.5 ms here, so a slice stays well under that.
 */
export const LOADER_SLICE_MS = 4;

/**
 * The page's scripts, started once the server's HTML has painted: the page is readable at once,
 * and a phone's first paint does not wait behind the ~30 scripts hydration needs (none of them
 * blocks rendering, but they compete with it). Hydration follows a frame later. Adding each
 * element costs the browser a few milliseconds (it starts the fetch there and then): ~30 in one
 * task made a 200 ms long task on a phone, so the elements go in slices of LOADER_SLICE_MS with a
 * yield between them, preloads first and the entry scripts last. The text of an inline script
 * (the CSP lists its hash).
 */
export function scriptsAfterFirstPaint(entries: string[], preloads: string[]): string {
  return `(function(){var q=[];${jsonForScript(preloads)}.forEach(function(u){q.push(function(){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;return l})});${jsonForScript(entries)}.forEach(function(u){q.push(function(){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=u;return s})});function go(){var h=document.head,t=performance.now();do h.appendChild(q.shift()());while(q.length&&performance.now()-t<${LOADER_SLICE_MS});if(q.length)setTimeout(go,0)}requestAnimationFrame(function(){setTimeout(go,0)})})()`;
}

/**
 * The page: the template's parts with its head, markup, page data and start-up script. Returns
 * the texts of every inline script that runs in it (the template's and the one inserted here),
 * for the CSP's hashes.
 */
export function buildDocument(template: PreparedTemplate, parts: DocumentParts): { html: string; inlineScripts: string[] } {
  const inlined = new Set((parts.styles ?? []).map((s) => s.href));
  const preloads = [...new Set([...template.preloads, ...parts.modulePreloads])];
  // The same text comes twice when the shell and a remote both bundle a shared package's styles
  // (the markdown styles): once is enough for the browser to parse.
  const styleTexts = [...new Set((parts.styles ?? []).map(({ css }) => css))];
  const styles = [
    // No stylesheet text may end the <style> element early.
    ...styleTexts.map((css) => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`),
    // Each inlined file, named by a disabled link (never fetched): the bundles' dynamic imports
    // load their chunks' stylesheets unless the page already links them, and would otherwise
    // download again, and apply again, what the page has inlined, and wait for it.
    ...[...inlined].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" disabled>`),
    ...[...template.stylesheets.filter((href) => !inlined.has(href)), ...parts.stylesheets].map(
      (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
    ),
  ].join("");
  const start = template.entries.length ? scriptsAfterFirstPaint(template.entries, preloads) : null;
  const [beforeHead, headToRoot, rootToBody, afterBody] = template.parts;
  // The first paint waits until the page's content is parsed (Chromium's render-blocking
  // `expect`; other browsers ignore it): a long page's HTML arrives and parses in several tasks,
  // and a paint of its first part made every later one (each with its own style and layout) a
  // task after the first paint, which is when a phone's blocking time starts to count.
  const expectContent = parts.pageDataScript ? `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render">` : "";
  const html = [
    beforeHead,
    `${headTags(parts)}\n    ${expectContent}${styles}`,
    headToRoot,
    parts.rootHtml,
    rootToBody,
    parts.pageDataScript,
    start === null ? "" : `<script>${start}</script>`,
    afterBody,
  ].join("");
  return { html, inlineScripts: [...template.inlineScripts, ...(start === null ? [] : [start])] };
}
