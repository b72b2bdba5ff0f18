// The secret shareable preview links are signed with (release-protocol/src/preview-token.ts). Locally it
// lives where the Functions emulator reads a function's secrets, `renderer/.secret.local`
// (untracked, never deployed: firebase.json's ignore), made once by the stack and read by the
// release command; in production it is the Functions secret PREVIEW_SECRET
// (`firebase functions:secrets:set PREVIEW_SECRET`, docs/releases.md).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const PREVIEW_SECRET_NAME = "PREVIEW_SECRET" as const;

/** The renderer's local secrets file (dotenv format). */
export const localSecretFile = (repoRoot: string) => join(repoRoot, "renderer", ".secret.local");

/** The local secret, or null when the stack has not made one yet. */
export async function readLocalPreviewSecret(repoRoot: string): Promise<string | null> {
  const file = localSecretFile(repoRoot);
  if (!existsSync(file)) return null;
  const line = (await readFile(file, "utf8")).split("\n").find((l) => l.startsWith(`${PREVIEW_SECRET_NAME}=`));
  return line ? line.slice(PREVIEW_SECRET_NAME.length + 1).trim() || null : null;
}

/** The local secret, made (256 random bits) on first use and kept, so links survive restarts. */
export async function ensureLocalPreviewSecret(repoRoot: string): Promise<string> {
  const existing = await readLocalPreviewSecret(repoRoot);
  if (existing) return existing;
  const secret = randomBytes(32).toString("base64url");
  await writeFile(localSecretFile(repoRoot), `${PREVIEW_SECRET_NAME}=${secret}\n`, { mode: 0o600 });
  return secret;
}
