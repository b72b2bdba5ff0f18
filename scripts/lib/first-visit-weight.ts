// How a first visit's weight is counted, for the benchmark (bench-weight.ts) and the budget test
// that `npm test` runs on the production build (e2e/tests/site-first-visit-weight.spec.ts): each
// JS or CSS response, gzip -9 as a CDN would send it (the local servers send files uncompressed).
import { gzipSync } from "node:zlib";

/** A public page's first visit may download at most this much (gzip; docs/benchmarks.md). */
export const FIRST_VISIT_BUDGET = { js: 150 * 1024, css: 20 * 1024 };

/** Whether a response is JS, CSS or neither, from its resource type or its path. */
export function assetKindOf(resourceType: string, url: string): "js" | "css" | null {
  const path = new URL(url).pathname;
  if (resourceType === "script" || /\.m?js$/.test(path)) return "js";
  return resourceType === "stylesheet" || path.endsWith(".css") ? "css" : null;
}

/** A body's size once gzipped at the level the budget is measured at. */
export const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
