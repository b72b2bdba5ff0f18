// Kept apart from function.ts, whose every export the Firebase CLI inspects for functions.

/**
 * Loaded by the runtime of the `render` function (which names the function it serves), not by the
 * CLI's discovery nor by the scheduled-publishing function's instances, which load the same module.
 */
export function servesRequests(env: NodeJS.ProcessEnv): boolean {
  return env.FUNCTION_TARGET === "render" && env.FUNCTIONS_CONTROL_API !== "true" && Boolean(env.RUNTIME_CONFIG_URL);
}
