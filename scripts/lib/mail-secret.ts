// The local stack's mail settings for the renderer's function: MAIL_SECRET (what confirmation and
// unsubscribe links are signed with, made once and kept, so links in mails survive restarts) and
// SMTP_URL (the local mail server), written to renderer/.secret.local, where the Functions emulator
// reads a function's secrets. In production both are Functions secrets (docs/deploy.md).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { localSecretFile } from "./preview-secret";

export async function writeLocalMailSecrets(repoRoot: string, smtpUrl: string): Promise<{ secret: string }> {
  const file = localSecretFile(repoRoot);
  const lines = existsSync(file) ? (await readFile(file, "utf8")).split("\n").filter((l) => l.trim() !== "") : [];
  const kept = lines
    .find((l) => l.startsWith("MAIL_SECRET="))
    ?.slice("MAIL_SECRET=".length)
    .trim();
  const secret = kept || randomBytes(32).toString("base64url");
  const others = lines.filter((l) => !l.startsWith("MAIL_SECRET=") && !l.startsWith("SMTP_URL="));
  await writeFile(file, `${[...others, `MAIL_SECRET=${secret}`, `SMTP_URL=${smtpUrl}`].join("\n")}\n`, { mode: 0o600 });
  return { secret };
}
