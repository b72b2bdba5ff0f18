import { join } from "node:path";

/** The repository's root: this package is tooling/federation, and runs from src/ or dist/ alike. */
export const REPO_ROOT = join(import.meta.dirname, "..", "..", "..");
