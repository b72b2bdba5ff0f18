// The one place the Firebase app, Auth and Database are created (DESIGN section 2). Being a
// Module Federation singleton, every remote gets these same instances.
import { initializeApp, type FirebaseApp } from "firebase/app";
import {
  connectAuthEmulator,
  getAuth,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from "firebase/auth";
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

interface Instances {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
}

let instances: Instances | null = null;
let stopAdminWatch: (() => void) | null = null;

function need(): Instances {
  if (!instances) throw new Error("shared-auth: call initFirebase(config) first");
  return instances;
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
 * the config names, and starts feeding the auth store.
 */
export function initFirebase(config: RuntimeConfig): FirebaseApp {
  if (instances) return instances.app;
  const app = initializeApp(config.firebase);
  const auth = getAuth(app);
  const db = getDatabase(app, config.firebase.databaseURL);
  const emulators = config.emulators;
  if (emulators?.auth) connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
  if (emulators?.database) {
    connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    // A browser that once saw a failed websocket falls back to long-polling, which the local
    // server does not speak (DESIGN section 8).
    forceWebSockets();
  }
  instances = { app, auth, db };
  // onIdTokenChanged covers sign-in, sign-out, background refresh and the SDK's automatic
  // sign-out (account disabled, token expired), so the store follows all four.
  onIdTokenChanged(auth, (user) => applyUser(user, db));
  return app;
}

export function getFirebaseApp(): FirebaseApp {
  return need().app;
}

/** The one Database instance (for shared-content). */
export function getDb(): Database {
  return need().db;
}

/** The Auth instance (for shared-content/admin account screens via shared-auth only). */
export function getAuthInstance(): Auth {
  return need().auth;
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const credential = await signInWithEmailAndPassword(need().auth, email, password);
  return toAuthUser(credential.user);
}

export async function signOutUser(): Promise<void> {
  await signOut(need().auth);
}

/** Listens to auth-state changes (sign-in, sign-out, token refresh); returns the unsubscribe. */
export function onAuthChange(cb: (user: AuthUser | null) => void): () => void {
  return onIdTokenChanged(need().auth, (user) => cb(user ? toAuthUser(user) : null));
}

/** Test helper: forget the instances (never used by the app). */
export function resetFirebaseForTests(): void {
  stopAdminWatch?.();
  stopAdminWatch = null;
  instances = null;
}
