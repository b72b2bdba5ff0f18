import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { previewImageOf } from "shared-content";
import { JSDOM } from "jsdom";
import { DEFAULT_PREVIEW_IMAGE, buildDocument, headTags, prepareTemplate, scriptsAfterFirstPaint } from "./document";

const page = (head: string) =>
  `<!doctype html><html><head>${head}<!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-body--></body></html>`;
const TEMPLATE = prepareTemplate(page('<meta name="description" content="Personal portfolio and blog" /><title>Portfolio</title>'));

describe("the document of a server-rendered page", () => {
  it("replaces the template's title and description and fills #root", () => {
    const { html } = buildDocument(TEMPLATE, {
      meta: { title: "A post", description: "About things" },
      url: "https://example.com/blogs/a-post",
      base: "https://example.com",
      rootHtml: "<main>hello</main>",
      pageDataScript: '<script type="application/json" id="page-data">{}</script>',
      stylesheets: ["/assets/app.css"],
      modulePreloads: ["/assets/app.js"],
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>A post · Portfolio</title>");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="About things">');
    expect(html).toContain('<div id="root"><main>hello</main></div><script type="application/json" id="page-data">{}</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    // No template script here, so no loader either; the preload goes with the scripts (below).
    expect(html).not.toContain("modulepreload");
  });

  it("holds the first paint until the page's content is parsed, in the head, before the styles", () => {
    const parts = {
      meta: {},
      url: "https://example.com/",
      base: "https://example.com",
      rootHtml: "<main>hi</main>",
      stylesheets: ["/assets/app.css"],
      modulePreloads: [],
    };
    const { html } = buildDocument(TEMPLATE, { ...parts, pageDataScript: '<script type="application/json" id="page-data">{}</script>' });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="expect" href="#page-data" blocking="render">');
    expect(head.indexOf('rel="expect"')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    // Without the element it names, the link would hold the paint until the whole document is parsed: none then.
    expect(buildDocument(TEMPLATE, { ...parts, pageDataScript: "" }).html).not.toContain('rel="expect"');
  });

  it("carries the owner's name as the site's name, and the home page's title is the name alone", () => {
    const page = headTags({ meta: { title: "Blog", siteName: "Maya Lindqvist" }, url: "https://example.com/blogs/list", base: "https://example.com" });
    expect(page).toContain("<title>Blog · Maya Lindqvist</title>");
    expect(page).toContain('<meta property="og:site_name" content="Maya Lindqvist">');
    const home = headTags({ meta: { title: "Maya Lindqvist", siteName: "Maya Lindqvist" }, url: "https://example.com/", base: "https://example.com" });
    expect(home).toContain("<title>Maya Lindqvist</title>");
  });

  it("starts the template's scripts and the preloads after the first paint, and lists every inline script that runs", () => {
    const template = prepareTemplate(
      page(
        '<script>theme()</script><link rel="modulepreload" crossorigin href="/assets/a.js"><script crossorigin src="/assets/entry.js" type="module"></script><title>x</title>',
      ),
    );
    const { html, inlineScripts } = buildDocument(template, {
      meta: {},
      url: "https://example.com/",
      base: "https://example.com",
      rootHtml: "<p>hi</p>",
      pageDataScript: '<script type="application/json" id="page-data">{}</script>',
      stylesheets: [],
      modulePreloads: ["https://remote.example/b.js"],
    });
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("<script crossorigin");
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<div id="root"><p>hi<\/p><\/div><script type="application\/json" id="page-data">\{\}<\/script><script>(.*)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain("requestAnimationFrame");
    expect(loader).toContain('["/assets/entry.js"]');
    expect(loader).toContain('["/assets/a.js","https://remote.example/b.js"]');
    // The CSP hashes exactly these: the template's theme script and the loader, not the page data.
    expect(inlineScripts).toEqual(["theme()", loader]);
  });

  it("adds the preloads, then the entry scripts, a slice at a time with a yield between slices", () => {
    const preloads = ["/assets/a.js", "/assets/b.js", "/assets/c.js", "/assets/d.js", "/assets/e.js"];
    const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", { runScripts: "outside-only" });
    const window = dom.window as unknown as Window & { eval(code: string): unknown };
    const tasks: (() => void)[] = [];
    let now = 0;
    window.requestAnimationFrame = (callback) => (tasks.push(() => callback(now)), 0);
    window.setTimeout = ((callback: () => void) => (tasks.push(callback), 0)) as typeof window.setTimeout;
    // Each element takes 1.5 ms of the page's clock to add: a slice of LOADER_SLICE_MS (4) holds 3.
    Object.defineProperty(window.performance, "now", { value: () => now });
    const head = window.document.head;
    const append = head.appendChild.bind(head);
    head.appendChild = <T extends Node>(node: T): T => ((now += 1.5), append(node));
    window.eval(scriptsAfterFirstPaint(["/assets/entry.js"], preloads));
    const perTask: number[] = [];
    while (tasks.length > 0) {
      const before = window.document.head.children.length;
      tasks.shift()!();
      perTask.push(window.document.head.children.length - before);
    }
    expect(perTask).toEqual([0, 3, 3]); // the frame (which yields once), then two slices
    const added = [...window.document.head.children].map((e) => `${e.tagName} ${e.getAttribute("href") ?? e.getAttribute("src")}`);
    expect(added).toEqual([...preloads.map((u) => `LINK ${u}`), "SCRIPT /assets/entry.js"]);
    expect(window.document.querySelector("script")?.type).toBe("module");
  });

  it("refuses a template without its placeholders", () => {
    expect(() => prepareTemplate('<html><head></head><body><div id="root"></div></body></html>')).toThrow(/<!--app-head-->/);
  });

  it("escapes stored text in every tag", () => {
    const hostile = `"><script>alert(1)</script>`;
    const head = headTags({
      meta: { title: hostile, description: hostile, image: "/images/a.png" },
      url: "https://example.com/x",
      base: "https://example.com",
    });
    expect(head).not.toContain("<script>alert(1)");
    expect(head).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(head).toContain('<meta property="og:image" content="https://example.com/images/a.png">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("writes articles with their times, 404s as noindex, and JSON-LD with absolute links that cannot close the script", () => {
    const head = headTags({
      meta: {
        title: "T",
        type: "article",
        publishedTime: Date.UTC(2026, 0, 2),
        status: 404,
        jsonLd: { "@type": "BlogPosting", headline: "</script><b>", url: "/blogs/t", author: { image: "/me.png" } },
      },
      url: "https://example.com/blogs/t",
      base: "https://example.com",
    });
    expect(head).toContain('<meta property="article:published_time" content="2026-01-02T00:00:00.000Z">');
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain("</script><b>");
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!);
    expect(ld).toEqual({
      "@type": "BlogPosting",
      headline: "</script><b>",
      url: "https://example.com/blogs/t",
      author: { image: "https://example.com/me.png" },
      image: "https://example.com/images/share-card.png",
    });
  });

  it("inlines stylesheets in place of the template's links, safely, each text once", () => {
    const { html } = buildDocument(prepareTemplate(page('<link rel="stylesheet" crossorigin href="/assets/index.css"><title>x</title>')), {
      meta: {},
      url: "https://example.com/",
      base: "https://example.com",
      rootHtml: "",
      pageDataScript: "",
      styles: [
        { href: "/assets/index.css", css: "body{color:red}" },
        { href: "https://remote.example/assets/a.css", css: 'a::after{content:"$& </style><script>x</script>"}' },
        // The same text from another origin (a shared package's styles in a remote's build): once.
        { href: "https://remote.example/assets/index-copy.css", css: "body{color:red}" },
      ],
      stylesheets: [],
      modulePreloads: [],
    });
    // Named for the bundles' stylesheet loader only: a disabled link is not fetched.
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index.css"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/index.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" href="https://remote.example/assets/a.css" disabled>');
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).toContain('<style>a::after{content:"$& <\\/style><script>x</script>"}</style>');
    expect(html.match(/<\/style>/g)).toHaveLength(2);
  });

  it("previews every page with a raster image: its own, or the share card with its size; never an SVG", () => {
    const card = `https://example.com${DEFAULT_PREVIEW_IMAGE.path}`;
    const meta = (image: string | null) =>
      headTags({ meta: { title: "T", image, jsonLd: { "@type": "Person" } }, url: "https://example.com/", base: "https://example.com" });
    for (const image of [null, "/images/avatar.svg", "https://cdn.example/me.svg?v=2"]) {
      const head = meta(image);
      expect(head, String(image)).toContain(`<meta property="og:image" content="${card}">`);
      expect(head).toContain('<meta property="og:image:width" content="1200">');
      expect(head).toContain('<meta property="og:image:height" content="630">');
      expect(head).toContain(`<meta name="twitter:image" content="${card}">`);
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!).image).toBe(card);
    }
    const own = meta("https://cdn.example/cover.JPG?w=1200");
    expect(own).toContain('<meta property="og:image" content="https://cdn.example/cover.JPG?w=1200">');
    expect(own).not.toContain("og:image:width");
  });

  it("previews an uploaded image as its share JPEG with size, type and alt text, and names it in JSON-LD as an ImageObject", () => {
    const media = { origin: "https://firebasestorage.googleapis.com", bucket: "demo.appspot.com" };
    const image = previewImageOf(media, "https://typed.example/ignored.png", { id: "0123456789abcdef-2400x1600", alt: "A quiet harbour" });
    const jpeg = "https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/media%2F0123456789abcdef-2400x1600%2F1280.jpg?alt=media";
    const head = headTags({
      meta: { title: "T", type: "article", image, jsonLd: { "@type": "BlogPosting", headline: "T" } },
      url: "https://example.com/blogs/t",
      base: "https://example.com",
    });
    expect(head).toContain(`<meta property="og:image" content="${jpeg.replaceAll("&", "&amp;")}">`);
    expect(head).toContain('<meta property="og:image:type" content="image/jpeg">');
    expect(head).toContain('<meta property="og:image:width" content="1280">');
    expect(head).toContain('<meta property="og:image:height" content="853">');
    expect(head).toContain('<meta property="og:image:alt" content="A quiet harbour">');
    expect(head).toContain(`<meta name="twitter:image" content="${jpeg}">`);
    expect(head).toContain('<meta name="twitter:image:alt" content="A quiet harbour">');
    expect(JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!).image).toEqual({
      "@type": "ImageObject",
      url: jpeg,
      width: 1280,
      height: 853,
    });
    // The same page without a bucket in its config: the URL as typed, as before.
    expect(previewImageOf(null, "https://typed.example/c.png", { id: "0123456789abcdef-2400x1600", alt: "x" })).toBe("https://typed.example/c.png");
  });

  it("the share card's file has the size the tags announce", () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shell", "public", DEFAULT_PREVIEW_IMAGE.path);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: DEFAULT_PREVIEW_IMAGE.width, height: DEFAULT_PREVIEW_IMAGE.height });
  });
});
