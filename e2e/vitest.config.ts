import { defineConfig } from "vitest/config";

// Only unit tests of the fixtures run under vitest; tests/*.spec.ts are Playwright's.
export default defineConfig({
  test: { include: ["fixtures/**/*.test.ts"], passWithNoTests: true },
});
