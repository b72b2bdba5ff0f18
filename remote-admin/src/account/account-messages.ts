// Plain messages for the account screen. The same code means something more specific here
// than on the sign-in page (a wrong password is the *current* password), so these come first
// and anything else falls back to shared-auth's catalogue.
import { authErrorCode, authErrorMessage } from "shared-auth/messages";

const COMMON: Record<string, string> = {
  "auth/wrong-password": "The current password is not correct. Nothing was changed.",
  "auth/invalid-credential": "The current password is not correct. Nothing was changed.",
  "auth/invalid-login-credentials": "The current password is not correct. Nothing was changed.",
  "auth/missing-password": "Enter your current password to confirm it is you.",
  "auth/requires-recent-login": "For your security the sign-in service wants a fresh sign-in before this change. Sign out, sign in again, then retry.",
  "auth/too-many-requests": "Too many attempts in a short time, so the sign-in service has paused them. Wait a few minutes, then try again.",
  "auth/network-request-failed": "Could not reach the sign-in service. Check your connection and try again; nothing was changed.",
  "auth/user-token-expired": "Your session has ended. Sign in again, then retry.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/user-mismatch": "The password belongs to a different account than the one signed in.",
};

const PASSWORD: Record<string, string> = {
  "auth/password-does-not-meet-requirements":
    "The sign-in service refused the new password because it does not meet the password policy. The requirements below were reloaded from the service; adjust the new password and try again.",
  "auth/weak-password": "The sign-in service says the new password is too weak. Use at least 6 characters.",
};

const EMAIL: Record<string, string> = {
  "auth/email-already-in-use": "Another account already uses that email address. Choose a different address.",
  "auth/invalid-email": "That is not a valid email address. Check it for typos, such as a missing @ or domain.",
  "auth/invalid-new-email": "That is not a valid email address. Check it for typos, such as a missing @ or domain.",
  "auth/missing-email": "Enter the new email address.",
  "auth/operation-not-allowed": "This project does not allow changing the email address from here.",
};

export function passwordChangeMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && (PASSWORD[code] ?? COMMON[code])) || authErrorMessage(error);
}

export function emailChangeMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && (EMAIL[code] ?? COMMON[code])) || authErrorMessage(error);
}
