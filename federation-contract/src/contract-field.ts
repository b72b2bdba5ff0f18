/** The manifest field a remote's build adds for `sharedImports` and its version (in its own module, so release.ts and index.ts import it without importing each other). */
export const CONTRACT_FIELD = "contract";
