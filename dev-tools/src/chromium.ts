// Debian's Chromium, which every browser run uses (Playwright's own browser download is not
// reachable here), with flags that keep it off the network but loopback and quiet on 2 cores.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Nothing phones home; no GPU; plain HTTP/1.1 and 2 on loopback. */
export const OFFLINE_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright's launch options: Debian's Chromium headless when installed, else Playwright's default. */
export function chromiumLaunchOptions(): { executablePath?: string; args?: string[] } {
  return existsSync(DEBIAN_CHROMIUM) ? { executablePath: DEBIAN_CHROMIUM, args: ["--headless", ...OFFLINE_CHROMIUM_FLAGS] } : {};
}

/**
 * The Playwright settings of a workspace's browser check (its `browser/playwright.config.ts`):
 * one worker, no retries, Debian's Chromium, and the JSON report under the workspace's
 * `.reports/` that the root `npm test` counts. `configUrl` is the config's `import.meta.url`.
 */
export function browserCheckConfig(configUrl: string, { testMatch = "*.spec.ts" }: { testMatch?: string } = {}) {
  const here = dirname(fileURLToPath(configUrl));
  return {
    testDir: ".",
    testMatch,
    outputDir: "../test-results",
    workers: 1,
    retries: 0,
    forbidOnly: true,
    timeout: 60_000,
    reporter: [["list"], ["json", { outputFile: join(here, "..", ".reports", "playwright.json") }]] as (["list"] | ["json", { outputFile: string }])[],
    use: { launchOptions: chromiumLaunchOptions() },
  };
}
