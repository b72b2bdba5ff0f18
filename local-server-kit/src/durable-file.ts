// Writes that survive kill -9 (and, with fsync, a power cut): a temp file in the same folder,
// written and fsync'd, renamed over the target, then the folder fsync'd so the rename holds.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export const TEMP_SUFFIX = ".tmp";

export async function writeFileAtomic(file: string, data: Buffer | string, fsync: boolean): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
  const handle = await fs.open(temp, "w");
  try {
    await handle.writeFile(data);
    if (fsync) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  if (fsync) await syncDir(path.dirname(file));
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
