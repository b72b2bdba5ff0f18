// The public API of the shared-auth singleton (README.md lists it with its contracts).
export { initFirebase } from "./firebase";
export { getRuntimeConfig, loadDatabase, loadDatabaseSdk, loadStorage, type DatabaseSdk, type StorageSdk, type LoadedStorage } from "./sdk";
export { currentIdToken, ensureAuth, getAuthInstance, signInWithEmail, signOutUser } from "./session";
export { initialAuthState } from "./auth-store";
export { useAuthStore } from "./use-auth-store";
export type { AuthUser, AuthUserInfo, AuthState, AuthStatus } from "./auth-store";
export * from "./account";
