// Which release of a remote a page used (docs/releases.md). `npm run release`
// stamps a published build's id into its mf-manifest.json (`contract.release`); the renderer
// names the releases a response used in the X-Remote-Releases header and in the page data, and
// the browser records the ones it loaded, in the same format, so an error can be traced to a
// release. A build that was never published by the release command carries only its version.
import { CONTRACT_FIELD } from "./contract-field.js";

/** The response header naming the release of each remote a page used. */
export const RELEASES_HEADER = "X-Remote-Releases";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The release a parsed mf-manifest.json is: its stamped release id, else its version; null when it is not a remote's manifest. */
export function releaseOf(manifest: unknown): string | null {
  if (!isRecord(manifest) || typeof manifest.name !== "string") return null;
  const contract = isRecord(manifest[CONTRACT_FIELD]) ? manifest[CONTRACT_FIELD] : {};
  if (typeof contract.release === "string" && contract.release) return contract.release;
  return typeof contract.version === "string" && contract.version ? contract.version : null;
}

/** `remote_blog=1.4.0-3f2a…; <remote>=<release>…`, sorted by remote: the header's value and the page's record. */
export function formatReleases(releases: Readonly<Record<string, string>>): string {
  return Object.keys(releases)
    .sort()
    .map((remote) => `${remote}=${releases[remote]}`)
    .join("; ");
}
