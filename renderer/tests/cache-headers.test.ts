// The Cache-Control of every route the renderer answers, against real servers: the shell's and the
// public remotes' builds (served over HTTP like their Hosting sites), the local database server
// with the project's rules and the demo seed, and a config server. Each public response says on
// purpose how long a CDN may keep it (renderer/README.md, "Caching", has the table and the
// reasons): pages, feed and sitemap are shared and short-lived at the CDN, and what a cohort, a
// preview or a failure makes personal or wrong is private or not stored at all.
import { existsSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PREVIEW_LINK_PARAM, RELEASE_REPORT_PATH } from "release-protocol";
import { signPreview } from "release-protocol/preview-token";
import { startStaticServer, type StaticServer } from "dev-tools/static-server";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COHORT_CACHE, createRenderer, publicCache } from "../src/handler";
import { SESSION_COOKIE } from "../src/releases/selection";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NAMESPACE = "demo-portfolio-default-rtdb";
const SECRET = "a-preview-secret-of-at-least-32-characters";
const PAGE = publicCache("page");
const SHORT = publicCache("uncorrected");
const NO_STORE = "no-store";
const PRIVATE = "private, no-store";

const seed = JSON.parse(readFileSync(join(repoRoot, "seed", "demo-content.json"), "utf8")) as {
  blog: { index: Record<string, { title: string; publishedAt: number; tags?: string[] }>; series?: Record<string, unknown> };
  quotes: Record<string, unknown>;
};
const [slug, entry] = Object.entries(seed.blog.index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt)[0]!;
// The demo content has no series: the newest post is made the first part of one.
const series = "a-series";
const quote = Object.keys(seed.quotes)[0]!;

const port = (server: Server) => (server.address() as AddressInfo).port;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

let database: RtdbEmulator;
let remotes: Record<string, StaticServer>;
let configServer: Server;
let renderer: Server;
/** What the config server serves; each test starts from the plain live site. */
let config: Record<string, unknown> | null;

function liveConfig(databasePort = database.port): Record<string, unknown> {
  return {
    firebase: { apiKey: "k", authDomain: "", projectId: "demo-portfolio", appId: "a", databaseURL: `http://127.0.0.1:${databasePort}/?ns=${NAMESPACE}` },
    emulators: { database: { host: "127.0.0.1", port: databasePort } },
    remotes: Object.fromEntries(Object.entries(remotes).map(([name, s]) => [name, `${s.url}/mf-manifest.json`])),
    site: { url: "https://portfolio.example" },
  };
}

/** A write to the database as its owner (rules bypassed). */
async function ownerWrite(path: string, value: unknown) {
  const res = await fetch(`${database.url}/${path}.json?ns=${NAMESPACE}`, {
    method: "PUT",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify(value),
  });
  if (!res.ok) throw new Error(`PUT ${path}: HTTP ${res.status}`);
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
}

function ask(path: string, { method = "GET", cookie }: { method?: string; cookie?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: port(renderer), path, method, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  for (const dist of ["shell", "remote-home", "remote-blog", "remote-admin"]) {
    if (!existsSync(join(repoRoot, dist, "dist"))) throw new Error(`${dist} is not built: run \`npm run build\` first`);
  }
  database = await startRtdbEmulator({
    port: 0,
    rules: join(repoRoot, "database.rules.json"),
    seed: join(repoRoot, "seed", "demo-content.json"),
    defaultNamespace: NAMESPACE,
  });
  const part = { seriesTitle: "A series", title: entry.title, part: 1 };
  await fetch(`${database.url}/blog/series/${series}/${slug}.json?ns=${NAMESPACE}`, {
    method: "PUT",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify(part),
  });
  remotes = {
    remote_home: await startStaticServer({ root: join(repoRoot, "remote-home", "dist") }),
    remote_blog: await startStaticServer({ root: join(repoRoot, "remote-blog", "dist") }),
    remote_admin: await startStaticServer({ root: join(repoRoot, "remote-admin", "dist") }),
  };
  configServer = createServer((_req, res) => {
    if (config) res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(config));
    else res.writeHead(404).end();
  });
  await listen(configServer);
  config = liveConfig();
  const render = createRenderer({
    shellDir: join(repoRoot, "shell", "dist"),
    configUrl: `http://127.0.0.1:${port(configServer)}/config.json`,
    maxAgeMs: 0,
    previewSecret: SECRET,
    log: () => undefined,
  });
  await render.ready;
  renderer = createServer((req, res) => void render.handle(req, res));
  await listen(renderer);
});

beforeEach(() => {
  config = liveConfig();
});

afterAll(async () => {
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await Promise.all([
    renderer && close(renderer),
    configServer && close(configServer),
    database?.close(),
    ...Object.values(remotes ?? {}).map((s) => s.close()),
  ]);
});

describe("Cache-Control of every route", () => {
  const tag = entry.tags?.[0] ?? "notes";
  const routes: [string, number, string][] = [
    ["/", 200, PAGE],
    ["/write-recommendation", 200, PAGE],
    ["/blogs/list", 200, PAGE],
    [`/blogs/list?tag=${tag}`, 200, PAGE],
    [`/blogs/${slug}`, 200, PAGE],
    [`/blogs/series/${series}`, 200, PAGE],
    ["/favorite-quotes", 200, PAGE],
    [`/favorite-quotes/${quote}`, 200, PAGE],
    ["/list-of-seen-films", 200, PAGE],
    // Nothing corrects these after they are sent: a short window.
    ["/no-such-page", 404, SHORT],
    ["/blogs/no-such-post", 404, SHORT],
    ["/feed.xml", 200, SHORT],
    [`/feed.xml?tag=${tag}`, 200, SHORT],
    ["/sitemap.xml", 200, SHORT],
    // A permanent move of an old address: cached like a page.
    ["/blogs", 301, PAGE],
    ["/blogs/list-of-seen-films", 301, PAGE],
    // The signed-in area's template: the same for everyone, checked with the server each time.
    ["/admin-panel", 200, "no-cache"],
    ["/admin-panel/blog", 200, "no-cache"],
    ["/login", 200, "no-cache"],
    ["/reset-password", 200, "no-cache"],
    ["/create-realtime-data", 200, "no-cache"],
    // Refused requests are never kept.
    ["/feed.xml?tag=", 400, NO_STORE],
    ["/%ff", 400, NO_STORE],
  ];

  it.each(routes)("%s: %i with %s", async (path, status, cache) => {
    const reply = await ask(path);
    expect(reply.status).toBe(status);
    expect(reply.headers["cache-control"]).toBe(cache);
    expect(reply.headers["set-cookie"]).toBeUndefined();
    // The CDN keys a shared copy by the path and the encoding only.
    if (cache.startsWith("public")) expect(reply.headers.vary).toBe("Accept-Encoding");
  });

  it("another method and the release reports' endpoint are not stored", async () => {
    expect((await ask("/", { method: "POST" })).headers["cache-control"]).toBe(NO_STORE);
    expect((await ask(RELEASE_REPORT_PATH)).headers["cache-control"]).toBe(NO_STORE);
  });
});

describe("Cache-Control of personal and failed responses", () => {
  const link = () => {
    const now = Math.floor(Date.now() / 1000);
    const grant = { remote: "remote_blog", manifestUrl: `${remotes.remote_blog!.url}/mf-manifest.json`, issuedAt: now, expiresAt: now + 3600 };
    return signPreview(grant, SECRET);
  };

  it("a preview link, the page it leads to, and a refused link are private and never stored", async () => {
    const token = link();
    const opened = await ask(`/blogs/list?${PREVIEW_LINK_PARAM}=${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers["cache-control"]).toBe(PRIVATE);
    const cookie = String(opened.headers["set-cookie"]).split(";")[0]!;
    const page = await ask("/blogs/list", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe(PRIVATE);
    const refused = await ask(`/blogs/list?${PREVIEW_LINK_PARAM}=not-a-token`);
    expect(refused.headers["cache-control"]).toBe(PRIVATE);
  });

  // A response that sets or clears a preview's cookie is private like every other personal one.
  it("the signed-in area's template that sets a cookie is private", async () => {
    // A held preview that is no longer valid: the cookie is cleared on this response.
    const opened = await ask("/login", { cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${PREVIEW_LINK_PARAM}=not-a-token`)}` });
    expect(opened.headers["set-cookie"]).toBeDefined();
    expect(opened.headers["cache-control"]).toBe(PRIVATE);
  });

  it("a page that renders a canaried remote is private to the cohort; a page without it stays shared", async () => {
    // A canary is the release state's (the renderer follows it), never config.json's.
    const canary = {
      release: "9.9.9-cccccccccc",
      key: "9,9,9-cccccccccc",
      entry: `${remotes.remote_blog!.url}/mf-manifest.json`,
      percent: 50,
      startedAt: Date.now(),
    };
    await ownerWrite("releases/canary/remote_blog", canary);
    try {
      await expect.poll(async () => (await ask("/blogs/list")).headers["cache-control"]).toBe(COHORT_CACHE["Cache-Control"]);
      const blog = await ask("/blogs/list");
      expect(blog.status).toBe(200);
      expect(blog.headers.vary).toBe(COHORT_CACHE.Vary);
      const home = await ask("/");
      expect(home.headers["cache-control"]).toBe(PAGE);
      expect(home.headers["set-cookie"]).toBeUndefined();
    } finally {
      await ownerWrite("releases/canary/remote_blog", null);
    }
  });

  it("a database that cannot be reached makes every page, the feed and the sitemap 503, not stored", async () => {
    config = liveConfig(1);
    for (const path of ["/", `/blogs/${slug}`, "/feed.xml", "/sitemap.xml"]) {
      const reply = await ask(path);
      expect(reply.status, path).toBe(503);
      expect(reply.headers["cache-control"], path).toBe(NO_STORE);
      expect(reply.headers["retry-after"], path).toBeDefined();
    }
  });

  it("a config that cannot be read, or names no site, is not stored", async () => {
    config = null;
    expect((await ask("/")).headers["cache-control"]).toBe(NO_STORE);
    config = { ...liveConfig(), site: undefined };
    expect((await ask("/")).headers["cache-control"]).toBe(NO_STORE);
  });
});
