// The federation contract between the host and a remote, as data, and the one check between them.
// A remote's build records what it needs in its mf-manifest.json (the shared modules with the
// version ranges it was built against, the screens it exposes, and, in `sharedImports`, every
// name its code imports from a shared module); the host publishes what it provides
// (host-contract.json beside the shell, or the renderer's own copies on the server). The release
// command, the renderer and the shell all judge a remote with `checkCompatibility`, so a remote
// is refused for the same reasons everywhere (docs/releases.md).
import { satisfy } from "@module-federation/runtime";

/** What a host (the shell in the browser, the renderer on the server) provides to remotes. */
export interface HostContract {
  /** Shared module -> the version the host provides and, where known, the names it exports. */
  shared: Record<string, { version: string; exports?: string[] }>;
  /** Remote name -> the exposed modules the host loads from it. */
  screens: Record<string, readonly string[]>;
  /** The server-rendered routes (absolute patterns, e.g. "/blogs/:id") and the screen each shows. */
  routes?: { path: string; remote: string; module: string }[];
}

/** What one build of a remote needs, read from its mf-manifest.json. */
export interface RemoteRequirements {
  name: string;
  /** The remote package's version at build time (its release label). */
  version: string | null;
  shared: { name: string; requiredVersion: string }[];
  exposes: string[];
  /** Shared module -> the names the remote's code imports from it. */
  sharedImports: Record<string, string[]>;
}

/** Where the shell's site publishes its HostContract (at its root, beside config.json). */
export const HOST_CONTRACT_FILE = "host-contract.json";

import { CONTRACT_FIELD } from "./contract-field.js";

export { CONTRACT_FIELD };

export type Problem =
  | { kind: "missing-screen"; module: string }
  | { kind: "unsatisfied-version"; shared: string; requiredVersion: string; provided: string }
  | { kind: "missing-export"; shared: string; names: string[]; provided: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/**
 * The address of the browser entry (remoteEntry.js) a parsed mf-manifest.json at `manifestUrl`
 * names: under the manifest's `publicPath` (a relative one taken from the manifest's own URL, not
 * the page's), or beside the manifest when that is "auto". Null when the manifest names none. The shell registers this
 * address, so its runtime needs no manifest reader (docs/architecture.md, "Boundaries").
 */
export function remoteEntryOf(manifest: unknown, manifestUrl: string): string | null {
  const meta = isRecord(manifest) && isRecord(manifest.metaData) ? manifest.metaData : null;
  const entry = meta && isRecord(meta.remoteEntry) ? meta.remoteEntry : null;
  if (!entry || typeof entry.name !== "string" || !entry.name) return null;
  const dir = typeof entry.path === "string" ? entry.path.replace(/^\.?\/+|\/+$/g, "").replace(/^\.$/, "") : "";
  const file = dir ? `${dir}/${entry.name}` : entry.name;
  const publicPath = typeof meta?.publicPath === "string" && meta.publicPath !== "auto" && meta.publicPath !== "" ? meta.publicPath : null;
  try {
    return publicPath ? new URL(`${publicPath}${file}`, manifestUrl).href : new URL(file, manifestUrl).href;
  } catch {
    return null;
  }
}

/**
 * What a host offers the remotes, in @module-federation/runtime's `shared` option: each of its own
 * copies of the shared modules at the version it provides, a singleton requiring `^version`
 * (federation-kit/shared's terms). The shell in browsers and the renderer on the server both offer
 * theirs this way. A module without a version is refused.
 */
export function offeredShares(modules: Record<string, object>, versions: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(modules).map(([name, lib]) => {
      const version = versions[name];
      if (!version) throw new Error(`federation-contract: no version for the shared module ${name}`);
      return [name, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } }];
    }),
  );
}

/** A remote's requirements from its parsed mf-manifest.json; null when it is not a manifest. */
export function requirementsOf(manifest: unknown): RemoteRequirements | null {
  if (!isRecord(manifest) || typeof manifest.name !== "string") return null;
  const contract = isRecord(manifest[CONTRACT_FIELD]) ? manifest[CONTRACT_FIELD] : {};
  const imports = isRecord(contract.sharedImports) ? contract.sharedImports : {};
  return {
    name: manifest.name,
    version: typeof contract.version === "string" ? contract.version : null,
    shared: (Array.isArray(manifest.shared) ? manifest.shared : []).flatMap((s: unknown) =>
      isRecord(s) && typeof s.name === "string" && typeof s.requiredVersion === "string" ? [{ name: s.name, requiredVersion: s.requiredVersion }] : [],
    ),
    exposes: (Array.isArray(manifest.exposes) ? manifest.exposes : []).flatMap((e: unknown) => (isRecord(e) && typeof e.name === "string" ? [e.name] : [])),
    sharedImports: Object.fromEntries(Object.entries(imports).map(([name, list]) => [name, strings(list)])),
  };
}

/**
 * Everything that keeps `remote` from running on `host`: a screen the host loads that the remote
 * does not expose, a shared module whose provided version is outside the remote's range, or a
 * name the remote imports that the host's copy does not export (a forgotten version bump).
 * A shared module the host does not provide is not a problem: the remote falls back to its own copy.
 */
export function checkCompatibility(remote: RemoteRequirements, host: HostContract): Problem[] {
  const problems: Problem[] = [];
  for (const module of host.screens[remote.name] ?? []) if (!remote.exposes.includes(module)) problems.push({ kind: "missing-screen", module });
  for (const { name, requiredVersion } of remote.shared) {
    const provided = host.shared[name];
    if (provided && !satisfies(provided.version, requiredVersion))
      problems.push({ kind: "unsatisfied-version", shared: name, requiredVersion, provided: provided.version });
  }
  for (const [name, imported] of Object.entries(remote.sharedImports)) {
    const exports = host.shared[name]?.exports;
    if (!exports) continue;
    const missing = imported.filter((n) => !exports.includes(n));
    if (missing.length > 0) problems.push({ kind: "missing-export", shared: name, names: missing, provided: host.shared[name]!.version });
  }
  return problems;
}

function satisfies(version: string, range: string): boolean {
  try {
    return satisfy(version, range);
  } catch {
    return false;
  }
}

/** One problem in plain words, naming the shared module and what is missing. */
export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case "missing-screen":
      return `does not expose ${problem.module}, which the site loads from it`;
    case "unsatisfied-version":
      return `needs ${problem.shared} ${problem.requiredVersion}, the site provides ${problem.provided}`;
    case "missing-export":
      return `imports ${problem.names.join(", ")} from ${problem.shared}, which the site's ${problem.shared} ${problem.provided} does not export`;
  }
}

/** The one line the release command, the renderer's log and the admin notice show. */
export function describeIncompatibility(remote: string, release: string | null, problems: Problem[]): string {
  return `${remote}${release ? ` ${release}` : ""} is incompatible with this site: ${problems.map(describeProblem).join("; ")}`;
}

/**
 * What a caller does with a manifest that cannot be read (missing, not JSON, not a manifest):
 * "refuse" it (the release command: a candidate must show what it needs) or "allow" it (the
 * browser and the renderer: loading such a build fails by itself, and a slot shows its fallback).
 */
export type UnreadableManifest = "refuse" | "allow";

/**
 * The one verdict on a remote's build: its parsed mf-manifest.json (undefined: it could not be
 * read) against what `host` provides. Null when it can run there; else the one line that says why
 * not, as the release command, the renderer's log and the admin notice show it.
 */
export function manifestVerdict(remote: string, manifest: unknown, host: HostContract, { unreadable }: { unreadable: UnreadableManifest }): string | null {
  const requirements = requirementsOf(manifest);
  if (!requirements) return unreadable === "refuse" ? `${remote} has no readable mf-manifest.json: nothing shows what it needs from this site` : null;
  const problems = checkCompatibility({ ...requirements, name: remote }, host);
  return problems.length > 0 ? describeIncompatibility(remote, requirements.version, problems) : null;
}

export { RELEASES_HEADER, formatReleases, releaseOf } from "./release.js";
