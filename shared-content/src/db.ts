// The one Database instance comes from shared-auth (Firebase is initialised only there).
// Tests may inject their own instance.
import type { Database } from "firebase/database";
import { getDb } from "shared-auth";

let override: Database | null = null;

/** For tests (and tools) that talk to a database without the shell's runtime config. */
export function setDatabaseForTests(db: Database | null): void {
  override = db;
}

export function database(): Database {
  return override ?? getDb();
}
