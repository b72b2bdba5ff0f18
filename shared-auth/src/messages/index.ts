// shared-auth/messages: the plain-English text for Firebase Auth error codes. A separate entry
// because only the sign-in and reset pages and the admin's account screen show them: the
// federation singleton (everything in src/index.ts) reaches every visitor. Pure data and
// functions, so a copy bundled into each consumer is harmless (unlike the rest of shared-auth,
// which must be the one shared instance).
export { authErrorCode, authErrorMessage, AUTH_ERROR_MESSAGES, GENERIC_ERROR_MESSAGE } from "./auth-errors";
export { isSpentResetLink, resetLinkMessage } from "./reset-link";
