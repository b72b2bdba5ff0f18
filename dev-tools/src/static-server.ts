// A small static file server for a remote's build on an origin of its own, with CORS and the
// cache headers and compression Hosting uses. The e2e suite serves a second build of a remote
// with it (a new release, or a rollback) beside the Hosting emulator, which serves the sites.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createReadStream } from "node:fs";
import type { Socket } from "node:net";
import { stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { createBrotliCompress, createGzip, constants as zlib } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

const NO_CACHE = new Set(["config.json", "remoteEntry.js", "mf-manifest.json", "mf-stats.json", "index.html", "app.html"]);
// Compressed as Firebase Hosting compresses them (text types), by what the client accepts.
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt"]);

function encodingFor(req: IncomingMessage, file: string) {
  if (!COMPRESSIBLE.has(extname(file))) return null;
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

export function cacheControlFor(relPath: string): string {
  const base = relPath.split("/").pop() ?? "";
  if (NO_CACHE.has(base)) return "no-cache";
  if (relPath.startsWith("assets/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

/**
 * The request handler behind startStaticServer: `root`'s files with CORS, Hosting's cache headers
 * and compression. `notFound` answers what no file matches (default: a plain 404).
 */
export function staticFileHandler({
  root,
  name = "static",
  notFound = null,
}: {
  root: string;
  name?: string;
  notFound?: ((req: IncomingMessage, res: ServerResponse) => unknown) | null;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const rootDir = resolve(root);
  return async (req, res) => {
    try {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", "*");
      if (req.method === "OPTIONS") {
        res.writeHead(204).end();
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD, OPTIONS" }).end();
        return;
      }
      const url = new URL(req.url ?? "/", "http://x");
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400).end("bad path");
        return;
      }
      const rel = normalize(pathname).replace(/^([/\\])+/, "");
      let file = join(rootDir, rel);
      if (file !== rootDir && !file.startsWith(rootDir + sep)) {
        res.writeHead(403).end();
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file).catch(() => null);
      }
      if (!info || !info.isFile()) {
        if (notFound) {
          await notFound(req, res);
          return;
        }
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
        return;
      }
      const encoding = encodingFor(req, file);
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : { "Content-Length": info.size }),
        "Cache-Control": cacheControlFor(rel || "index.html"),
        "X-Content-Type-Options": "nosniff",
      });
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const body = createReadStream(file);
      if (encoding === "br") body.pipe(createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })).pipe(res);
      else if (encoding === "gzip") body.pipe(createGzip()).pipe(res);
      else body.pipe(res);
    } catch (error) {
      console.error(`[${name}]`, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  };
}

export interface StaticServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  /** Names the server in its error lines. */
  name?: string;
}

/** Serves `root` on host:port to any origin (Access-Control-Allow-Origin: *). */
export function startStaticServer({ root, port = 0, host = "127.0.0.1", name = "static" }: StaticServerOptions): Promise<StaticServer> {
  const server = createServer(staticFileHandler({ root, name }));
  // Keep-alive sockets would hold close() open; track them so stop() is immediate.
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const boundPort = typeof address === "object" && address ? address.port : port;
      resolvePromise({
        server,
        port: boundPort,
        url: `http://${host}:${boundPort}`,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
