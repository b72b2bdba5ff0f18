import { defineConfig, devices } from "@playwright/test";
import { browserCheckConfig } from "dev-tools/chromium";

// The upload pipeline's canvas steps in real Chromium (jsdom has no canvas, no createImageBitmap):
// a page bundled by the spec itself, no server stack. Not *.spec.ts: Vitest would take those for its own.
const base = browserCheckConfig(import.meta.url, { testMatch: "*.pw.ts" });
export default defineConfig({ ...base, use: { ...devices["Desktop Chrome"], ...base.use } });
