// The data a server-rendered page embeds for the browser: the runtime config (no second fetch of
// /config.json), the content the page was rendered from, and the remote slots that failed on the
// server (so the browser starts from the same fallback). JSON inside a non-executable <script>,
// written by jsonForScript, so no stored string can close the tag or open another one.
import type { LinkPreview } from "release-protocol";
import { parseRuntimeConfig, type RuntimeConfig } from "runtime-config";
import type { ContentSnapshot } from "shared-content";
import { jsonForScript } from "./json-script";

export const PAGE_DATA_ID = "page-data";

export interface PageData {
  config: RuntimeConfig;
  content: ContentSnapshot;
  failedSlots: string[];
  /** The remote screens the page shows, so the browser starts loading them at once. */
  slots: string[];
  /** Remote -> why its release cannot run on this site (its slots fell back for that reason). */
  incompatible?: Record<string, string>;
  /** Remote -> the release the server rendered the page with (as in the X-Remote-Releases header). */
  releases?: Record<string, string>;
  /** The shareable preview link the page was rendered with (its config names the candidate's manifest). */
  preview?: LinkPreview;
  /** Why a preview link was refused or ended, shown above the page. */
  notice?: string;
  /**
   * The remotes of this page under a canary: the browser reports which release of each it ran and
   * whether it failed (remotes/release-reports.ts); pages without one send nothing.
   */
  watched?: string[];
}

export function pageDataScript(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
}

function isLinkPreview(value: unknown): value is LinkPreview {
  const v = (value ?? {}) as Partial<LinkPreview>;
  return typeof v.remote === "string" && typeof v.manifestUrl === "string" && typeof v.expiresAt === "number";
}

/** The embedded data of a server-rendered page, or null (a client-rendered page, or broken data). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<PageData>;
    if (!raw.content || !Array.isArray(raw.failedSlots)) return null;
    const strings = (record: unknown) =>
      Object.fromEntries(Object.entries(record && typeof record === "object" ? record : {}).filter((e): e is [string, string] => typeof e[1] === "string"));
    return {
      config: parseRuntimeConfig(raw.config),
      content: raw.content,
      failedSlots: raw.failedSlots,
      slots: Array.isArray(raw.slots) ? raw.slots : [],
      incompatible: strings(raw.incompatible),
      releases: strings(raw.releases),
      ...(isLinkPreview(raw.preview) ? { preview: raw.preview } : {}),
      ...(typeof raw.notice === "string" ? { notice: raw.notice } : {}),
      ...(Array.isArray(raw.watched) ? { watched: raw.watched.filter((r): r is string => typeof r === "string") } : {}),
    };
  } catch {
    return null;
  }
}
