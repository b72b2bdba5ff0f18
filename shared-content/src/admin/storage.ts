// The admin's Storage access (the media library's files), beside db.ts: the Storage instance and
// the SDK module come from shared-auth (the only importer of firebase/* at run time, loaded on
// first use). Tests may inject their own instance.
import type { FirebaseStorage } from "firebase/storage";
import { ensureAuth, loadStorage, refreshPasswordPolicy } from "shared-auth";
import { adminAccount } from "shared-auth/admin";
import { ContentError } from "../errors";

// shared-auth/admin is bundled here, so it works on the singleton's Auth handed to it.
const ensureAdminClaim = () => adminAccount({ ensureAuth, refreshPasswordPolicy }).ensureAdminClaim();

export type StorageSdk = typeof import("firebase/storage");

export interface StorageConnection {
  storage: FirebaseStorage;
  sdk: StorageSdk;
}

let override: StorageConnection | null = null;

/** For tests (and tools) that talk to a Storage server without the shell's runtime config. */
export function setStorageForTests(connection: StorageConnection | null): void {
  override = connection;
}

/**
 * The Storage instance and the SDK functions to use on it, for the signed-in admin: Storage's
 * rules know the admin by the `admin` custom claim, which a token issued before the claim was
 * set lacks (ensureAdminClaim refreshes it once).
 */
export async function storageConnection(): Promise<StorageConnection> {
  if (override) return override;
  let loaded: StorageConnection;
  try {
    loaded = await loadStorage();
  } catch (error) {
    throw new ContentError("unavailable", error instanceof Error ? error.message : "Storage could not be reached.", { cause: error });
  }
  if (!(await ensureAdminClaim())) {
    throw new ContentError(
      "permission-denied",
      "Your account is not marked as the site's admin for pictures (its admin claim is missing). Run `npm run admin-account` for this account, then sign in again.",
    );
  }
  return loaded;
}
