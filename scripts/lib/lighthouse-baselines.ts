// Baselines measured in the same run as the pages, so that figures taken on different hosts can be
// compared as ratios: a page's TBT on one machine says little on its own (the same page code gave
// 11-43 ms on one 2-core host and 424-558 ms on another of the same kind), but its TBT beside what
// the same browser spends on a page with no scripts, or on a bare React hydration, says how much
// of it the site's own code costs. Two baselines, served by a small proxy in front of the site:
// - `/__baseline/no-scripts?path=/x`: the site's server HTML for /x with every script removed (the
//   styles, fonts and pictures stay, fetched through the proxy from the site): parsing, style and
//   layout of the same document, and nothing else;
// - `/__baseline/react?elements=N`: a minimal React 19 page whose server HTML has N elements and
//   whose one script hydrates it in a transition, as the shell does: React's own cost for a DOM of
//   the page's size.
// Both are compressed like Hosting's responses, so the simulated network sees the same sizes.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Inside the repository, so that the bundler resolves react from its node_modules. */
const WORK_DIR = join(repoRoot, "node_modules", ".cache", "bench-baseline");

/** A page of `n` elements: sections of a heading and a list, like a portfolio page's blocks. */
const PAGE_SOURCE = `import { createElement as h } from "react";
export function Page({ n }) {
  const sections = [];
  let left = n - 2;
  for (let s = 0; left > 0; s += 1) {
    const items = [];
    for (let i = 0; i < 10 && left > 3; i += 1, left -= 2) items.push(h("li", { key: i }, h("span", null, "Item " + s + "." + i)));
    left -= 3;
    sections.push(h("section", { key: s }, h("h2", null, "Section " + s), h("ul", null, items)));
  }
  return h("main", null, h("h1", null, "Baseline"), sections);
}
`;
const ENTRY_SOURCE = `import { createElement as h, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { Page } from "./page.js";
const root = document.getElementById("root");
startTransition(() => { hydrateRoot(root, h(Page, { n: Number(root.dataset.elements) })); });
`;

type PageComponent = (props: { n: number }) => unknown;

/** Bundles the baseline's script with Vite (production React), once per run. */
async function buildReactBaseline(): Promise<{ script: Buffer; Page: PageComponent }> {
  await mkdir(WORK_DIR, { recursive: true });
  await writeFile(join(WORK_DIR, "page.js"), PAGE_SOURCE);
  await writeFile(join(WORK_DIR, "entry.js"), ENTRY_SOURCE);
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: WORK_DIR,
    logLevel: "silent",
    mode: "production",
    build: {
      outDir: join(WORK_DIR, "dist"),
      emptyOutDir: true,
      rollupOptions: { input: join(WORK_DIR, "entry.js"), output: { entryFileNames: "baseline.js", format: "es" } },
    },
  });
  const { Page } = (await import(pathToFileURL(join(WORK_DIR, "page.js")).href)) as { Page: PageComponent };
  return { script: await readFile(join(WORK_DIR, "dist", "baseline.js")), Page };
}

/** The site's HTML for `path` without any script (inline, module, JSON data) or module preload. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

function send(req: IncomingMessage, res: ServerResponse, type: string, body: Buffer | string) {
  const raw = typeof body === "string" ? Buffer.from(body) : body;
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  res.writeHead(200, { "content-type": type, "cache-control": "no-store", ...(gzip ? { "content-encoding": "gzip" } : {}) });
  res.end(gzip ? gzipSync(raw) : raw);
}

/** Everything that is not a baseline goes to the site as it is (styles, fonts, pictures). */
async function proxy(siteUrl: string, req: IncomingMessage, res: ServerResponse) {
  const upstream = await fetch(`${siteUrl}${req.url}`, { headers: { "accept-encoding": "identity" } });
  const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name)));
  res.writeHead(upstream.status, headers);
  res.end(Buffer.from(await upstream.arrayBuffer()));
}

export interface BaselineServer {
  /** The site's `path` with its scripts removed. */
  noScriptsUrl(path: string): string;
  /** A bare React hydration of `elements` elements. */
  reactUrl(elements: number): string;
  close(): Promise<void>;
}

/** Starts the baselines' proxy in front of `siteUrl` on a free loopback port. */
export async function startBaselineServer(siteUrl: string): Promise<BaselineServer> {
  const { script, Page } = await buildReactBaseline();
  const { renderToString } = await import("react-dom/server");
  const { createElement } = await import("react");
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://baseline");
    const handled = (async () => {
      if (url.pathname === "/__baseline/no-scripts") {
        const html = await (await fetch(`${siteUrl}${url.searchParams.get("path") ?? "/"}`)).text();
        return send(req, res, "text/html; charset=utf-8", withoutScripts(html));
      }
      if (url.pathname === "/__baseline/react") {
        const n = Math.max(3, Number(url.searchParams.get("elements")) || 400);
        const body = renderToString(createElement(Page as never, { n }));
        const html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>React baseline</title><script type="module" src="/__baseline/react.js"></script></head><body><div id="root" data-elements="${n}">${body}</div></body></html>`;
        return send(req, res, "text/html; charset=utf-8", html);
      }
      if (url.pathname === "/__baseline/react.js") return send(req, res, "text/javascript", script);
      return proxy(siteUrl, req, res);
    })();
    handled.catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    noScriptsUrl: (path) => `${origin}/__baseline/no-scripts?path=${encodeURIComponent(path)}`,
    reactUrl: (elements) => `${origin}/__baseline/react?elements=${elements}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
