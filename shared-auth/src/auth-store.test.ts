import { beforeEach, describe, expect, it, vi } from "vitest";

// The Firebase SDK is replaced by fakes: these tests are about how auth events drive the store.
const db = { fake: "db" };
let tokenListener: ((user: unknown) => void) | null = null;
const adminListeners = new Map<string, { next: (snap: { val(): unknown }) => void; fail: (e: unknown) => void }>();
const unsubscribed: string[] = [];

vi.mock("firebase/app", () => ({ initializeApp: vi.fn(() => ({ name: "[DEFAULT]" })) }));
vi.mock("firebase/auth", () => ({
  initializeAuth: vi.fn(() => ({ currentUser: null })),
  indexedDBLocalPersistence: { type: "LOCAL", name: "indexedDB" },
  browserLocalPersistence: { type: "LOCAL", name: "localStorage" },
  connectAuthEmulator: vi.fn(),
  onIdTokenChanged: vi.fn((_auth: unknown, cb: (u: unknown) => void) => {
    tokenListener = cb;
    return () => undefined;
  }),
  signInWithEmailAndPassword: vi.fn(),
  signOut: vi.fn(async () => tokenListener?.(null)),
}));
vi.mock("firebase/database", () => ({
  getDatabase: vi.fn(() => db),
  connectDatabaseEmulator: vi.fn(),
  forceWebSockets: vi.fn(),
  ref: vi.fn((_db: unknown, path: string) => path),
  onValue: vi.fn((path: string, next: (s: { val(): unknown }) => void, fail: (e: unknown) => void) => {
    adminListeners.set(path, { next, fail });
    return () => unsubscribed.push(path);
  }),
}));

const { initFirebase, resetFirebaseForTests } = await import("./firebase");
const { loadDatabase, getRuntimeConfig } = await import("./sdk");
const { signOutUser, ensureAuth, SESSION_HINT_KEY } = await import("./session");
const firebaseApp = await import("firebase/app");
const { authStore: useAuthStore, initialAuthState } = await import("./auth-store");
const firebaseDb = await import("firebase/database");
const firebaseAuth = await import("firebase/auth");
const { testUser } = await import("./testing");

const config = {
  firebase: { apiKey: "k", authDomain: "d", projectId: "demo-p", appId: "a", databaseURL: "http://127.0.0.1:9000/?ns=demo-p" },
  emulators: { auth: "http://127.0.0.1:9099", database: { host: "127.0.0.1", port: 9000 } },
  remotes: {},
};

/** The SDK's User for `uid`: the store's user (shared-auth/testing) as Firebase shapes it. */
function fakeUser(uid: string) {
  const { creationTime: _c, lastSignInTime: _l, ...user } = signedInAs(uid);
  return { ...user, metadata: { creationTime: SIGNED_UP, lastSignInTime: SIGNED_IN } };
}

const SIGNED_UP = "Sun, 22 Nov 2026 09:00:00 GMT";
const SIGNED_IN = "Sun, 22 Nov 2026 09:30:00 GMT";

/** What the store should hold for `uid` signed in with a password. */
function signedInAs(uid: string) {
  const email = `${uid}@example.com`;
  return {
    ...testUser(email),
    uid,
    providerData: [{ providerId: "password", uid: email, displayName: null, email, phoneNumber: null, photoURL: null }],
    creationTime: SIGNED_UP,
    lastSignInTime: SIGNED_IN,
  };
}

/** initFirebase, then load Auth as a screen that reads the auth state would. */
async function initWithAuth(c: typeof config | Omit<typeof config, "emulators"> = config) {
  initFirebase(c);
  await ensureAuth();
}

beforeEach(() => {
  resetFirebaseForTests();
  localStorage.clear();
  useAuthStore.setState({ ...initialAuthState });
  tokenListener = null;
  adminListeners.clear();
  unsubscribed.length = 0;
  vi.clearAllMocks();
});

describe("initFirebase", () => {
  it("is idempotent and connects the emulators the config names", async () => {
    initFirebase(config);
    initFirebase(config);
    await ensureAuth();
    await ensureAuth();
    expect(firebaseApp.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebaseAuth.connectAuthEmulator).toHaveBeenCalledTimes(1);
    expect(firebaseDb.connectDatabaseEmulator).toHaveBeenCalledWith(db, "127.0.0.1", 9000);
    expect(firebaseDb.forceWebSockets).toHaveBeenCalledTimes(1);
  });
  it("connects no emulator for a production config", async () => {
    const { emulators: _e, ...prod } = config;
    await initWithAuth(prod);
    expect(firebaseAuth.connectAuthEmulator).not.toHaveBeenCalled();
    expect(firebaseDb.connectDatabaseEmulator).not.toHaveBeenCalled();
  });
  it("throws a clear error when used before init", async () => {
    expect(() => getRuntimeConfig()).toThrow("initFirebase");
    await expect(loadDatabase()).rejects.toThrow("initFirebase");
  });
});

describe("lazy database SDK", () => {
  it("initFirebase only records the config: a visitor's page creates no app and no Database", async () => {
    initFirebase(config);
    await Promise.resolve();
    expect(getRuntimeConfig()).toBe(config);
    expect(firebaseApp.initializeApp).not.toHaveBeenCalled();
    expect(firebaseDb.getDatabase).not.toHaveBeenCalled();
  });
  it("loadDatabase creates the app and the one Database once, with the emulator and forceWebSockets", async () => {
    initFirebase(config);
    const [a, b] = await Promise.all([loadDatabase(), loadDatabase()]);
    expect(a).toBe(db);
    expect(b).toBe(db);
    expect(await loadDatabase()).toBe(db);
    expect(firebaseApp.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebaseDb.getDatabase).toHaveBeenCalledWith({ name: "[DEFAULT]" }, config.firebase.databaseURL);
    expect(firebaseDb.connectDatabaseEmulator).toHaveBeenCalledTimes(1);
    expect(firebaseDb.forceWebSockets).toHaveBeenCalledTimes(1);
    expect(firebaseAuth.initializeAuth).not.toHaveBeenCalled();
  });
  it("a production Database uses websockets only too: no long-polling, whose scripts the CSP refuses", async () => {
    const { emulators: _e, ...production } = config;
    initFirebase(production);
    await loadDatabase();
    expect(firebaseDb.connectDatabaseEmulator).not.toHaveBeenCalled();
    expect(firebaseDb.forceWebSockets).toHaveBeenCalledTimes(1);
  });
});

describe("auth store", () => {
  it("starts loading, then follows sign-in with the user's fields", async () => {
    expect(useAuthStore.getState().status).toBe("loading");
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    const s = useAuthStore.getState();
    expect(s.status).toBe("signedIn");
    expect(s.user).toEqual(signedInAs("u1"));
    expect(s.isAdmin).toBeNull();
  });

  it("reads admins/{uid}: true means admin, anything else or a denied read means not", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    adminListeners.get("admins/u1")?.next({ val: () => true });
    expect(useAuthStore.getState().isAdmin).toBe(true);
    adminListeners.get("admins/u1")?.next({ val: () => null });
    expect(useAuthStore.getState().isAdmin).toBe(false);
    adminListeners.get("admins/u1")?.fail(new Error("permission_denied"));
    expect(useAuthStore.getState().isAdmin).toBe(false);
  });

  it("a background token refresh keeps the user signed in and the admin flag", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    adminListeners.get("admins/u1")?.next({ val: () => true });
    const before = useAuthStore.getState().tokenUpdatedAt;
    tokenListener?.(fakeUser("u1"));
    const s = useAuthStore.getState();
    expect(s.status).toBe("signedIn");
    expect(s.isAdmin).toBe(true);
    expect(s.tokenUpdatedAt).not.toBeNull();
    expect(s.tokenUpdatedAt).toBeGreaterThanOrEqual(before ?? 0);
    expect(firebaseDb.onValue).toHaveBeenCalledTimes(1);
  });

  it("an automatic sign-out (disabled account, expired token) empties the store and stops the admin watch", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    tokenListener?.(null);
    expect(useAuthStore.getState()).toMatchObject({ status: "signedOut", user: null, isAdmin: null });
    expect(unsubscribed).toEqual(["admins/u1"]);
  });

  it("signOutUser signs out through the SDK", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    await signOutUser();
    expect(firebaseAuth.signOut).toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe("signedOut");
  });

  it("a late admin answer for a previous user is ignored", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    tokenListener?.(fakeUser("u2"));
    adminListeners.get("admins/u1")?.next({ val: () => true });
    expect(useAuthStore.getState().isAdmin).toBeNull();
  });
});

describe("lazy Auth", () => {
  it("a first visit (no session hint) does not load the Auth SDK until asked", async () => {
    initFirebase(config);
    await Promise.resolve();
    expect(firebaseAuth.initializeAuth).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe("loading");
    await ensureAuth();
    expect(firebaseAuth.initializeAuth).toHaveBeenCalledTimes(1);
    // No popup/redirect resolver: nothing loads Google's gapi script or auth frame (CSP).
    expect(vi.mocked(firebaseAuth.initializeAuth).mock.calls[0]?.[1]).toEqual({
      persistence: [firebaseAuth.indexedDBLocalPersistence, firebaseAuth.browserLocalPersistence],
    });
    tokenListener?.(null);
    expect(useAuthStore.getState().status).toBe("signedOut");
  });

  it("a wish recorded before initFirebase starts the load with it", async () => {
    const ready = ensureAuth();
    expect(firebaseAuth.initializeAuth).not.toHaveBeenCalled();
    initFirebase(config);
    await ready;
    expect(firebaseAuth.initializeAuth).toHaveBeenCalledTimes(1);
  });

  it("sign-in sets the session hint, sign-out clears it, and the hint loads Auth at start-up", async () => {
    await initWithAuth();
    tokenListener?.(fakeUser("u1"));
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe("true");

    resetFirebaseForTests();
    vi.clearAllMocks();
    initFirebase(config);
    await vi.waitFor(() => expect(firebaseAuth.initializeAuth).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(tokenListener).not.toBeNull());
    tokenListener?.(null);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it("a session hint kept by an earlier version under its own key still loads Auth at start-up, and moves", async () => {
    localStorage.setItem("shared-auth:session", "1");
    initFirebase(config);
    await vi.waitFor(() => expect(firebaseAuth.initializeAuth).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe("true");
    expect(localStorage.getItem("shared-auth:session")).toBeNull();
  });
});
