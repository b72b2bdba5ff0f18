import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "src/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One server per file, and one file starts the Auth emulator: keep the 2-core machine calm.
    maxWorkers: 2,
  },
});
