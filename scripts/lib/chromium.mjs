// Debian's Chromium, which every browser run uses (Playwright's own browser download is not
// reachable here), with flags that keep it off the network but loopback and quiet on 2 cores.
import { existsSync } from "node:fs";

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
export function chromiumLaunchOptions() {
  return existsSync(DEBIAN_CHROMIUM) ? { executablePath: DEBIAN_CHROMIUM, args: ["--headless", ...OFFLINE_CHROMIUM_FLAGS] } : {};
}
