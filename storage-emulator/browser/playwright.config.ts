import { defineConfig, devices } from "@playwright/test";
import { browserCheckConfig } from "dev-tools/chromium";

// Browser check of storage-emulator: the real firebase SDK bundled for the browser,
// in Chromium on a page of another origin (CORS) under a CSP like the site's, against a server
// started by the spec itself (free ports).
const base = browserCheckConfig(import.meta.url);
export default defineConfig({ ...base, use: { ...devices["Desktop Chrome"], ...base.use } });
