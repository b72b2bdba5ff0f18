// The session: firebase/auth loaded on demand (~37 KB gzip), the signed-in user and the admin
// flag in the auth store, and sign-in and sign-out. Auth loads when a screen reads the auth state
// (useAuthStore, see use-auth-store.ts), a sign-in/out is requested, or at start-up when a
// session hint says a user signed in on this browser before. The database SDK picks Auth up
// when it registers later (FirebaseAuthTokenProvider.onInit).
import type { Auth, User } from "firebase/auth";
import { authStore, type AuthUser } from "./auth-store";
import { readStoredOrFormer, removeStored, storageKey, writeStored } from "./browser-storage";
import type { RuntimeConfig } from "runtime-config";
import { currentGeneration, getRuntimeConfig, loadCore, recordedConfig, type Core } from "./sdk";

type AuthSdk = typeof import("firebase/auth");
interface LoadedAuth {
  instance: Auth;
  sdk: AuthSdk;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

let stopAdminWatch: (() => void) | null = null;
let auth: LoadedAuth | null = null;
let authStarted = false;
let authWanted = false;
let authReady: Deferred<LoadedAuth> | null = null;

/** Kept (true) while a user is signed in, so a returning admin's state loads at once. */
export const SESSION_HINT_KEY = storageKey("session");
/** Where earlier versions kept the hint ("1"); moved on first read, so no returning admin loses it. */
const FORMER_SESSION_HINT_KEY = "shared-auth:session";

export function readSessionHint(): boolean {
  return readStoredOrFormer(SESSION_HINT_KEY, FORMER_SESSION_HINT_KEY, (raw) => (raw === "1" ? true : null)) === true;
}

/** Storage disabled: Auth then loads only on the routes that need it. */
function writeSessionHint(signedIn: boolean): void {
  if (signedIn) writeStored(SESSION_HINT_KEY, true);
  else removeStored(SESSION_HINT_KEY);
}

function readyDeferred(): Deferred<LoadedAuth> {
  if (!authReady) {
    let resolve!: Deferred<LoadedAuth>["resolve"];
    let reject!: Deferred<LoadedAuth>["reject"];
    const promise = new Promise<LoadedAuth>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // a failed load with no caller waiting is not an unhandled rejection
    authReady = { promise, resolve, reject };
  }
  return authReady;
}

/** Whether Auth was asked for before the config arrived (initFirebase then starts it). */
export const authIsWanted = (): boolean => authWanted;

export async function startAuth(c: RuntimeConfig): Promise<void> {
  authStarted = true;
  const gen = currentGeneration();
  const deferred = readyDeferred();
  try {
    // The admin watch reads admins/{uid} through the database SDK, so both load together.
    const [sdk, base] = await Promise.all([import("firebase/auth"), loadCore()]);
    if (gen !== currentGeneration()) return; // reset meanwhile (tests)
    // initializeAuth rather than getAuth: without a popup/redirect resolver, which this site
    // never uses (e-mail and anonymous sign-in only), the SDK never loads Google's gapi script
    // and auth frame, which getAuth does up front on phones and Safari (and the CSP forbids).
    const instance = sdk.initializeAuth(base.app, { persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence] });
    const emulator = c.emulators?.auth;
    if (emulator) sdk.connectAuthEmulator(instance, emulator, { disableWarnings: true });
    auth = { instance, sdk };
    // onIdTokenChanged covers sign-in, sign-out, background refresh and the SDK's automatic
    // sign-out (account disabled, token expired), so the store follows all four.
    sdk.onIdTokenChanged(instance, (user) => applyUser(user, base));
    deferred.resolve(auth);
  } catch (error) {
    if (gen !== currentGeneration()) return;
    // The chunk could not load (offline, new deploy): let a later call try again, and do not
    // leave a guard waiting forever.
    authStarted = false;
    authReady = null;
    deferred.reject(error);
    if (authStore.getState().status === "loading") authStore.setState({ status: "signedOut", user: null, isAdmin: null });
  }
}

/**
 * Loads the Auth SDK (once) and resolves with it when the auth state starts to be followed.
 * Before initFirebase it only records the wish; the load starts with initFirebase.
 */
export function ensureAuth(): Promise<LoadedAuth> {
  if (auth) return Promise.resolve(auth);
  const { promise } = readyDeferred();
  authWanted = true;
  const c = recordedConfig(); // none yet: initFirebase starts the load
  if (c && !authStarted) void startAuth(c);
  return promise;
}

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    tenantId: user.tenantId,
    providerData: user.providerData.map((p) => ({
      providerId: p.providerId,
      uid: p.uid,
      displayName: p.displayName,
      email: p.email,
      phoneNumber: p.phoneNumber,
      photoURL: p.photoURL,
    })),
    creationTime: user.metadata.creationTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
  };
}

function watchAdmin({ db, sdk }: Pick<Core, "db" | "sdk">, uid: string): void {
  stopAdminWatch?.();
  // Live, so granting or revoking admin takes effect without signing in again. A denied read
  // (the rules let a uid read only its own entry) means "not admin".
  stopAdminWatch = sdk.onValue(
    sdk.ref(db, `admins/${uid}`),
    (snap) => {
      if (authStore.getState().user?.uid === uid) authStore.setState({ isAdmin: snap.val() === true });
    },
    () => {
      if (authStore.getState().user?.uid === uid) authStore.setState({ isAdmin: false });
    },
  );
}

/** Applies one auth-state change to the store. */
function applyUser(user: User | null, database: Pick<Core, "db" | "sdk"> | null): void {
  writeSessionHint(user !== null);
  if (!user) {
    stopAdminWatch?.();
    stopAdminWatch = null;
    authStore.setState({ status: "signedOut", user: null, isAdmin: null, tokenUpdatedAt: null });
    return;
  }
  const previous = authStore.getState();
  const sameUser = previous.user?.uid === user.uid;
  authStore.setState({
    status: "signedIn",
    user: toAuthUser(user),
    isAdmin: sameUser ? previous.isAdmin : null,
    tokenUpdatedAt: Date.now(),
  });
  // A token refresh for the same user keeps the running admin watch.
  if (!sameUser && database) watchAdmin(database, user.uid);
}

/**
 * The Auth instance (for the account functions). Only available once Auth has loaded, which a
 * screen behind the guard can rely on: the guard waits for the auth state.
 */
export function getAuthInstance(): Auth {
  getRuntimeConfig();
  if (!auth) throw new Error("shared-auth: Auth has not loaded yet (call ensureAuth() first)");
  return auth.instance;
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const { instance, sdk } = await ensureAuth();
  const credential = await sdk.signInWithEmailAndPassword(instance, email, password);
  return toAuthUser(credential.user);
}

export async function signOutUser(): Promise<void> {
  const { instance, sdk } = await ensureAuth();
  await sdk.signOut(instance);
}

/** The signed-in user's ID token, for a request to the site's own server that checks who asks (a Bearer token); null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  const { instance } = await ensureAuth();
  return instance.currentUser ? instance.currentUser.getIdToken() : null;
}

export function resetSessionForTests(): void {
  stopAdminWatch?.();
  stopAdminWatch = null;
  auth = null;
  authStarted = false;
  authWanted = false;
  authReady = null;
}
