// The Content-Security-Policy of every HTML document the renderer sends. Scripts may come from
// the site itself and the remotes' origins (module federation imports their entries and chunks),
// inline scripts only when their exact text is listed by hash, never from a database host;
// connections go to the site, the remotes (manifests), the Realtime Database, Firebase Auth and
// the Storage bucket's origin (the admin's uploads); pictures come from that origin too. All of
// it is read from the runtime config, so repointing a remote there repoints the policy too.
//
// Hashes, not nonces: a page is cached by the CDN (s-maxage), and a cached nonce is a nonce that
// many visitors share; a hash names the script's text, which caching cannot weaken.
import { createHash } from "node:crypto";
import type { RuntimeConfig } from "runtime-config";
import { mediaStorageOf } from "shared-content/server";

/** Firebase Auth's REST endpoints (the SDK's sign-in and token refresh). */
const FIREBASE_AUTH = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];

/** The origin of an absolute http(s) URL, or null (a site path, another scheme, not a URL). */
export const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null; // a site path ("/remotes/..."): the site's own origin
  }
};

/** The origins of the remotes' manifest URLs: where their code and stylesheets may come from. */
export const remoteOrigins = (config: RuntimeConfig): string[] => [...new Set(Object.values(config.remotes).flatMap((u) => originOf(u) ?? []))];

/**
 * The database's origins, for HTTP (the visitors' REST streams) and websockets (the admin's SDK).
 * Hosted databases move a client to a shard host on the same domain
 * (s-usc1a-nss-2.firebaseio.com), so the policy allows that domain's hosts to be connected to;
 * none of them may serve script or frames: the SDK is forced to websockets (shared-auth's
 * sdk.ts), so its long-polling fallback, which loads JSONP scripts from those hosts, never runs.
 */
export function databaseSources(config: RuntimeConfig): { http: string[]; ws: string[] } {
  const emulator = config.emulators?.database;
  if (emulator) {
    const host = `${emulator.host}:${emulator.port}`;
    return { http: [`http://${host}`], ws: [`ws://${host}`] };
  }
  const url = new URL(config.firebase.databaseURL);
  const labels = url.hostname.split(".");
  // <ns>.firebaseio.com -> *.firebaseio.com; <ns>.<region>.firebasedatabase.app -> *.<region>.firebasedatabase.app
  const domain = labels.length > 2 ? `*.${labels.slice(1).join(".")}` : url.hostname;
  const secure = url.protocol === "https:";
  return {
    http: [`${url.protocol}//${url.host}`, `${secure ? "https" : "http"}://${domain}`],
    ws: [`${secure ? "wss" : "ws"}://${url.host}`, `${secure ? "wss" : "ws"}://${domain}`],
  };
}

/** `'sha256-…'` of an inline script's text, as CSP compares it. */
export const scriptHash = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The policy for a document served with `config` whose inline scripts that run are exactly
 * `inlineScripts` (the renderer knows them: the template's, and the one it inserted).
 */
export function contentSecurityPolicy(config: RuntimeConfig, inlineScripts: readonly string[]): string {
  // The origins a signed-in admin may preview a candidate release from (shell's release-preview.ts)
  // are code origins like the remotes'; nothing else is.
  const remotes = [...remoteOrigins(config), ...(config.previewOrigins ?? [])];
  // Locally a previewed remote may be a Vite dev server, whose hot reload talks over a websocket.
  const devSockets = config.emulators ? (config.previewOrigins ?? []).map((o) => o.replace(/^http/, "ws")) : [];
  const database = databaseSources(config);
  const auth = config.emulators?.auth ? [originOf(config.emulators.auth) ?? []].flat() : FIREBASE_AUTH;
  // The bucket's origin: pictures are shown from it and the admin uploads to it (locally the
  // Storage server, which is http and so outside "https:" below).
  const storage = [mediaStorageOf(config)?.origin ?? []].flat();
  const hashes = [...new Set(inlineScripts.map(scriptHash))];
  const list = (sources: string[]) => [...new Set(sources)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${list(["'self'", ...hashes, ...remotes])}`,
    `connect-src ${list(["'self'", ...remotes, ...devSockets, ...database.http, ...database.ws, ...auth, ...storage])}`,
    // Images may be any https address the admin enters, and the bucket's pictures; styles are
    // inlined by the renderer and set by React (style attributes), and CSS cannot run code.
    `img-src ${list(["'self'", "data:", "https:", ...storage])}`,
    "style-src 'self' 'unsafe-inline' " + list(remotes),
    "font-src 'self' data:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
