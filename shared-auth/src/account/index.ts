// shared-auth/account: what only the sign-in page and the admin's account screen need (error
// messages, the password policy checklist, password and email change). A separate entry, not
// part of the federation singleton, so visitors' pages do not download it; it reaches the
// Auth instance through the singleton ("shared-auth").
export { authErrorMessage, AUTH_ERROR_MESSAGES, GENERIC_ERROR_MESSAGE } from "./auth-errors";
export * from "./account";
