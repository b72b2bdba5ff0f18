// The local Storage server as its owner ("Bearer owner": the emulators' admin token, past the
// rules): the object calls the demo pictures' upload (scripts/lib/demo-media.ts) and the specs'
// seeding and clean-up (e2e/fixtures/storage.ts) share. The site itself uploads through the SDK.

/** A Storage server and one of its buckets (shared-content's MediaStorage has the same shape). */
export interface OwnedStorage {
  /** The Storage server, e.g. http://127.0.0.1:9199. */
  origin: string;
  bucket: string;
}

const OWNER = { Authorization: "Bearer owner" };
const objectsUrl = (s: OwnedStorage) => `${s.origin}/v0/b/${encodeURIComponent(s.bucket)}/o`;

/** Puts one object with its metadata, as a multipart upload. */
export async function putObject(s: OwnedStorage, path: string, bytes: Buffer, metadata: { contentType: string; cacheControl?: string }): Promise<void> {
  const boundary = `object-${Date.now()}`;
  const head = JSON.stringify({ name: path, ...metadata });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${head}\r\n--${boundary}\r\nContent-Type: ${metadata.contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const res = await fetch(`${objectsUrl(s)}?name=${encodeURIComponent(path)}`, {
    method: "POST",
    headers: { ...OWNER, "X-Goog-Upload-Protocol": "multipart", "Content-Type": `multipart/related; boundary=${boundary}` },
    body,
  });
  if (!res.ok) throw new Error(`Storage upload ${path}: HTTP ${res.status} ${await res.text()}`);
}

/** Whether the object exists (its metadata). */
export async function objectExists(s: OwnedStorage, path: string): Promise<boolean> {
  const res = await fetch(`${objectsUrl(s)}/${encodeURIComponent(path)}`, { headers: OWNER });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`Storage ${path}: HTTP ${res.status} ${await res.text()}`);
  return true;
}

/** The names stored directly under a folder such as `media/{id}/`. */
export async function listObjects(s: OwnedStorage, folder: string): Promise<string[]> {
  const res = await fetch(`${objectsUrl(s)}?prefix=${encodeURIComponent(folder)}&delimiter=${encodeURIComponent("/")}`, { headers: OWNER });
  if (!res.ok) throw new Error(`Storage list ${folder}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items?: { name: string }[] }).items?.map((i) => i.name) ?? [];
}

/** Deletes one object (an absent one is not an error: clean-up runs after failures too). */
export async function deleteObject(s: OwnedStorage, path: string): Promise<void> {
  const res = await fetch(`${objectsUrl(s)}/${encodeURIComponent(path)}`, { method: "DELETE", headers: OWNER });
  if (!res.ok && res.status !== 404) throw new Error(`Storage delete ${path}: HTTP ${res.status} ${await res.text()}`);
}
