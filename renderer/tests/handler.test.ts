// The renderer's request path against real servers: the local database server (rtdb-emulator)
// with the project's rules, a config server, and hosts a request may name. Nothing here needs a
// remote: the remotes are configured at a port where nothing listens, so pages with a remote slot
// are incomplete (503), and the not-found page (the shell's own) is the page whose links are read.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";

type Json = Parameters<typeof startRtdbEmulator>[0] extends { seed?: infer S } | undefined ? Exclude<S, string> : never;
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createRenderer, publicCache } from "../src/handler";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SITE = "https://portfolio.example";
const SHELL_CSS = ".from-the-deployed-shell{color:teal}";
const NAMESPACE = "demo-portfolio-default-rtdb";

const seed: Json = {
  site: { about: { name: "Ada Example", headline: "Engineer", rev: 1 } },
  blog: {
    index: {
      "first-post": { title: "First post", summary: "One", tags: { "0": "a" }, readingMinutes: 1, publishedAt: Date.UTC(2026, 0, 2) },
    },
  },
};

const port = (server: Server | TcpServer) => (server.address() as AddressInfo).port;
const listen = (server: Server | TcpServer) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const close = (server: Server | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(server: Server, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: port(server), path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

let database: RtdbEmulator;
let deadRemotePort = 0;
/** A host a request names: it records every request that reaches it and serves CSS and a config. */
const evilRequests: string[] = [];
let evil: Server;
/** The configured config server; `config` is what it serves. */
const configRequests: string[] = [];
let config: Record<string, unknown> | null;
let configServer: Server;
let shellDir: string;

function configFor(databasePort: number, site: string | null = SITE): Record<string, unknown> {
  return {
    firebase: {
      apiKey: "demo-api-key",
      authDomain: "demo-portfolio.firebaseapp.com",
      projectId: "demo-portfolio",
      appId: "demo-app",
      databaseURL: `http://127.0.0.1:${databasePort}/?ns=${NAMESPACE}`,
    },
    emulators: { database: { host: "127.0.0.1", port: databasePort } },
    remotes: {
      remote_home: `http://127.0.0.1:${deadRemotePort}/home/mf-manifest.json`,
      remote_blog: `http://127.0.0.1:${deadRemotePort}/blog/mf-manifest.json`,
      remote_admin: `http://127.0.0.1:${deadRemotePort}/admin/mf-manifest.json`,
    },
    ...(site ? { site: { url: site } } : {}),
  };
}

async function startRenderer(options: { readDeadlineMs?: number } = {}): Promise<Server> {
  const renderer = createRenderer({ shellDir, configUrl: `http://127.0.0.1:${port(configServer)}/config.json`, maxAgeMs: 0, log: () => undefined, ...options });
  const server = createServer((req, res) => void renderer.handle(req, res));
  await listen(server);
  return server;
}

beforeAll(async () => {
  database = await startRtdbEmulator({ port: 0, rules: join(repoRoot, "database.rules.json"), seed, defaultNamespace: NAMESPACE });
  const dead = createTcpServer();
  await listen(dead);
  deadRemotePort = port(dead);
  await close(dead);

  shellDir = mkdtempSync(join(tmpdir(), "renderer-shell-"));
  mkdirSync(join(shellDir, ".vite"));
  mkdirSync(join(shellDir, "assets"));
  writeFileSync(
    join(shellDir, "app.html"),
    '<html><head><link rel="stylesheet" crossorigin href="/assets/index.css"><title>T</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-body--></body></html>',
  );
  writeFileSync(join(shellDir, ".vite", "manifest.json"), JSON.stringify({ "index.html": { file: "assets/index.js", css: ["assets/index.css"] } }));
  writeFileSync(join(shellDir, "assets", "index.css"), SHELL_CSS);

  evil = createServer((req, res) => {
    evilRequests.push(req.url ?? "");
    if (req.url?.endsWith(".css")) res.writeHead(200, { "Content-Type": "text/css" }).end("body{background:url(https://evil.example/x)}");
    else res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(configFor(database.port, "https://evil.example")));
  });
  await listen(evil);
  configServer = createServer((req, res) => {
    configRequests.push(req.url ?? "");
    if (config) res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(config));
    else res.writeHead(404).end();
  });
  await listen(configServer);
});

beforeEach(() => {
  config = configFor(database.port);
  evilRequests.length = 0;
  configRequests.length = 0;
});

afterAll(async () => {
  await Promise.all([close(evil), close(configServer), database.close()]);
});

/** The requests' ways of naming a host: each alone, and all at once. */
const INJECTIONS: Record<string, string>[] = [];

describe("a renderer with the configured site", () => {
  let renderer: Server;
  beforeAll(async () => {
    renderer = await startRenderer();
    const evilHost = `127.0.0.1:${port(evil)}`;
    INJECTIONS.push(
      { host: evilHost },
      { "x-forwarded-host": evilHost },
      { "x-forwarded-proto": "javascript" },
      { host: evilHost, "x-forwarded-host": evilHost, "x-forwarded-proto": "http" },
    );
  });
  afterAll(() => close(renderer));

  it("lets a CDN serve a page stale for a day (its live streams correct it), and what nothing corrects for a minute", () => {
    expect(publicCache("page")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=86400");
    expect(publicCache("uncorrected")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
  });

  it("prepares the config and the remotes when it is made, before any request; `ready` settles when that is done", async () => {
    // Its own config path: the suite's other renderer reads /config.json all the time.
    const configUrl = `http://127.0.0.1:${port(configServer)}/fresh-config.json`;
    const fresh = createRenderer({ shellDir, configUrl, maxAgeMs: 60_000, log: () => undefined });
    await fresh.ready;
    expect(configRequests.filter((url) => url === "/fresh-config.json")).toHaveLength(1);
  });

  it("refuses to start without the config's URL", () => {
    expect(() => createRenderer({ shellDir, configUrl: "" })).toThrow(/RUNTIME_CONFIG_URL/);
  });

  it("makes every link of a page from site.url and inlines the shell's stylesheet from disk, whatever host the request names", async () => {
    for (const headers of INJECTIONS) {
      const { status, body, headers: sent } = await get(renderer, "/no-such-page", headers);
      expect(status, JSON.stringify(headers)).toBe(404);
      expect(body).toContain(`<link rel="canonical" href="${SITE}/no-such-page">`);
      expect(body).toContain(`<meta property="og:url" content="${SITE}/no-such-page">`);
      expect(body).toContain(SHELL_CSS);
      // Inlined: its link dropped, and named only by a disabled one, which is never fetched.
      expect(body).not.toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index.css">/);
      expect(body).toContain('<link rel="stylesheet" href="/assets/index.css" disabled>');
      expect(body).not.toMatch(/evil|javascript:/);
      expect(body).not.toContain(`127.0.0.1:${port(evil)}`);
      expect(sent.vary).toBe("Accept-Encoding");
      // Nothing corrects a cached 404 in a visitor's browser: a short window, not a page's day.
      expect(sent["cache-control"]).toBe(publicCache("uncorrected"));
    }
    expect(evilRequests).toEqual([]);
    expect(configRequests.every((url) => url === "/config.json")).toBe(true);
  });

  it("makes every link of the feed and the sitemap from site.url", async () => {
    for (const headers of INJECTIONS) {
      for (const path of ["/feed.xml", "/sitemap.xml"]) {
        const { status, body, headers: sent } = await get(renderer, path, headers);
        expect(status, path).toBe(200);
        expect(sent["cache-control"], path).toBe(publicCache("uncorrected"));
        const links = [...body.matchAll(/<(?:link|loc|guid[^>]*)>([^<]*)</g), ...body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
        expect(links.length, path).toBeGreaterThan(2);
        for (const link of links) expect(link, path).toMatch(new RegExp(`^${SITE}/`));
      }
    }
    expect(evilRequests).toEqual([]);
  });

  it("ignores malformed forwarding headers", async () => {
    const malformed: Record<string, string>[] = [
      { "x-forwarded-host": "a.example, b.example" },
      { "x-forwarded-host": '"quoted"' },
      { "x-forwarded-proto": "https, http" },
      { host: "[::1" },
    ];
    for (const headers of malformed) {
      const { status, body } = await get(renderer, "/no-such-page", headers);
      expect(status, JSON.stringify(headers)).toBe(404);
      expect(body).toContain(`<link rel="canonical" href="${SITE}/no-such-page">`);
    }
  });

  it("answers odd paths with 400 or 404, never a server error", async () => {
    const cases: [string, number][] = [
      ["/blogs/%ff", 400],
      ["/%E0%A4%A", 400],
      [`/blogs/${"x".repeat(10_000)}`, 400],
      ["//evil.example/blogs/list", 404],
      ["/constructor", 404],
      ["/__proto__", 404],
      ["/toString", 404],
      ["/hasOwnProperty/valueOf", 404],
    ];
    for (const [path, expected] of cases) {
      const { status, body } = await get(renderer, path);
      expect(status, path.slice(0, 40)).toBe(expected);
      expect(body).not.toMatch(/="(https?:)?\/\/evil/); // a path that looks like a host stays a path on the site
    }
  });

  it("answers only GET and HEAD", async () => {
    const status = await new Promise<number>((resolve) => {
      const req = httpRequest({ host: "127.0.0.1", port: port(renderer), path: "/", method: "POST" }, (r) => resolve(r.statusCode ?? 0));
      req.end();
    });
    expect(status).toBe(405);
  });

  it("refuses to make links without site.url in the config", async () => {
    config = configFor(database.port, null);
    const { status, body, headers } = await get(renderer, "/no-such-page", { "x-forwarded-host": "evil.example" });
    expect(status).toBe(500);
    expect(body).toContain("not configured");
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with Retry-After and no-store, never a cacheable page, when a page's remote cannot be loaded", async () => {
    const { status, headers, body } = await get(renderer, "/blogs/list");
    expect(status).toBe(503);
    expect(headers["retry-after"]).toBe("5");
    expect(headers["cache-control"]).toBe("no-store");
    expect(body).toContain("This part of the page could not be loaded.");
  });

  it("answers 503 when its config cannot be read", async () => {
    config = null;
    const { status, headers } = await get(renderer, "/no-such-page");
    expect(status).toBe(503);
    expect(headers["cache-control"]).toBe("no-store");
  });
});

/**
 * A TCP proxy in front of the database: holds each connection's request `delayMs` before passing
 * it on (or forever, `null`: a database that accepts and never answers). Counts connections.
 */
async function databaseProxy(delayMs: number | null) {
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  let made = 0;
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    made += 1;
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    socket.on("close", () => {
      sockets.delete(socket);
      open -= 1;
    });
    socket.on("error", () => undefined);
    // A black hole reads (so it sees the client close the connection) and never answers.
    if (delayMs === null) return void socket.resume();
    socket.pause();
    setTimeout(() => {
      const upstream = connect(database.port, "127.0.0.1");
      upstream.on("error", () => socket.destroy());
      socket.on("error", () => upstream.destroy());
      socket.pipe(upstream).pipe(socket);
      socket.resume();
    }, delayMs);
  });
  await listen(server);
  return {
    port: port(server),
    open: () => open,
    mostOpen: () => mostOpen,
    /** Connections made so far. */
    made: () => made,
    close: async () => {
      for (const s of sockets) s.destroy();
      await close(server);
    },
  };
}

describe("a slow or silent database", () => {
  it("the page's reads start together, not one after another", async () => {
    const proxy = await databaseProxy(300);
    config = configFor(proxy.port);
    const renderer = await startRenderer();
    try {
      // The home page reads six sections (the about section also gives the site's name): all
      // are asked before any answers, even before the page's remote has loaded.
      await get(renderer, "/");
      expect(proxy.mostOpen()).toBe(6);
    } finally {
      await close(renderer);
      await proxy.close();
    }
  });

  it("a database that never answers: 503 with Retry-After and no-store once the page's deadline passes, and no connection left open", async () => {
    const proxy = await databaseProxy(null);
    config = configFor(proxy.port);
    const renderer = await startRenderer({ readDeadlineMs: 300 });
    try {
      for (const path of ["/no-such-page", "/", "/feed.xml", "/sitemap.xml"]) {
        const { status, headers } = await get(renderer, path);
        expect(status, path).toBe(503);
        expect(headers["retry-after"], path).toBe("5");
        expect(headers["cache-control"], path).toBe("no-store");
      }
      // One connection per read, each closed when the deadline ends it: none reopened, none left
      // idle. A page reads the change marker before its content, so an unanswered marker is its
      // one read (the not-found page's, the home page's); the feed's two; the sitemap's two.
      expect(proxy.made()).toBe(6);
      await vi.waitFor(() => expect(proxy.open()).toBe(0), { timeout: 5000 });
      expect(proxy.made()).toBe(6);
    } finally {
      await close(renderer);
      await proxy.close();
    }
  });
});
