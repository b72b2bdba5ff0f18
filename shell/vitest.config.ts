import { defineConfig } from "vitest/config";
import { hostSharedVersions } from "./vite.config";

export default defineConfig({
  define: hostSharedVersions,
  test: { environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], css: { modules: { classNameStrategy: "non-scoped" } } },
});
