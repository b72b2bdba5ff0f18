// The status of a rendered page, decided in one place (handler.ts applies it).
import type { RenderedPage } from "shell/server";

/** Seconds a client or crawler is asked to wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The status policy of a rendered page. A page is sent only whole: when it is not, the answer
 * is 503 with Retry-After and no-store (a CDN or a crawler must not keep it), never a cacheable
 * 200 showing a placeholder. It is not whole when
 * - a read of its content failed as unavailable: the database could not be reached, or did not
 *   answer within the page's deadline;
 * - a remote slot could not be loaded on the server (its fallback would stand in for the page's
 *   main content: every public page's content is its one slot);
 * - a part threw while rendering: React sends that part's Suspense fallback ("Loading…") and
 *   leaves it to the browser.
 * Otherwise the status is what the screen declared (404 for an unknown path or post), else 200.
 * Returns why the page is not whole, or null.
 */
export function whyIncomplete(page: Pick<RenderedPage, "failedSlots" | "errors">, failedReads: readonly string[]): string | null {
  if (failedReads.includes("unavailable")) return "the database could not be read in time";
  if (page.failedSlots.length > 0) return `could not load ${page.failedSlots.join(", ")}`;
  if (page.errors.length > 0) return `render error: ${String(page.errors[0])}`;
  return null;
}
