// The part of a reload that keeps the visitor's place (kept-place.ts) that every page runs: a
// look at the tab's storage, so the rest loads only after such a reload.
import { KEPT_PLACE_KEY } from "./kept-place-key";

let looked = false;

/** Once per page: puts back the place kept before this page was reloaded for a remote, if it was. */
export function resumeKeptPlace(): void {
  if (looked) return;
  looked = true;
  try {
    if (!sessionStorage.getItem(KEPT_PLACE_KEY)) return;
  } catch {
    return; // no storage: nothing was kept
  }
  void import("./kept-place").then(({ restoreKeptPlace }) => restoreKeptPlace());
}
