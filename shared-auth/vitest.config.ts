import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { environment: "jsdom", include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
});
