// The one place the Firebase app, Auth and Database are created (DESIGN section 2). Being a
// Module Federation singleton, every remote gets these same instances.
// The Auth SDK (~37 KB gzip) is loaded lazily: public pages never need it. It loads when a
// screen reads the auth state (useAuthStore, see use-auth-store.ts), when a sign-in/out is
// requested, or at start-up when a session hint says a user signed in on this browser before.
// The database SDK picks Auth up when it registers later (FirebaseAuthTokenProvider.onInit).
import { initializeApp, type FirebaseApp } from "firebase/app";
import type { Auth, User } from "firebase/auth";
import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  onValue,
  ref,
  type Database,
} from "firebase/database";
import { useAuthStore, type AuthUser } from "./auth-store";
import type { RuntimeConfig } from "./runtime-config";

type AuthSdk = typeof import("firebase/auth");

interface Instances {
  app: FirebaseApp;
  db: Database;
  config: RuntimeConfig;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

let instances: Instances | null = null;
let stopAdminWatch: (() => void) | null = null;
let auth: { instance: Auth; sdk: AuthSdk } | null = null;
let authStarted = false;
let authWanted = false;
let authReady: Deferred<{ instance: Auth; sdk: AuthSdk }> | null = null;

/** localStorage key set while a user is signed in, so a returning admin's state loads at once. */
export const SESSION_HINT_KEY = "shared-auth:session";

function readSessionHint(): boolean {
  try {
    return globalThis.localStorage?.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

function writeSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) globalThis.localStorage?.setItem(SESSION_HINT_KEY, "1");
    else globalThis.localStorage?.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage disabled: Auth then loads only on the routes that need it.
  }
}

function need(): Instances {
  if (!instances) throw new Error("shared-auth: call initFirebase(config) first");
  return instances;
}

function readyDeferred(): Deferred<{ instance: Auth; sdk: AuthSdk }> {
  if (!authReady) {
    let resolve!: Deferred<{ instance: Auth; sdk: AuthSdk }>["resolve"];
    let reject!: Deferred<{ instance: Auth; sdk: AuthSdk }>["reject"];
    const promise = new Promise<{ instance: Auth; sdk: AuthSdk }>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // a failed load with no caller waiting is not an unhandled rejection
    authReady = { promise, resolve, reject };
  }
  return authReady;
}

async function startAuth(inst: Instances): Promise<void> {
  authStarted = true;
  const deferred = readyDeferred();
  try {
    const sdk = await import("firebase/auth");
    if (instances !== inst) return; // reset meanwhile (tests)
    const instance = sdk.getAuth(inst.app);
    const emulator = inst.config.emulators?.auth;
    if (emulator) sdk.connectAuthEmulator(instance, emulator, { disableWarnings: true });
    auth = { instance, sdk };
    // onIdTokenChanged covers sign-in, sign-out, background refresh and the SDK's automatic
    // sign-out (account disabled, token expired), so the store follows all four.
    sdk.onIdTokenChanged(instance, (user) => applyUser(user, inst.db));
    deferred.resolve(auth);
  } catch (error) {
    // The chunk could not load (offline, new deploy): let a later call try again, and do not
    // leave a guard waiting forever.
    authStarted = false;
    authReady = null;
    deferred.reject(error);
    if (useAuthStore.getState().status === "loading") useAuthStore.setState({ status: "signedOut", user: null, isAdmin: null });
  }
}

/**
 * Loads the Auth SDK (once) and resolves with it when the auth state starts to be followed.
 * Before initFirebase it only records the wish; the load starts with initFirebase.
 */
export function ensureAuth(): Promise<{ instance: Auth; sdk: AuthSdk }> {
  if (auth) return Promise.resolve(auth);
  const { promise } = readyDeferred();
  authWanted = true;
  if (instances && !authStarted) void startAuth(instances);
  return promise;
}

export function toAuthUser(user: User): AuthUser {
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

function watchAdmin(db: Database, uid: string): void {
  stopAdminWatch?.();
  // Live, so granting or revoking admin takes effect without signing in again. A denied read
  // (the rules let a uid read only its own entry) means "not admin".
  stopAdminWatch = onValue(
    ref(db, `admins/${uid}`),
    (snap) => {
      if (useAuthStore.getState().user?.uid === uid) useAuthStore.setState({ isAdmin: snap.val() === true });
    },
    () => {
      if (useAuthStore.getState().user?.uid === uid) useAuthStore.setState({ isAdmin: false });
    },
  );
}

/** Applies one auth-state change to the store (exported for tests). */
export function applyUser(user: User | null, db: Database | null): void {
  writeSessionHint(user !== null);
  if (!user) {
    stopAdminWatch?.();
    stopAdminWatch = null;
    useAuthStore.setState({ status: "signedOut", user: null, isAdmin: null, tokenUpdatedAt: null });
    return;
  }
  const previous = useAuthStore.getState();
  const sameUser = previous.user?.uid === user.uid;
  useAuthStore.setState({
    status: "signedIn",
    user: toAuthUser(user),
    isAdmin: sameUser ? previous.isAdmin : null,
    tokenUpdatedAt: Date.now(),
  });
  // A token refresh for the same user keeps the running admin watch.
  if (!sameUser && db) watchAdmin(db, user.uid);
}

/**
 * Creates the Firebase app once from the runtime config (idempotent), connects the emulators
 * the config names, and starts the Auth SDK when it is wanted (see ensureAuth).
 */
export function initFirebase(config: RuntimeConfig): FirebaseApp {
  if (instances) return instances.app;
  const app = initializeApp(config.firebase);
  const db = getDatabase(app, config.firebase.databaseURL);
  const emulators = config.emulators;
  if (emulators?.database) {
    connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    // A browser that once saw a failed websocket falls back to long-polling, which the local
    // server does not speak (DESIGN section 8).
    forceWebSockets();
  }
  instances = { app, db, config };
  if (authWanted || readSessionHint()) void startAuth(instances);
  return app;
}

export function getFirebaseApp(): FirebaseApp {
  return need().app;
}

/** The one Database instance (for shared-content). */
export function getDb(): Database {
  return need().db;
}

/**
 * The Auth instance (for the account functions). Only available once Auth has loaded, which a
 * screen behind the guard can rely on: the guard waits for the auth state.
 */
export function getAuthInstance(): Auth {
  need();
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

/** Listens to auth-state changes (sign-in, sign-out, token refresh); returns the unsubscribe. */
export function onAuthChange(cb: (user: AuthUser | null) => void): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  ensureAuth().then(
    ({ instance, sdk }) => {
      if (!stopped) stop = sdk.onIdTokenChanged(instance, (user) => cb(user ? toAuthUser(user) : null));
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Test helper: forget the instances (never used by the app). */
export function resetFirebaseForTests(): void {
  stopAdminWatch?.();
  stopAdminWatch = null;
  instances = null;
  auth = null;
  authStarted = false;
  authWanted = false;
  authReady = null;
}
