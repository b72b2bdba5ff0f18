// The storage key that the page-wide check (kept-place-check.ts) and the lazily loaded restore
// (kept-place.ts) both read: its own module, so neither imports the other.
import { storageKey } from "shared-auth/browser-storage";

/** Where the tab keeps the place it had before such a reload (sessionStorage: this tab only). */
export const KEPT_PLACE_KEY = storageKey("kept-place");
