// Kept apart from function.ts, whose every export the Firebase CLI inspects for functions.

/** Loaded by the function's runtime (which names the function it serves), not by the CLI's discovery. */
export function servesRequests(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.FUNCTION_TARGET) && env.FUNCTIONS_CONTROL_API !== "true" && Boolean(env.RUNTIME_CONFIG_URL);
}
