// The renderer as a plain Node HTTP server: for the local stack when the Functions emulator is
// not used, for the tests and for the benchmark. Production runs function.ts instead.
//   node renderer/dist/server.js --port 4190 --config-url http://127.0.0.1:4173/config.json
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createRenderer, type RendererOptions } from "./handler";
import { createMailServices } from "./mail/context";

import type * as ServerApi from "./server-api";

export { createRenderer, CACHE_SECONDS, type RendererOptions } from "./handler";

// The `./server` export's declared types (server-api.ts) hold for the real function.
const _declared: typeof ServerApi.createRenderer = createRenderer;

export const SHELL_DIR = join(dirname(fileURLToPath(import.meta.url)), "shell");

export function startRendererServer({
  port = 0,
  host = "127.0.0.1",
  ...options
}: Omit<RendererOptions, "shellDir"> & { shellDir?: string; port?: number; host?: string }) {
  const renderer = createRenderer({ shellDir: SHELL_DIR, ...options });
  const server = createServer((req, res) => void renderer.handle(req, res));
  return new Promise<{ url: string; port: number; close: () => Promise<void> }>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://${host}:${bound}`,
        port: bound,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { port: { type: "string", default: "4190" }, host: { type: "string", default: "127.0.0.1" }, "config-url": { type: "string" } },
  });
  const running = await startRendererServer({
    port: Number(values.port),
    host: values.host,
    configUrl: values["config-url"] ?? "",
    previewSecret: process.env.PREVIEW_SECRET ?? null,
    mail: createMailServices(process.env),
  });
  console.log(`[renderer] listening on ${running.url}`);
}
