// The SDK loader: the runtime config this page runs with, and the Firebase app and Database,
// created once firebase/app + firebase/database have loaded (and Storage, for the admin's uploads). Nothing here is imported
// statically from firebase/*: a visitor's page reads through the REST stream (shared-content)
// and never downloads the SDK; the admin panel's first read or write loads it.
import type { FirebaseApp } from "firebase/app";
import type { Database } from "firebase/database";
import type { FirebaseStorage } from "firebase/storage";
import type { RuntimeConfig } from "runtime-config";

export type DatabaseSdk = typeof import("firebase/database");
export type StorageSdk = typeof import("firebase/storage");

/** The Storage SDK module and the one Storage instance (on the config's bucket). */
export interface LoadedStorage {
  storage: FirebaseStorage;
  sdk: StorageSdk;
}

/** The app and Database, created once firebase/app + firebase/database have loaded. */
export interface Core {
  app: FirebaseApp;
  db: Database;
  sdk: DatabaseSdk;
}

let config: RuntimeConfig | null = null;
/** Bumped by a test reset, so a load started before the reset cannot land after it. */
let generation = 0;
let corePromise: Promise<Core> | null = null;
let core: Core | null = null;
let storagePromise: Promise<LoadedStorage> | null = null;

/** Records the config; the first one wins (the shell's, read once per page). */
export function recordConfig(runtimeConfig: RuntimeConfig): boolean {
  if (config) return false;
  config = runtimeConfig;
  return true;
}

/** The recorded config, or null before initFirebase. */
export const recordedConfig = (): RuntimeConfig | null => config;

/** The runtime config given to initFirebase (shared-content builds its REST URLs from it). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!config) throw new Error("shared-auth: call initFirebase(config) first");
  return config;
}

/** Which reset this is (see resetSdkForTests): loads compare it before they land. */
export const currentGeneration = (): number => generation;

/** The database SDK module itself (loaded once; no app needed), for shared-content/admin. */
export function loadDatabaseSdk(): Promise<DatabaseSdk> {
  return import("firebase/database");
}

/** Loads firebase/app + firebase/database once and creates the app and the one Database. */
export function loadCore(): Promise<Core> {
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
    // Websockets only, never the long-polling fallback: that fallback loads scripts (JSONP) and a
    // frame from the database's host, which the page's CSP would have to allow for every host of
    // the database's domain (docs/data.md, where the Content-Security-Policy is described). The local server
    // does not speak long-polling either.
    sdk.forceWebSockets();
    const emulator = c.emulators?.database;
    if (emulator) sdk.connectDatabaseEmulator(db, emulator.host, emulator.port);
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

/**
 * Loads firebase/storage (once: only the admin's uploads need it; pages show pictures by URL)
 * and creates the Storage instance on the config's `firebase.storageBucket`, connected to the
 * local Storage server when the config names one. Rejects in words when there is no bucket.
 */
export function loadStorage(): Promise<LoadedStorage> {
  if (storagePromise) return storagePromise;
  const gen = generation;
  const promise = (async () => {
    const c = getRuntimeConfig();
    const bucket = c.firebase.storageBucket;
    if (!bucket) throw new Error("The site's configuration names no storage bucket (firebase.storageBucket), so pictures cannot be uploaded");
    const [base, sdk] = await Promise.all([loadCore(), import("firebase/storage")]);
    if (gen !== generation) throw new Error("shared-auth: reset while loading");
    const storage = sdk.getStorage(base.app, `gs://${bucket}`);
    const emulator = c.emulators?.storage;
    if (emulator) sdk.connectStorageEmulator(storage, emulator.host, emulator.port);
    return { storage, sdk };
  })();
  storagePromise = promise;
  promise.catch(() => {
    if (storagePromise === promise) storagePromise = null;
  });
  return promise;
}

export function resetSdkForTests(): void {
  generation += 1;
  config = null;
  corePromise = null;
  core = null;
  storagePromise = null;
}
