// The renderer as a Cloud Function (2nd gen) behind Firebase Hosting's rewrites (firebase.json).
// RUNTIME_CONFIG_URL names the config to read (the site's /config.json, the file the browser
// reads); without it the renderer refuses to start, since nothing a request names may choose it.
// Created on the first request, not when the module loads: the Firebase CLI loads this module to
// discover its functions without the function's runtime environment (the emulator does so too).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { onRequest } from "firebase-functions/v2/https";
import { createRenderer } from "./handler";

let renderer: ReturnType<typeof createRenderer> | null = null;

export const render = onRequest({ memory: "512MiB", concurrency: 40, timeoutSeconds: 30, invoker: "public" }, (req, res) => {
  renderer ??= createRenderer({
    shellDir: join(dirname(fileURLToPath(import.meta.url)), "shell"),
    configUrl: process.env.RUNTIME_CONFIG_URL ?? "",
  });
  return renderer.handle(req, res);
});
