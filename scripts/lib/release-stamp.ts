// A published build names its release: `contract.release` in its mf-manifest.json, which the
// renderer (the X-Remote-Releases header, the page data) and the browser (the releases it
// loaded) read through federation-contract's releaseOf (docs/releases.md).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "local-server-kit";

/** Writes `id` into the build's manifest as its release (the rest of the manifest unchanged). */
export async function stampRelease(dir: string, id: string) {
  const file = join(dir, "mf-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8"));
  manifest.contract = { ...manifest.contract, release: id };
  // Replaced whole (a temp file renamed over it): a stamp cut short never leaves half a manifest.
  await writeFileAtomic(file, JSON.stringify(manifest), false);
}

/**
 * A manifest's text as the build wrote it, without the stamp: a build's identity (its release id,
 * the comparison with the live build) must not change because it was stamped.
 */
export function unstamped(text: string): string {
  const manifest = JSON.parse(text);
  if (manifest?.contract?.release === undefined) return text;
  delete manifest.contract.release;
  return JSON.stringify(manifest);
}
