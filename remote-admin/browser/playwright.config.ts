import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "scripts/chromium";

const here = dirname(fileURLToPath(import.meta.url));

// The upload pipeline's canvas steps in real Chromium (jsdom has no canvas, no createImageBitmap):
// a page bundled by the spec itself, no server stack.
export default defineConfig({
  testDir: ".",
  // Not *.spec.ts: Vitest would take those for its own.
  testMatch: "*.pw.ts",
  outputDir: "../test-results",
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // The JSON report is what the root `npm test` counts.
  reporter: [["list"], ["json", { outputFile: join(here, "..", ".reports", "playwright.json") }]],
  use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() },
});
