// Public pages arrive rendered. What the first HTML response holds (content, title,
// preview tags, JSON-LD, status), what a browser without JavaScript shows, feeds and sitemap
// from current content, hydration without mismatches, and the micro-frontend composition on the
// server: a remote that is down falls back in its slot, and repointing a remote changes the HTML.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { createServer } from "node:net";
import { startStaticServer } from "scripts/static-server";
import { SITE_URL, db, expect, overrideRemoteUrl, setRemoteRunning, stackState, test } from "../fixtures";

type Rec = Record<string, unknown>;
interface IndexEntry {
  title: string;
  summary: string;
  tags?: string[];
  publishedAt: number;
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function html(request: APIRequestContext, path: string): Promise<{ status: number; body: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), body: await response.text() };
}

/** The content of <meta property|name="key">, or null. */
function metaOf(body: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`).exec(body);
  return m ? decode(m[1]!) : null;
}
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The site's name: the owner's, from the about section. */
const ownerName = async () => String(((await db.get("site/about")) as Rec).name);
const titleOf = (body: string) => decode(/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "");
function jsonLdOf(body: string): Rec {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(body);
  expect(m, "the page has JSON-LD").toBeTruthy();
  return JSON.parse(m![1]!) as Rec;
}

async function publishedIndex(): Promise<[string, IndexEntry][]> {
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
  return Object.entries(index).sort(([a, x], [b, y]) => y.publishedAt - x.publishedAt || a.localeCompare(b));
}

/** The newest published post (the demo seed has several). */
async function newest(n = 0): Promise<[string, IndexEntry]> {
  const entry = (await publishedIndex())[n];
  expect(entry, "demo seed: published posts").toBeTruthy();
  return entry!;
}

/** Console errors and page errors of a page from now on (React reports mismatches there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test.describe("server-rendered HTML", () => {
  test("a post's first response holds its title, first paragraph, metadata and JSON-LD", async ({ request }) => {
    const [slug, entry] = await newest();
    const post = (await db.get(`blog/posts/${slug}`)) as Rec;
    const { status, body } = await html(request, `/blogs/${slug}`);
    expect(status).toBe(200);
    expect(body).toContain(`<h1`);
    expect(body).toContain(entry.title.replace(/&/g, "&amp;"));
    const firstParagraph = String(post.body)
      .split("\n\n")
      .find((p) => p && !p.startsWith("#"))!;
    expect(body).toContain(firstParagraph.slice(0, 40));
    const url = `${SITE_URL}/blogs/${slug}`;
    expect(titleOf(body)).toBe(`${entry.title} · ${await ownerName()}`);
    expect(metaOf(body, "description")).toBe(entry.summary);
    expect(body).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaOf(body, "og:title")).toBe(entry.title);
    expect(metaOf(body, "og:description")).toBe(entry.summary);
    expect(metaOf(body, "og:type")).toBe("article");
    expect(metaOf(body, "og:url")).toBe(url);
    expect(metaOf(body, "article:published_time")).toBe(new Date(entry.publishedAt).toISOString());
    expect(metaOf(body, "twitter:title")).toBe(entry.title);
    // A raster preview image (the post's cover, else the site's share card with its size): link
    // previews show no SVG, and the large card goes with a raster image only.
    const image = metaOf(body, "og:image")!;
    expect(image).toMatch(/^https?:\/\/.*\.(png|jpe?g|gif|webp)(\?.*)?$/i);
    expect(metaOf(body, "twitter:image")).toBe(image);
    expect(metaOf(body, "twitter:card")).toBe("summary_large_image");
    if (!post.coverUrl) {
      expect(image).toBe(`${SITE_URL}/images/share-card.png`);
      expect([metaOf(body, "og:image:width"), metaOf(body, "og:image:height")]).toEqual(["1200", "630"]);
      const card = await request.get(image);
      expect(card.headers()["content-type"]).toBe("image/png");
    }
    const ld = jsonLdOf(body);
    expect(ld["@type"]).toBe("BlogPosting");
    expect(ld.headline).toBe(entry.title);
    expect(ld.url).toBe(url);
    expect(ld.datePublished).toBe(new Date(entry.publishedAt).toISOString());
    expect(ld.author).toEqual({ "@type": "Person", name: await ownerName(), url: `${SITE_URL}/` });
    expect(ld.image).toBe(image);
  });

  test("the home page describes its owner (Person) and every public page has its own title and description", async ({ request }) => {
    const about = (await db.get("site/about")) as Rec;
    const home = await html(request, "/");
    expect(home.status).toBe(200);
    // The site carries its owner's name: the home page's title is the name alone.
    expect(titleOf(home.body)).toBe(String(about.name));
    expect(metaOf(home.body, "description")).toBe(about.headline);
    // The owner's avatar when it is a raster image (the demo's is an upload: its share JPEG); an SVG gets the share card.
    const avatar = new URL(String(about.avatarUrl), SITE_URL).href;
    expect(metaOf(home.body, "og:image")).toBe(/\.svg$/.test(avatar) ? `${SITE_URL}/images/share-card.png` : avatar);
    expect(home.body).toContain(`<link rel="canonical" href="${SITE_URL}/">`);
    const person = jsonLdOf(home.body);
    // An uploaded avatar (the demo's) is described with the share JPEG's size; a hand-typed URL is the URL alone.
    const size = (about.avatarImage as { id?: string } | undefined)?.id?.match(/-(\d+)x(\d+)$/);
    const shareWidth = Number(/%2F(\d+)\.jpg\?/.exec(avatar)?.[1]);
    const image = size
      ? { "@type": "ImageObject", url: avatar, width: shareWidth, height: Math.round((Number(size[2]) * shareWidth) / Number(size[1])) }
      : avatar;
    expect(person).toMatchObject({ "@type": "Person", name: about.name, jobTitle: about.headline, image });

    const pages: [string, string][] = [
      ["/blogs/list", `Blog · ${String(about.name)}`],
      ["/favorite-quotes", `Favourite quotes · ${String(about.name)}`],
      ["/list-of-seen-films", `Seen films · ${String(about.name)}`],
      ["/write-recommendation", `Write a recommendation · ${String(about.name)}`],
    ];
    const descriptions = new Set<string>();
    for (const [path, title] of pages) {
      const { status, body } = await html(request, path);
      expect(status, path).toBe(200);
      expect(titleOf(body), path).toBe(title);
      const description = metaOf(body, "description");
      expect(description, path).toBeTruthy();
      descriptions.add(description!);
      expect(body, path).toContain(`<link rel="canonical" href="${SITE_URL}${path}">`);
      expect(metaOf(body, "og:url"), path).toBe(`${SITE_URL}${path}`);
      expect(body, path).toContain('<link rel="alternate" type="application/rss+xml"');
    }
    expect(descriptions.size).toBe(pages.length);
  });

  test("unknown paths, unknown posts and drafts answer 404 with the not-found page", async ({ request }) => {
    const posts = ((await db.get("blog/drafts")) ?? {}) as Record<string, Rec>;
    const draft = Object.keys(posts)[0];
    expect(draft, "demo seed: a draft post").toBeTruthy();
    const unknown = await html(request, "/no/such/page");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("Page not found");
    expect(metaOf(unknown.body, "robots")).toBe("noindex");
    for (const slug of ["no-such-post-e2e", draft!]) {
      const { status, body } = await html(request, `/blogs/${slug}`);
      expect(status, slug).toBe(404);
      expect(body).toContain("Post not found");
      expect(body).not.toContain(String(posts[draft!]?.title));
    }
    const redirect = await html(request, "/blogs");
    expect(redirect.status).toBe(301);
  });

  test("the specification's addresses of the quotes and films pages answer 301 to the real pages", async ({ request }) => {
    const quotes = (await db.get("quotes")) as Record<string, unknown>;
    const id = Object.keys(quotes)[0]!;
    const cases: [string, string][] = [
      ["/blogs", "/blogs/list"],
      ["/blogs/favorite-quotes", "/favorite-quotes"],
      ["/blogs/favorite-quotes/", "/favorite-quotes"],
      [`/blogs/favorite-quotes/${id}`, `/favorite-quotes/${id}`],
      ["/blogs/list-of-seen-films?sort=rating", "/list-of-seen-films?sort=rating"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers()["location"], from).toBe(to);
    }
    const followed = await request.get("/blogs/list-of-seen-films");
    expect(followed.status()).toBe(200);
    expect(followed.url()).toMatch(/\/list-of-seen-films$/);
  });

  test("links, feeds and stylesheets never come from a host the request names", async ({ request }) => {
    const headers = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "javascript" };
    for (const path of ["/blogs/list", "/no/such/page", "/feed.xml", "/sitemap.xml"]) {
      const response = await request.get(path, { headers });
      const body = await response.text();
      expect(body, path).not.toContain("evil.example");
      // A feed carries whole posts, whose code may show "javascript:" as text (the sanitising
      // post does); their links are checked in public-blog-contents.spec.ts (all absolute http).
      expect(body.replace(/<content:encoded>[^<]*<\/content:encoded>/g, ""), path).not.toContain("javascript:");
      expect(body, path).toContain(SITE_URL);
      // Hosting adds Authorization and Cookie; nothing names the host.
      expect(response.headers()["vary"], path).toContain("Accept-Encoding");
      expect(response.headers()["vary"], path).not.toMatch(/host|forwarded/i);
    }
  });

  test("odd paths answer 400 or 404, never a server error: a long path, object-prototype names", async ({ request }) => {
    // "/blogs/%ff" and a 10 KB path never reach the renderer here: the Hosting emulator answers
    // them with its own 500. The renderer's answer to them (400) is tested in renderer/tests.
    const cases: [string, number][] = [
      [`/blogs/${"a".repeat(3000)}`, 400],
      ["/blogs/constructor", 404],
      ["/blogs/__proto__", 404],
      ["/blogs/toString", 404],
    ];
    for (const [path, expected] of cases) expect((await html(request, path)).status, path.slice(0, 40)).toBe(expected);
  });

  test("the feed and the sitemap list exactly the published posts; robots.txt keeps crawlers out of the admin and names the sitemap; pages link it", async ({
    request,
  }) => {
    const published = await publishedIndex();
    const drafts = Object.keys(((await db.get("blog/drafts")) ?? {}) as object);
    expect(drafts.length).toBeGreaterThan(0);
    const feed = await request.get("/feed.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("rss+xml");
    const feedText = await feed.text();
    const feedLinks = [...feedText.matchAll(/<item><title>[^<]*<\/title><link>([^<]*)<\/link>/g)].map((m) => m[1]);
    expect(feedLinks).toEqual(published.map(([slug]) => `${SITE_URL}/blogs/${slug}`));
    const sitemap = await (await request.get("/sitemap.xml")).text();
    // Posts only: not the list, nor a series' page (public-blog-series.spec.ts).
    const postUrls = [...sitemap.matchAll(/<loc>([^<]*\/blogs\/(?!list|series\/)[^<]*)<\/loc>/g)].map((m) => m[1]).sort();
    expect(postUrls).toEqual(published.map(([slug]) => `${SITE_URL}/blogs/${slug}`).sort());
    for (const path of ["/", "/blogs/list", "/favorite-quotes", "/list-of-seen-films"]) expect(sitemap).toContain(`<loc>${SITE_URL}${path}</loc>`);
    for (const draft of drafts) {
      expect(sitemap).not.toContain(draft);
      expect(feedText).not.toContain(draft);
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin-panel");
    expect(robots).toContain("User-agent: *");
    expect(robots.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${SITE_URL}/sitemap.xml`]);
    expect((await html(request, "/blogs/list")).body).toContain('<link rel="sitemap" type="application/xml" title="Sitemap" href="/sitemap.xml"');
  });

  test("an edit through the database shows in the next server-rendered response", async ({ request }) => {
    const [slug, entry] = await newest();
    const renamed = `${entry.title} (edited ${Date.now()})`;
    await db.update("/", { [`blog/index/${slug}/title`]: renamed, [`blog/posts/${slug}/title`]: renamed });
    try {
      await expect.poll(async () => titleOf((await html(request, `/blogs/${slug}`)).body), { timeout: 10_000 }).toBe(`${renamed} · ${await ownerName()}`);
      expect((await html(request, "/blogs/list")).body).toContain(renamed);
    } finally {
      await db.update("/", { [`blog/index/${slug}/title`]: entry.title, [`blog/posts/${slug}/title`]: entry.title });
    }
  });

  test("pages are compressed and may be served stale by a CDN for a day; the feed and a missing page only for a minute", async ({ request }) => {
    const response = await request.get("/blogs/list", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=86400");
    expect((await request.get("/feed.xml")).headers()["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page shows its main content", async ({ page }) => {
    const about = (await db.get("site/about")) as Rec;
    const [slug, entry] = await newest();
    const [, second] = await newest(1);
    // The first quote of the list's window (by author, in the database's order of text, ties by key).
    const quotes = Object.entries(((await db.get("quotes")) ?? {}) as Record<string, Rec>)
      .sort(([ka, a], [kb, b]) => (String(a.author) < String(b.author) ? -1 : String(a.author) > String(b.author) ? 1 : ka < kb ? -1 : 1))
      .map(([, q]) => q);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: String(about.headline) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Experience" })).toBeVisible();
    await page.goto("/blogs/list");
    await expect(page.getByRole("link", { name: entry.title })).toBeVisible();
    await expect(page.getByRole("link", { name: second.title })).toBeVisible();
    await page.goto(`/blogs/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: entry.title })).toBeVisible();
    await page.goto("/favorite-quotes");
    await expect(page.getByText(String(quotes[0]?.text).slice(0, 30)).first()).toBeVisible();
    await page.goto("/list-of-seen-films");
    await expect(page.getByRole("article").first()).toBeVisible();
    await page.goto("/write-recommendation");
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  });
});

test.describe("hydration", () => {
  test("every public page hydrates without mismatches, without fetching config.json or the markdown renderer", async ({ page }) => {
    const [slug] = await newest();
    for (const path of ["/", "/blogs/list", `/blogs/${slug}`, "/favorite-quotes", "/list-of-seen-films", "/write-recommendation", "/no-such-page"]) {
      const errors = collectErrors(page);
      const fetched: string[] = [];
      page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(path);
      // Hydrated: the theme toggle responds (an event handler is attached).
      await page.getByRole("button", { name: "Dark theme" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.getByRole("button", { name: "Light theme" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      expect(errors, path).toEqual([]);
      expect(fetched, path).not.toContain("/config.json");
      expect(
        fetched.filter((f) => f.includes("render-markdown")),
        path,
      ).toEqual([]);
      page.removeAllListeners("console");
      page.removeAllListeners("pageerror");
      page.removeAllListeners("request");
    }
  });

  test("a stored title that tries to close the data script renders as text, on the server and after hydration", async ({ page, request }) => {
    const [slug, entry] = await newest();
    const hostile = `</script><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    await db.update("/", { [`blog/index/${slug}/title`]: hostile, [`blog/posts/${slug}/title`]: hostile });
    try {
      const { body } = await html(request, `/blogs/${slug}`);
      expect(body).not.toContain('<img src=x onerror="window.__xss=1">');
      expect(body).not.toContain("<script>window.__xss=2</script>");
      const errors = collectErrors(page);
      await page.goto(`/blogs/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(hostile);
      await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await db.update("/", { [`blog/index/${slug}/title`]: entry.title, [`blog/posts/${slug}/title`]: entry.title });
    }
  });

  test("after hydration the page is live: an edit shows without a reload", async ({ page }) => {
    const [slug, entry] = await newest();
    await page.goto(`/blogs/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.title);
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const renamed = `${entry.title} (live)`;
    await db.update("/", { [`blog/index/${slug}/title`]: renamed, [`blog/posts/${slug}/title`]: renamed });
    try {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
      expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    } finally {
      await db.update("/", { [`blog/index/${slug}/title`]: entry.title, [`blog/posts/${slug}/title`]: entry.title });
    }
  });

  test("on a phone-speed CPU, pages hydrate in place: no layout shift, no mismatch, no loading fallback", async ({ page }) => {
    // A 4x slower CPU (Lighthouse's mobile preset) lets the live streams answer while a slot is
    // still hydrating: the order of events that once dropped the server HTML for "Loading…".
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __fallback: boolean };
      w.__shift = 0;
      w.__fallback = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
      new MutationObserver(() => {
        if (document.querySelector('main [role="status"][aria-live="polite"]')?.textContent === "Loading…") w.__fallback = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    // Every public page: the seed has no series, so one of two parts is written for the test.
    const [slug] = await newest();
    const stamp = Date.now().toString(36);
    const series = { slug: `hydrating-${stamp}`, title: `Hydrating ${stamp}` };
    const t = Date.now() - 86_400_000;
    const parts = [1, 2].map((part) => ({ slug: `hydrating-${part}-${stamp}`, title: `Hydrating part ${part} ${stamp}`, part }));
    const updates: Record<string, unknown> = {};
    for (const p of parts) {
      const post = { title: p.title, summary: `Part ${p.part}.`, tags: ["react"], readingMinutes: 1 };
      updates[`posts/${p.slug}`] = {
        ...post,
        body: `Part **${p.part}**.`,
        status: "published",
        createdAt: t,
        publishedAt: t + p.part,
        rev: 1,
        updatedAt: t,
        series: { ...series, part: p.part },
      };
      updates[`index/${p.slug}`] = { ...post, publishedAt: t + p.part };
      updates[`series/${series.slug}/${p.slug}`] = { seriesTitle: series.title, title: p.title, part: p.part };
    }
    await db.update("blog", updates);
    const pages = ["/", "/blogs/list", `/blogs/${slug}`, `/blogs/${parts[1]!.slug}`, "/favorite-quotes", "/list-of-seen-films", `/blogs/series/${series.slug}`];
    try {
      for (const path of pages) {
        await page.goto(path);
        // The fixture's goto waited for hydration; give the live streams time to answer (the
        // streams stay open, so there is no "network idle" to wait for).
        await page.waitForTimeout(2500);
        const { shift, fallback } = await page.evaluate(() => {
          const w = window as unknown as { __shift: number; __fallback: boolean };
          return { shift: w.__shift, fallback: w.__fallback };
        });
        expect(fallback, path).toBe(false);
        expect(shift, path).toBeLessThan(0.05);
      }
      // The last page, the series, showed its own content (not an error or a 404 page).
      await expect(page.getByRole("link", { name: parts[1]!.title })).toBeVisible();
    } finally {
      const removal: Record<string, null> = {};
      for (const key of Object.keys(updates)) removal[key] = null;
      await db.update("blog", removal);
    }
    expect(errors.filter((e) => e.includes("hydration"))).toEqual([]);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });

  test("the site carries its owner's name (header, footer, titles, feed), and follows a rename", async ({ page, request }) => {
    const name = await ownerName();
    await page.goto("/blogs/list");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(name);
    await expect(page).toHaveTitle(`Blog · ${name}`);
    expect(await (await request.get("/feed.xml")).text()).toContain(`<title>Blog · ${name}</title>`);
    const renamed = `${name} Studio`;
    await db.update("/", { "site/about/name": renamed });
    try {
      // Live in the open page, and in the next server-rendered response.
      await expect(header.getByRole("link", { name: renamed, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`Blog · ${renamed}`);
      await expect.poll(async () => titleOf((await html(request, "/favorite-quotes")).body)).toBe(`Favourite quotes · ${renamed}`);
    } finally {
      await db.update("/", { "site/about/name": name });
    }
  });
});

/** A port nothing listens on (bound, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

test("a database that cannot be reached answers 503 with the page saying so, the layout intact", async ({ request }) => {
  const { configFile } = await stackState();
  const before = await readFile(configFile, "utf8");
  const config = JSON.parse(before) as { firebase: { databaseURL: string }; emulators: { database: { port: number } } };
  const port = await closedPort();
  config.firebase.databaseURL = config.firebase.databaseURL.replace(/:\d+\//, `:${port}/`);
  config.emulators.database.port = port;
  await writeFile(configFile, JSON.stringify(config, null, 2));
  try {
    await expect.poll(async () => (await html(request, "/")).status, { timeout: 15_000 }).toBe(503);
    const response = await request.get("/");
    expect(response.headers()["retry-after"]).toBeTruthy();
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.text();
    expect(body).toContain('aria-label="Main"');
    expect(body).toContain("could not be loaded. Check your connection and try again.");
  } finally {
    await writeFile(configFile, before);
  }
  await expect.poll(async () => (await html(request, "/")).status, { timeout: 15_000 }).toBe(200);
});

test.describe("composition on the server", () => {
  test("a remote that is down renders its fallback in a 503; the rest of the page is intact and recovers", async ({ page, request }) => {
    await setRemoteRunning("remote_blog", false);
    try {
      await expect.poll(async () => (await html(request, "/blogs/list")).body.includes("data-remote-fallback"), { timeout: 15_000 }).toBe(true);
      const response = await request.get("/blogs/list");
      // Not a page to cache or index: 503 with Retry-After, never a 200 with a placeholder.
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toBeTruthy();
      expect(response.headers()["cache-control"]).toBe("no-store");
      const body = await response.text();
      expect(body).toContain('aria-label="Main"');
      expect(body).toContain("This part of the page could not be loaded.");
      const errors = collectErrors(page);
      await page.goto("/blogs/list");
      await expect(page.getByRole("region", { name: /BlogListPage.*unavailable/ })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      expect(errors.filter((e) => e.includes("hydration"))).toEqual([]);
    } finally {
      await setRemoteRunning("remote_blog", true);
    }
    await expect.poll(async () => (await html(request, "/blogs/list")).body.includes("data-remote-fallback"), { timeout: 15_000 }).toBe(false);
  });

  test("repointing a remote in the runtime config changes the server-rendered HTML, without rebuilding anything", async ({ request }) => {
    // A "new release" of remote-blog at another URL: its built files with one text changed.
    const dir = await mkdtemp(join(tmpdir(), "remote-blog-next-"));
    await cp(join(repoRoot, "remote-blog", "dist"), dir, { recursive: true });
    let changed = 0;
    for (const file of await readdir(join(dir, "server"))) {
      const path = join(dir, "server", file);
      const text = await readFile(path, "utf8");
      if (text.includes("← All posts")) {
        await writeFile(path, text.replaceAll("← All posts", "← Every post (next release)"));
        changed += 1;
      }
    }
    expect(changed, "remote-blog's server chunks hold the back link").toBeGreaterThan(0);
    const server = await startStaticServer({ root: dir, port: 0, name: "remote-blog-next" });
    const [slug] = await newest();
    const restore = await overrideRemoteUrl("remote_blog", `${server.url}/mf-manifest.json`);
    try {
      await expect.poll(async () => (await html(request, `/blogs/${slug}`)).body.includes("← Every post (next release)"), { timeout: 15_000 }).toBe(true);
    } finally {
      await restore();
      await server.close();
    }
    await expect.poll(async () => (await html(request, `/blogs/${slug}`)).body.includes("← All posts"), { timeout: 15_000 }).toBe(true);
    await rm(dir, { recursive: true, force: true });
  });

  test("a new release of a remote at the same URL reaches the server-rendered HTML", async ({ request }) => {
    const dir = await mkdtemp(join(tmpdir(), "remote-blog-same-url-"));
    await cp(join(repoRoot, "remote-blog", "dist"), dir, { recursive: true });
    const server = await startStaticServer({ root: dir, port: 0, name: "remote-blog-same-url" });
    const [slug] = await newest();
    const restore = await overrideRemoteUrl("remote_blog", `${server.url}/mf-manifest.json`);
    try {
      await expect.poll(async () => (await html(request, `/blogs/${slug}`)).body.includes(`${server.url}/`), { timeout: 15_000 }).toBe(true);
      expect((await html(request, `/blogs/${slug}`)).body).toContain("← All posts");
      // Deploy a new build over the old one: new server chunks and a new manifest, same URL.
      for (const file of await readdir(join(dir, "server"))) {
        const path = join(dir, "server", file);
        const text = await readFile(path, "utf8");
        if (text.includes("← All posts")) await writeFile(path, text.replaceAll("← All posts", "← All posts (same URL, new release)"));
      }
      const manifestPath = join(dir, "mf-manifest.json");
      const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { metaData: { buildInfo: { buildVersion: string } } };
      manifest.metaData.buildInfo.buildVersion = `release-${Date.now()}`;
      await writeFile(manifestPath, JSON.stringify(manifest));
      await expect.poll(async () => (await html(request, `/blogs/${slug}`)).body.includes("(same URL, new release)"), { timeout: 20_000 }).toBe(true);
    } finally {
      await restore();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
