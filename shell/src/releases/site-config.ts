// The runtime config of a page the server did not render (the admin area, sign-in) and of a tab
// asking where a remote is now: /config.json's settings with the live releases of the release
// state (release-protocol's state.ts), which visitors may read. A server-rendered page
// embeds the config it was rendered with instead.
import { parseServedReleases, withServedReleases } from "release-protocol";
import { loadRuntimeConfig, type RuntimeConfig } from "runtime-config";
import { PATHS, restUrl } from "shared-content";

/** config.json with the live releases; when the database cannot be read, the remotes' own sites (config.json's defaults). */
export async function loadSiteConfig(url = "/config.json"): Promise<RuntimeConfig> {
  const config = await loadRuntimeConfig(url);
  try {
    const response = await fetch(restUrl(config, `${PATHS.releases}/live`), { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const live = parseServedReleases({ live: (await response.json()) as unknown }).live;
    return withServedReleases(config, { live, canary: {}, previewsRevokedBefore: {} });
  } catch (error) {
    console.warn(`The live releases could not be read (${String(error)}); loading each remote from its own site.`);
    return config;
  }
}
