// Where a page's Firebase starts: the one place the app, Auth and the Database are created
// (docs/architecture.md, "Boundaries"). Being a Module Federation singleton, every remote gets
// these same instances. The parts: sdk.ts (config and the lazily loaded app and Database),
// session.ts (Auth, the signed-in user and the admin flag), auth-store.ts (the state screens read).
import type { RuntimeConfig } from "runtime-config";
import { recordConfig, resetSdkForTests } from "./sdk";
import { authIsWanted, readSessionHint, resetSessionForTests, startAuth } from "./session";

/**
 * Records the runtime config (idempotent, synchronous, loads nothing) and starts the Auth SDK
 * when it is wanted (see ensureAuth) or a session hint says a user signed in before.
 */
export function initFirebase(runtimeConfig: RuntimeConfig): void {
  if (!recordConfig(runtimeConfig)) return;
  if (authIsWanted() || readSessionHint()) void startAuth(runtimeConfig);
}

/** Test helper: forget the config and instances (never used by the app). */
export function resetFirebaseForTests(): void {
  resetSessionForTests();
  resetSdkForTests();
}
