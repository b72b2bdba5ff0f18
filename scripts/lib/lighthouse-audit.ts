// Lighthouse's mobile preset (simulated slow 4G, 4x slower CPU) on one page, in Debian's
// Chromium: the figures bench:lighthouse and bench:media print.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEBIAN_CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from "dev-tools/chromium";

const chromePath = existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
const CHROME_FLAGS = ["--headless=new", ...OFFLINE_CHROMIUM_FLAGS, "--disable-default-apps", "--disable-extensions"];

/** A headless Chromium for Lighthouse to drive (kill() it when done). */
export const launchLighthouseChrome = () => chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

/** Performance score, FCP, LCP, TBT, CLS, bytes and the LCP element of one page. */
export async function audit(url: string, port: number) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const a = lhr.audits;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: a["first-contentful-paint"]?.numericValue ?? NaN,
    lcpMs: a["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: a["total-blocking-time"]?.numericValue ?? NaN,
    cls: a["cumulative-layout-shift"]?.numericValue ?? NaN,
    bytes: a["total-byte-weight"]?.numericValue ?? NaN,
    // The element's details are a table of tables (Lighthouse's types name only the outer kind).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lcpElement: ((a["largest-contentful-paint-element"]?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet as string | undefined) ?? null,
    error: lhr.runtimeError?.message ?? null,
  };
}
