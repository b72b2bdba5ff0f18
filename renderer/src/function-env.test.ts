import { describe, expect, it } from "vitest";
import { servesRequests } from "./function-env";

describe("the function's start-up", () => {
  const runtime = { FUNCTION_TARGET: "render", K_SERVICE: "render", RUNTIME_CONFIG_URL: "https://portfolio.example/config.json" };

  it("prepares the renderer where the function runs", () => {
    expect(servesRequests(runtime)).toBe(true);
  });

  it("does nothing when the CLI loads the module to discover its functions, or without a config URL", () => {
    expect(servesRequests({ ...runtime, FUNCTIONS_CONTROL_API: "true" })).toBe(false);
    expect(servesRequests({ RUNTIME_CONFIG_URL: runtime.RUNTIME_CONFIG_URL })).toBe(false);
    expect(servesRequests({ FUNCTION_TARGET: "render" })).toBe(false);
  });

  it("does nothing in the scheduled-publishing function's instances, which load the same module", () => {
    expect(servesRequests({ ...runtime, FUNCTION_TARGET: "publishScheduled", K_SERVICE: "publishscheduled" })).toBe(false);
  });
});
