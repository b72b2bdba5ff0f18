import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "scripts/chromium";

const here = dirname(fileURLToPath(import.meta.url));

// Browser check of storage-emulator: the real firebase SDK bundled for the browser,
// in Chromium on a page of another origin (CORS) under a CSP like the site's, against a server
// started by the spec itself (free ports).
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../test-results",
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // The JSON report is what the root `npm test` counts.
  reporter: [["list"], ["json", { outputFile: join(here, "..", ".reports", "playwright.json") }]],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: chromiumLaunchOptions(),
  },
});
