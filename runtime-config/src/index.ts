// The runtime config the shell fetches from /config.json (docs/architecture.md, "Runtime configuration"). One build runs
// anywhere: Firebase project, emulator addresses and remote URLs are decided at deploy time.
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  databaseURL: string;
  [key: string]: string;
}

export interface EmulatorConfig {
  /** Auth emulator origin, e.g. http://127.0.0.1:9099 */
  auth?: string;
  database?: { host: string; port: number };
  /** The local Storage server (storage-emulator), e.g. { host: "127.0.0.1", port: 9199 }. */
  storage?: { host: string; port: number };
}

export interface RuntimeConfig {
  firebase: FirebaseWebConfig;
  /** Present only when running against the local stack; absent in production. */
  emulators?: EmulatorConfig;
  /** Remote name -> URL of its mf-manifest.json. */
  remotes: Record<string, string>;
  /** The public site: its base URL makes canonical links, feeds and the sitemap absolute. */
  site?: { url: string };
  /**
   * Origins a signed-in admin may preview a candidate release of a remote from, in their own tab
   * only (docs/releases.md). The CSP admits them; nothing else does.
   */
  previewOrigins?: string[];
  /**
   * Remote -> seconds since the epoch: shareable preview links of that remote issued before then
   * are revoked (`npm run release -- <remote> --revoke-previews`; release-protocol/src/preview-token.ts).
   */
  previewsRevokedBefore?: Record<string, number>;
  /**
   * Remote -> the candidate release a share of visitors get instead of `remotes`' (a canary:
   * docs/releases.md). Only the renderer reads it: it picks each visitor's
   * cohort and embeds the chosen manifest in the page it renders (docs/releases.md).
   */
  canaries?: Record<string, CanaryConfig>;
}

/** One remote's canary, as `npm run release -- <remote> --canary <percent>` writes it. */
export interface CanaryConfig {
  /** The candidate's mf-manifest.json. */
  entry: string;
  /** The candidate's release id (`npm run releases`); with the visitor's id it picks the cohort. */
  release: string;
  /** The share of visitors, 1 to 99, who get the candidate. */
  percent: number;
  /** When the canary started (ISO 8601). */
  startedAt: string;
}

export class RuntimeConfigError extends Error {
  override name = "RuntimeConfigError";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the shape of a parsed config; throws RuntimeConfigError naming the first bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError("config is not an object");
  const { firebase, emulators, remotes, site, previewOrigins, previewsRevokedBefore, canaries } = value;
  if (!isRecord(firebase)) throw new RuntimeConfigError("config.firebase is missing");
  for (const key of ["apiKey", "projectId", "databaseURL"]) {
    if (typeof firebase[key] !== "string" || firebase[key] === "") {
      throw new RuntimeConfigError(`config.firebase.${key} must be a non-empty string`);
    }
  }
  for (const [key, v] of Object.entries(firebase)) {
    if (typeof v !== "string") throw new RuntimeConfigError(`config.firebase.${key} must be a string`);
  }
  if (!isRecord(remotes)) throw new RuntimeConfigError("config.remotes is missing");
  for (const [name, url] of Object.entries(remotes)) {
    if (typeof url !== "string" || !/^(https?:\/\/|\/)/.test(url)) {
      throw new RuntimeConfigError(`config.remotes.${name} must be an http(s) URL or an absolute path`);
    }
  }
  let parsedEmulators: EmulatorConfig | undefined;
  if (emulators !== undefined) {
    if (!isRecord(emulators)) throw new RuntimeConfigError("config.emulators must be an object");
    parsedEmulators = {};
    if (emulators.auth !== undefined) {
      if (typeof emulators.auth !== "string") throw new RuntimeConfigError("config.emulators.auth must be a URL");
      parsedEmulators.auth = emulators.auth;
    }
    if (emulators.database !== undefined) {
      const db = emulators.database;
      if (!isRecord(db) || typeof db.host !== "string" || typeof db.port !== "number") {
        throw new RuntimeConfigError("config.emulators.database must be { host, port }");
      }
      parsedEmulators.database = { host: db.host, port: db.port };
    }
    if (emulators.storage !== undefined) {
      const storage = emulators.storage;
      if (!isRecord(storage) || typeof storage.host !== "string" || typeof storage.port !== "number") {
        throw new RuntimeConfigError("config.emulators.storage must be { host, port }");
      }
      parsedEmulators.storage = { host: storage.host, port: storage.port };
    }
  }
  let parsedSite: { url: string } | undefined;
  if (site !== undefined) {
    if (!isRecord(site) || typeof site.url !== "string" || !/^https?:\/\/[^/]/.test(site.url)) {
      throw new RuntimeConfigError("config.site.url must be the site's http(s) base URL");
    }
    parsedSite = { url: site.url.replace(/\/+$/, "") };
  }
  let parsedPreviewOrigins: string[] | undefined;
  if (previewOrigins !== undefined) {
    if (!Array.isArray(previewOrigins) || !previewOrigins.every((o) => typeof o === "string" && /^https?:\/\/[^/]+$/.test(o)))
      throw new RuntimeConfigError("config.previewOrigins must be a list of origins such as https://preview.example.com");
    parsedPreviewOrigins = previewOrigins as string[];
  }
  if (previewsRevokedBefore !== undefined && (!isRecord(previewsRevokedBefore) || !Object.values(previewsRevokedBefore).every((t) => Number.isFinite(t))))
    throw new RuntimeConfigError("config.previewsRevokedBefore must map remote names to times in seconds since 1970");
  const parsedCanaries = canaries === undefined ? undefined : parseCanaries(canaries);
  return {
    firebase: firebase as FirebaseWebConfig,
    remotes: remotes as Record<string, string>,
    ...(parsedEmulators ? { emulators: parsedEmulators } : {}),
    ...(parsedSite ? { site: parsedSite } : {}),
    ...(parsedPreviewOrigins ? { previewOrigins: parsedPreviewOrigins } : {}),
    ...(previewsRevokedBefore !== undefined ? { previewsRevokedBefore: previewsRevokedBefore as Record<string, number> } : {}),
    ...(parsedCanaries ? { canaries: parsedCanaries } : {}),
  };
}

function parseCanaries(value: unknown): Record<string, CanaryConfig> {
  if (!isRecord(value)) throw new RuntimeConfigError("config.canaries must be an object (remote name -> canary)");
  const out: Record<string, CanaryConfig> = {};
  for (const [name, c] of Object.entries(value)) {
    const at = `config.canaries.${name}`;
    if (!isRecord(c)) throw new RuntimeConfigError(`${at} must be { entry, release, percent, startedAt }`);
    if (typeof c.entry !== "string" || !/^(https?:\/\/|\/)/.test(c.entry))
      throw new RuntimeConfigError(`${at}.entry must be an http(s) URL or an absolute path`);
    if (typeof c.release !== "string" || c.release === "") throw new RuntimeConfigError(`${at}.release must be a release id`);
    if (typeof c.percent !== "number" || !Number.isInteger(c.percent) || c.percent < 1 || c.percent > 99)
      throw new RuntimeConfigError(`${at}.percent must be a whole number from 1 to 99`);
    if (typeof c.startedAt !== "string" || Number.isNaN(Date.parse(c.startedAt))) throw new RuntimeConfigError(`${at}.startedAt must be a date`);
    out[name] = { entry: c.entry, release: c.release, percent: c.percent, startedAt: c.startedAt };
  }
  return out;
}

/** Fetches and checks the runtime config (never cached: a remote URL may change at any time). */
export async function loadRuntimeConfig(url = "/config.json"): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new RuntimeConfigError(`could not load ${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
