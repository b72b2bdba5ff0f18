// Which release of each remote this tab runs, and a tab opened before a release that keeps working
// after it (docs/releases.md). The releases the page loaded are recorded on <html>
// in the X-Remote-Releases format (`data-remote-releases="remote_blog=1.4.0-3f2a…"`), so an error
// can be traced to a release. When a screen of a remote this tab loaded earlier no longer loads,
// the registry asks where that remote is now: a newer release at a new URL is registered in
// place (no reload); one published at the same URL reloads the page once.
import { formatReleases } from "federation-contract";
import { storageKey } from "shared-auth/browser-storage";
import { loadSiteConfig } from "../releases/site-config";
import { releaseAt } from "./manifest-guard";
import { readPreview } from "./release-preview";
import { releaseReports } from "./release-reports";
import type { RegistryOptions } from "./remote-registry";

/** The attribute of <html> naming the release of each remote this tab loaded. */
export const RELEASES_ATTRIBUTE = "data-remote-releases";

/** The release this tab last reloaded itself for, so a page that cannot recover reloads once, not in a loop. */
const RELOADED_KEY = storageKey("release-reloaded");

export const releaseTracking: RegistryOptions = {
  onReleases(releases) {
    document.documentElement.setAttribute(RELEASES_ATTRIBUTE, formatReleases(releases));
    releaseReports.ran(releases);
  },
  async locate(remote) {
    const config = await loadSiteConfig();
    const entry = config.remotes[remote];
    // A remote this tab previews stays on the candidate.
    if (!entry || readPreview(config)?.remote === remote) return null;
    return { entry, release: await releaseAt(entry) };
  },
  reloadPage(remote, release) {
    const mark = `${remote}=${release}`;
    try {
      if (sessionStorage.getItem(RELOADED_KEY) === mark) return false;
      sessionStorage.setItem(RELOADED_KEY, mark);
    } catch {
      return false; // no storage, no way to tell a loop from a first attempt: the Retry stays
    }
    location.reload();
    return true;
  },
};
