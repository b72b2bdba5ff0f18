import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// The build's settings (the shared-versions define, JSX) apply to the tests too.
export default mergeConfig(
  viteConfig,
  defineConfig({ test: { include: ["src/**/*.test.ts", "tests/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 120_000 } }),
);
