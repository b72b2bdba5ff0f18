// The renderer as a Cloud Function (2nd gen) behind Firebase Hosting's rewrites (firebase.json).
// RUNTIME_CONFIG_URL may name the config to read; by default it is /config.json on the site
// that received the request, the same file the browser reads.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { onRequest } from "firebase-functions/v2/https";
import { createRenderer } from "./handler";

const renderer = createRenderer({
  shellDir: join(dirname(fileURLToPath(import.meta.url)), "shell"),
  configUrl: process.env.RUNTIME_CONFIG_URL || undefined,
});

export const render = onRequest({ memory: "512MiB", concurrency: 40, timeoutSeconds: 30, invoker: "public" }, (req, res) => renderer.handle(req, res));
