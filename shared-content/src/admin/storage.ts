// The admin's Storage access (the media library's files), beside db.ts: the Storage instance and
// the SDK module come from shared-auth (the only importer of firebase/* at run time, loaded on
// first use). Tests may inject their own instance.
import type { FirebaseStorage } from "firebase/storage";
import { ContentError } from "../errors";

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

/** The Storage instance and the SDK functions to use on it. */
export async function storageConnection(): Promise<StorageConnection> {
  if (override) return override;
  throw new ContentError("unavailable", "Picture uploads are not set up on this site: the runtime configuration names no storage bucket.");
}
