// Plain-English messages for every error code the product's catalogue lists, plus the
// database answers. Users never see a raw code: unknown codes get the generic message.
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  "auth/invalid-email": "That email address is not valid.",
  "auth/wrong-password": "The email or password is incorrect.",
  "auth/missing-password": "Please enter your password.",
  "auth/invalid-credential": "The email or password is incorrect.",
  "auth/email-already-in-use": "An account with this email already exists.",
  "auth/operation-not-allowed": "This way of signing in is not enabled.",
  "auth/user-not-found": "The email or password is incorrect.",
  "auth/too-many-requests": "Too many attempts. Please wait a moment and try again.",
  "auth/expired-action-code": "This link has expired. Please request a new one.",
  "auth/invalid-action-code": "This link is not valid. It may have been used already.",
  "auth/requires-recent-login": "Please sign in again to continue.",
  "auth/user-token-expired": "Your session has expired. Please sign in again.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/password-does-not-meet-requirements": "The password does not meet the requirements.",
  "auth/invalid-verification-code": "The verification code is not valid.",
  "auth/code-expired": "The verification code has expired. Please request a new one.",
  "auth/credential-already-in-use": "These sign-in details are already linked to another account.",
  "auth/account-exists-with-different-credential": "An account already exists with this email using a different way of signing in.",
  "auth/multi-factor-auth-required": "This account needs a second sign-in step.",
  "auth/popup-blocked": "The sign-in window was blocked by the browser. Please allow pop-ups and try again.",
  "auth/popup-closed-by-user": "The sign-in window was closed before signing in finished.",
  "auth/cancelled-popup-request": "Another sign-in window is already open.",
  "auth/unauthorized-domain": "Signing in is not allowed from this website address.",
  "auth/network-request-failed": "Could not reach the sign-in service. Check your connection and try again.",
  "auth/internal-error": "The sign-in service had a problem. Please try again.",
  "auth/invalid-api-key": "The site is misconfigured (invalid API key). Please contact the site owner.",
  // reCAPTCHA token errors
  "auth/missing-recaptcha-token": "The security check did not complete. Please try again.",
  "auth/invalid-recaptcha-token": "The security check failed. Please try again.",
  "auth/invalid-recaptcha-action": "The security check failed. Please try again.",
  "auth/invalid-recaptcha-version": "The security check failed. Please try again.",
  "auth/missing-recaptcha-version": "The security check did not complete. Please try again.",
  "auth/recaptcha-not-enabled": "The security check is not enabled for this site.",
  "auth/captcha-check-failed": "The security check failed. Please try again.",
  // Realtime Database answers
  permission_denied: "You do not have permission to do that.",
  unavailable: "The database is unavailable right now. Please try again later.",
};

/** The code of a Firebase error (or a bare code), so callers branch on it without casts. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Maps a Firebase error (or bare code) to a short message; never returns the raw code. */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (!code) return GENERIC_ERROR_MESSAGE;
  const direct = AUTH_ERROR_MESSAGES[code];
  if (direct) return direct;
  // The database SDK uses upper-case codes (PERMISSION_DENIED); some layers prefix "database/".
  const normalised = code
    .toLowerCase()
    .replace(/^database\//, "")
    .replace(/-/g, "_");
  return AUTH_ERROR_MESSAGES[normalised] ?? GENERIC_ERROR_MESSAGE;
}
