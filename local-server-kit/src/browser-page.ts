// A browser check's page: `entry` bundled by esbuild and served from a local origin that is not
// the server under test, so Chromium runs the real SDK (or pipeline) with CORS and, if given,
// the site's kind of CSP.
import http from "node:http";
import { build, type Plugin } from "esbuild";

export interface BrowserPage {
  /** The page's address, ending in `/`. */
  url: string;
  close: () => Promise<void>;
}

export async function serveBundledPage(options: { entry: string; title: string; csp?: string; plugins?: Plugin[] }): Promise<BrowserPage> {
  const bundle = await build({
    entryPoints: [options.entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    plugins: options.plugins ?? [],
  });
  const js = bundle.outputFiles[0]!.text;
  const html = `<!doctype html><html><head><title>${options.title}</title><script type="module" src="/bundle.js"></script></head><body></body></html>`;
  const site = http.createServer((req, res) => {
    if (req.url === "/bundle.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(js);
    } else {
      res.writeHead(200, { "content-type": "text/html", ...(options.csp ? { "content-security-policy": options.csp } : {}) });
      res.end(html);
    }
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", () => r()));
  const addr = site.address();
  return {
    url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/`,
    close: () => new Promise<void>((r) => site.close(() => r())),
  };
}
