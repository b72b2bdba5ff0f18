export {
  initFirebase,
  getRuntimeConfig,
  loadDatabase,
  loadDatabaseSdk,
  ensureAuth,
  getFirebaseApp,
  getDb,
  getAuthInstance,
  signInWithEmail,
  signOutUser,
  onAuthChange,
  type DatabaseSdk,
} from "./firebase";
export { initialAuthState } from "./auth-store";
export { useAuthStore } from "./use-auth-store";
export type { AuthUser, AuthUserInfo, AuthState, AuthStatus } from "./auth-store";
export { loadRuntimeConfig, parseRuntimeConfig, localStackConfig, RuntimeConfigError } from "./runtime-config";
export type { RuntimeConfig, FirebaseWebConfig, EmulatorConfig } from "./runtime-config";
export * from "./account";
