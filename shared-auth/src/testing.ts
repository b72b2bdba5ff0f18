// For tests in other workspaces (never imported by the app): start each test from no config
// and no Firebase instances.
export { resetFirebaseForTests } from "./firebase";

import type { AuthUser } from "./auth-store";

/** A signed-in user as the auth store holds one (email/password account, nothing else set). */
export function testUser(email = "someone@example.com"): AuthUser {
  return {
    uid: "u1",
    email,
    emailVerified: false,
    displayName: null,
    photoURL: null,
    phoneNumber: null,
    isAnonymous: false,
    tenantId: null,
    providerData: [],
    creationTime: null,
    lastSignInTime: null,
  };
}
