// The runtime config a request is answered with: config.json's settings (read from
// RUNTIME_CONFIG_URL, reused for `maxAgeMs`) with the release state the renderer follows in the
// database (live releases, canaries, revoked previews; docs/releases.md). The state's database
// client is opened on first use, once the config names the database, and also counts reports.
import { parseRuntimeConfig, type RuntimeConfig } from "runtime-config";
import { withServedReleases, type ServedReleases } from "release-protocol";
import type { HealthDatabase } from "./reports";
import { createHealthDatabase, healthDatabaseUrl, type FollowReleases } from "./state-database";

/** How long the first request waits for the release state before it renders with config.json's defaults. */
const FIRST_STATE_WAIT_MS = 1500;

/** config.json, read from `url` and reused for `maxAgeMs`; a failed read is not kept (the next request reads again). */
function configReader(url: string, maxAgeMs: number): () => Promise<RuntimeConfig> {
  let cached: { at: number; config: Promise<RuntimeConfig> } | null = null;
  return () => {
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.config;
    const config = fetch(url, { signal: AbortSignal.timeout(3000) }).then(async (r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return parseRuntimeConfig(await r.json());
    });
    const entry = { at: Date.now(), config };
    cached = entry;
    config.catch(() => {
      if (cached === entry) cached = null;
    });
    return config;
  };
}

export interface ServedConfig {
  /** config.json with the release state; the first call waits for the state (at most FIRST_STATE_WAIT_MS). */
  current(): Promise<RuntimeConfig>;
  /** The release state's database client (counts, aborts), or null when it cannot be opened. */
  health(config: RuntimeConfig): HealthDatabase | null;
}

export function createServedConfig({ configUrl, maxAgeMs, log }: { configUrl: string; maxAgeMs: number; log: (line: string) => void }): ServedConfig {
  const staticConfig = configReader(configUrl, maxAgeMs);
  let database: (HealthDatabase & { follow: FollowReleases }) | null = null;
  let served: ServedReleases | null = null;
  let firstState: Promise<void> | null = null;
  const health = (config: RuntimeConfig): HealthDatabase | null => {
    if (database) return database;
    try {
      const db = createHealthDatabase(healthDatabaseUrl(config));
      database = db;
      firstState = new Promise<void>((arrived) => db.follow((state) => ((served = state), arrived())));
    } catch (error) {
      log(`[renderer] the release state's database cannot be opened: ${String(error)}`);
    }
    return database;
  };
  return {
    health,
    async current() {
      const config = await staticConfig();
      health(config);
      if (!served && firstState) await Promise.race([firstState, new Promise((done) => setTimeout(done, FIRST_STATE_WAIT_MS).unref())]);
      return served ? withServedReleases(config, served) : config;
    },
  };
}
