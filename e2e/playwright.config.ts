import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "dev-tools/chromium";
import { CONTROL_URL, SITE_URL } from "./fixtures/env";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "..");

// The composed PRODUCTION build on the local stack: `scripts/start.ts --e2e` builds (turbo
// cache makes that quick when nothing changed), starts both emulators with fresh temporary
// data, the demo admin, every app on its own origin, and a control endpoint for the tests.
// E2E_SKIP_BUILD=1 skips the build when the caller has just built.
const startCommand = `npx tsx scripts/start.ts --e2e${process.env.E2E_SKIP_BUILD ? " --skip-build" : ""}`;

export default defineConfig({
  testDir: "./tests",
  // Not ./test-results: other Playwright runs in this folder clean that one at start.
  outputDir: "./.reports/test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: join(here, ".reports", "playwright.json") }]],
  use: {
    baseURL: SITE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: startCommand,
    cwd: repoRoot,
    url: `${CONTROL_URL}/state`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // If this runner is killed hard, the stack stops itself instead of holding the ports.
    // The scheduler runs every 2 s instead of every minute, so a scheduled post goes out quickly.
    env: { E2E_EXIT_WITH_PARENT: "1", SCHEDULER_INTERVAL_MS: "2000" },
    // SIGINT lets scripts/start.ts stop the Auth emulator's process group and flush the database.
    gracefulShutdown: { signal: "SIGINT", timeout: 20_000 },
  },
});
