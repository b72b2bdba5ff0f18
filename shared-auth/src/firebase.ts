// The one place the Firebase app, Auth and Database are created (docs/architecture.md, "Boundaries"). Being a
// Module Federation singleton, every remote gets these same instances.
// No firebase/* module is imported statically: a visitor's page reads through the REST stream
// (shared-content) and never downloads the SDK. initFirebase only records the config;
// firebase/app + firebase/database load on the first loadDatabase() (admin reads and writes,
// the admin watch), firebase/auth (~37 KB gzip) on the first ensureAuth(): when a screen reads
// the auth state (useAuthStore, see use-auth-store.ts), a sign-in/out is requested, or at
// start-up when a session hint says a user signed in on this browser before.
// The database SDK picks Auth up when it registers later (FirebaseAuthTokenProvider.onInit).
import type { FirebaseApp } from "firebase/app";
import type { Auth, User } from "firebase/auth";
import type { Database } from "firebase/database";
import { useAuthStore, type AuthUser } from "./auth-store";
import type { RuntimeConfig } from "./runtime-config";

type AuthSdk = typeof import("firebase/auth");
export type DatabaseSdk = typeof import("firebase/database");

/** The app and Database, created once firebase/app + firebase/database have loaded. */
interface Core {
  app: FirebaseApp;
  db: Database;
  sdk: DatabaseSdk;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

let config: RuntimeConfig | null = null;
/** Bumped by resetFirebaseForTests so a load started before a reset cannot land after it. */
let generation = 0;
let corePromise: Promise<Core> | null = null;
let core: Core | null = null;
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

/** The runtime config given to initFirebase (shared-content builds its REST URLs from it). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!config) throw new Error("shared-auth: call initFirebase(config) first");
  return config;
}

/** The database SDK module itself (loaded once; no app needed), for shared-content/admin. */
export function loadDatabaseSdk(): Promise<DatabaseSdk> {
  return import("firebase/database");
}

function loadCore(): Promise<Core> {
  if (corePromise) return corePromise;
  let c: RuntimeConfig;
  try {
    c = getRuntimeConfig();
  } catch (error) {
    return Promise.reject(error);
  }
  const gen = generation;
  const promise = Promise.all([import("firebase/app"), loadDatabaseSdk()]).then(([appSdk, sdk]) => {
    if (gen !== generation) throw new Error("shared-auth: reset while loading");
    const app = appSdk.initializeApp(c.firebase);
    const db = sdk.getDatabase(app, c.firebase.databaseURL);
    const emulator = c.emulators?.database;
    if (emulator) {
      sdk.connectDatabaseEmulator(db, emulator.host, emulator.port);
      // A browser that once saw a failed websocket falls back to long-polling, which the local
      // server does not speak (docs/architecture.md, "Local stack").
      sdk.forceWebSockets();
    }
    core = { app, db, sdk };
    return core;
  });
  corePromise = promise;
  // A chunk that failed to load (offline, new deploy) is tried again by the next caller.
  promise.catch(() => {
    if (corePromise === promise) corePromise = null;
  });
  return promise;
}

/**
 * Loads firebase/app + firebase/database (once), creates the app and the Database (emulator
 * connection and forceWebSockets for the local stack) and resolves the one Database instance.
 * Rejects before initFirebase.
 */
export async function loadDatabase(): Promise<Database> {
  return (await loadCore()).db;
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

async function startAuth(c: RuntimeConfig): Promise<void> {
  authStarted = true;
  const gen = generation;
  const deferred = readyDeferred();
  try {
    // The admin watch reads admins/{uid} through the database SDK, so both load together.
    const [sdk, base] = await Promise.all([import("firebase/auth"), loadCore()]);
    if (gen !== generation) return; // reset meanwhile (tests)
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
    if (gen !== generation) return;
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
  if (config && !authStarted) void startAuth(config);
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

function watchAdmin({ db, sdk }: Pick<Core, "db" | "sdk">, uid: string): void {
  stopAdminWatch?.();
  // Live, so granting or revoking admin takes effect without signing in again. A denied read
  // (the rules let a uid read only its own entry) means "not admin".
  stopAdminWatch = sdk.onValue(
    sdk.ref(db, `admins/${uid}`),
    (snap) => {
      if (useAuthStore.getState().user?.uid === uid) useAuthStore.setState({ isAdmin: snap.val() === true });
    },
    () => {
      if (useAuthStore.getState().user?.uid === uid) useAuthStore.setState({ isAdmin: false });
    },
  );
}

/** Applies one auth-state change to the store (exported for tests). */
export function applyUser(user: User | null, database: Pick<Core, "db" | "sdk"> | null): void {
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
  if (!sameUser && database) watchAdmin(database, user.uid);
}

/**
 * Records the runtime config (idempotent, synchronous, loads nothing) and starts the Auth SDK
 * when it is wanted (see ensureAuth) or a session hint says a user signed in before.
 */
export function initFirebase(runtimeConfig: RuntimeConfig): void {
  if (config) return;
  config = runtimeConfig;
  if (authWanted || readSessionHint()) void startAuth(config);
}

/** The app, once loadDatabase() or ensureAuth() has resolved. */
export function getFirebaseApp(): FirebaseApp {
  return need().app;
}

function need(): Core {
  getRuntimeConfig();
  if (!core) throw new Error("shared-auth: the database SDK has not loaded yet (await loadDatabase() first)");
  return core;
}

/** The one Database instance, once loadDatabase() has resolved (sync; throws before). */
export function getDb(): Database {
  return need().db;
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

/** Test helper: forget the config and instances (never used by the app). */
export function resetFirebaseForTests(): void {
  stopAdminWatch?.();
  stopAdminWatch = null;
  generation += 1;
  config = null;
  corePromise = null;
  core = null;
  auth = null;
  authStarted = false;
  authWanted = false;
  authReady = null;
}
