import { defineConfig, devices } from "@playwright/test";
import { browserCheckConfig } from "dev-tools/chromium";

// Browser conformance of rtdb-emulator: the real firebase SDK bundled for the browser,
// in Chromium, against a server started by the spec itself (free ports).
const base = browserCheckConfig(import.meta.url);
export default defineConfig({ ...base, use: { ...devices["Desktop Chrome"], ...base.use } });
