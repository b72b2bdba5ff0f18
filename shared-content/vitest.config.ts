import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    environment: "node",
    // The rules matrix starts an Auth emulator (~15 s) and an rtdb-emulator per file.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["tests/setup-waits.ts"],
  },
});
