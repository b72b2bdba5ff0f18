// The production runtime config, kept apart from the local one: `deploy/config.json` (untracked;
// `deploy/config.example.json` shows its shape) is checked and written into shell/dist just before
// the shell's site deploys (firebase.json's predeploy runs scripts/deploy-config.ts). The build
// itself carries no config, and the local stack writes its own into its staged copy, so a local
// address cannot reach production unnoticed.
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/;
/** Text that names a loopback address (what a local build or config would carry). */
export const LOCAL_ADDRESS = /\b(127\.0\.0\.1|localhost):\d+/;

/**
 * Every reason `config` (parsed JSON) is not fit for production, in plain words; empty when it is.
 * The shape itself is checked by shared-auth's parseRuntimeConfig at run time; this checks what
 * only production requires: https everywhere, no emulators, no local or private hosts.
 */
export function productionConfigProblems(json: unknown): string[] {
  const problems: string[] = [];
  if (!json || typeof json !== "object") return ["the file does not hold a JSON object"];
  // Any shape may arrive here; each field is checked before it is trusted.
  const config = json as ConfigJson;
  if (config.emulators !== undefined) problems.push("it has an `emulators` section (local only): remove it");
  const urls: [string, unknown][] = [
    ["firebase.databaseURL", config.firebase?.databaseURL],
    ["site.url", config.site?.url],
    ...Object.entries(config.remotes ?? {}).map(([name, url]): [string, unknown] => [`remotes.${name}`, url]),
    ...(config.previewOrigins ?? []).map((origin, i): [string, unknown] => [`previewOrigins[${i}]`, origin]),
  ];
  if (!config.site?.url) problems.push("site.url is missing: the public address makes every absolute link");
  if (!config.remotes || Object.keys(config.remotes).length === 0) problems.push("remotes is empty: name each remote's mf-manifest.json URL");
  for (const [field, value] of urls) {
    if (value === undefined) continue;
    let url: URL;
    try {
      url = new URL(String(value));
    } catch {
      problems.push(`${field} is not an absolute URL: ${value}`);
      continue;
    }
    if (url.protocol !== "https:") problems.push(`${field} must use https: ${value}`);
    if (LOCAL_HOST.test(url.hostname)) problems.push(`${field} names a local address: ${value}`);
  }
  const bucket = config.firebase?.storageBucket;
  if (!bucket) problems.push("firebase.storageBucket is missing: pictures are stored and shown from the project's Storage bucket");
  else if (!/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(bucket))
    problems.push(`firebase.storageBucket must be the bucket's bare name (no gs:// or https://): ${bucket}`);
  if (/^demo-/.test(config.firebase?.projectId ?? "")) problems.push(`firebase.projectId ${config.firebase?.projectId} is a demo project (emulators only)`);
  if (/<[^>]+>/.test(JSON.stringify(config))) problems.push("it still holds a <placeholder> from the example");
  return problems;
}

/** The fields of a runtime config this check reads, as they may arrive (any of them absent). */
interface ConfigJson {
  emulators?: unknown;
  firebase?: { databaseURL?: unknown; storageBucket?: string; projectId?: string };
  site?: { url?: unknown };
  remotes?: Record<string, unknown>;
  previewOrigins?: unknown[];
}

const TEXT = new Set([".html", ".js", ".mjs", ".css", ".json", ".txt", ".xml", ".svg", ".map"]);

/** The built files under `dir` that name a loopback address (config.json excepted: it is replaced). */
export async function filesWithLocalAddresses(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    if (path === join(dir, "config.json")) continue;
    if (LOCAL_ADDRESS.test(await readFile(path, "utf8"))) found.push(path);
  }
  return found;
}
