// The `shared-auth/admin` entry: what only the signed-in admin does with their account (password
// and email change) and the admin claim Storage's rules read. The visitor entry ("shared-auth",
// the singleton every page downloads) holds none of it. This entry is bundled into whoever imports
// it (remote-admin, shared-content/admin) and must use the singleton's Auth, never a copy: the
// importer passes the singleton's functions to adminAccount, as with shared-auth/password-policy
// (a module of this package importing "shared-auth" by name is bundled as a second, never
// initialised copy, since the federation build leaves a package's imports of itself alone).
import type { User } from "firebase/auth";
import { authErrorCode } from "../messages/auth-errors";
import { AccountError } from "../password-requirements";
import type { ensureAuth } from "../session";

export type EmailChangeResult =
  /** The address changed at once. */
  | { kind: "updated"; email: string }
  /** The project requires verification (email enumeration protection): a link was sent. */
  | { kind: "verification-sent"; email: string };

/** The singleton's functions this entry works through (its importer passes them). */
export interface SingletonAuth {
  ensureAuth: typeof ensureAuth;
  refreshPasswordPolicy: () => Promise<void>;
}

/** The admin's account actions, on the singleton's Auth. */
export function adminAccount({ ensureAuth, refreshPasswordPolicy }: SingletonAuth) {
  /**
   * Whether the signed-in user's ID token carries the custom claim admin: true, which the Storage
   * rules read (they cannot read the database's admins/ list). A claim set after the token was
   * issued appears only in the next token, so a token without it is refreshed once before the
   * answer. False when nobody is signed in or the account has no such claim.
   */
  async function ensureAdminClaim(): Promise<boolean> {
    const { instance } = await ensureAuth();
    const user = instance.currentUser;
    if (!user) return false;
    if ((await user.getIdTokenResult()).claims["admin"] === true) return true;
    return (await user.getIdTokenResult(true)).claims["admin"] === true;
  }

  /** The signed-in user with the SDK that signed them in (the singleton's copy of firebase/auth). */
  async function signedIn(): Promise<{ user: User & { email: string }; sdk: Awaited<ReturnType<typeof ensureAuth>>["sdk"] }> {
    const { instance, sdk } = await ensureAuth();
    const user = instance.currentUser;
    if (!user || !user.email) throw new AccountError("auth/user-token-expired", "No signed-in user with an email address.");
    return { user: user as User & { email: string }, sdk };
  }

  /** Re-authenticates with the current password (a fresh sign-in is required for both changes). */
  async function reauthenticated(currentPassword: string) {
    const session = await signedIn();
    const { EmailAuthProvider, reauthenticateWithCredential } = session.sdk;
    await reauthenticateWithCredential(session.user, EmailAuthProvider.credential(session.user.email, currentPassword));
    return session;
  }

  /**
   * Re-authenticates with the current password, then sets the new one. Errors are rethrown as
   * the SDK raised them (`auth/wrong-password`, `auth/invalid-credential`, `auth/too-many-requests`,
   * `auth/password-does-not-meet-requirements` after the cached policy was refreshed, ...).
   */
  async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const { user, sdk } = await reauthenticated(currentPassword);
    try {
      await sdk.updatePassword(user, newPassword);
    } catch (error) {
      if (authErrorCode(error) === "auth/password-does-not-meet-requirements") await refreshPasswordPolicy();
      throw error;
    }
  }

  /**
   * Re-authenticates, then changes the sign-in email. Projects with email enumeration protection
   * refuse a direct change (`auth/operation-not-allowed`); then a verification link is sent to the
   * new address and the change happens when it is followed.
   */
  async function changeEmail(currentPassword: string, newEmail: string): Promise<EmailChangeResult> {
    const { user, sdk } = await reauthenticated(currentPassword);
    try {
      await sdk.updateEmail(user, newEmail);
    } catch (error) {
      if (authErrorCode(error) !== "auth/operation-not-allowed") throw error;
      await sdk.verifyBeforeUpdateEmail(user, newEmail);
      return { kind: "verification-sent", email: newEmail };
    }
    await user.reload();
    return { kind: "updated", email: user.email ?? newEmail };
  }

  return { changePassword, changeEmail, ensureAdminClaim };
}
