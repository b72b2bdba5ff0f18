import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "src/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Several files each start servers (and one the Auth emulator): keep the 2-core machine calm.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
