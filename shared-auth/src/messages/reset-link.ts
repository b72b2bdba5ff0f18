// Why a password reset link cannot be used (the shell's reset page), in plain words: more
// specific than the catalogue's "This link has expired", because the page offers a new link.
import { authErrorCode, authErrorMessage } from "./auth-errors";

/** The link itself is spent: the page stops asking for a password and offers a new link. */
const SPENT_LINK_MESSAGES: Readonly<Record<string, string>> = {
  "auth/expired-action-code": "This reset link has expired: a link works for an hour. Ask for a new one below.",
  "auth/invalid-action-code":
    "This reset link cannot be used: it was used already, a newer link replaced it, or it was copied incompletely. Ask for a new one below.",
};

const ACCOUNT_GONE = "The account this link was sent for no longer exists or is disabled.";

/** Whether a failure means the reset link is expired, used or replaced (not a refused password). */
export function isSpentResetLink(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && code in SPENT_LINK_MESSAGES;
}

/** Why a reset link cannot be used, in plain words; any other failure gets the catalogue's message. */
export function resetLinkMessage(error: unknown): string {
  const code = authErrorCode(error);
  const spent = code === undefined ? undefined : SPENT_LINK_MESSAGES[code];
  if (spent) return spent;
  if (code === "auth/user-disabled" || code === "auth/user-not-found") return ACCOUNT_GONE;
  return authErrorMessage(error);
}
