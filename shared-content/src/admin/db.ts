// The admin's database access: the one Database instance and the SDK module, both from
// shared-auth (the only importer of firebase/*, loaded on first use), so the admin panel and
// shared-auth's admin watch share one SDK copy. Tests may inject their own instance.
import type { Database } from "firebase/database";
import { loadDatabase, loadDatabaseSdk, type DatabaseSdk } from "shared-auth";

let override: Database | null = null;

/** For tests (and tools) that talk to a database without the shell's runtime config. */
export function setDatabaseForTests(db: Database | null): void {
  override = db;
}

export interface Connection {
  db: Database;
  sdk: DatabaseSdk;
}

/** The Database and the SDK functions to use on it. */
export async function connection(): Promise<Connection> {
  const [sdk, db] = await Promise.all([loadDatabaseSdk(), override ?? loadDatabase()]);
  return { db, sdk };
}

/** What the SDK's serverTimestamp() returns (no SDK needed to build it). */
export { SERVER_TIME } from "../post-save";
