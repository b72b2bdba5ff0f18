// The change marker: `changes/<section>`, a counter per public section that every content write
// bumps in its own multi-path update. A visitor's page streams this one small node (one
// connection) and fetches a read again only when its section's counter moves
// (live/change-feed.ts). The sections are coarse on purpose: a public path maps to one, so the
// writers and the readers agree without a list of their own.
import { storageKey } from "shared-auth/browser-storage";
import { PATHS } from "./paths";

export const CHANGE_SECTIONS = ["about", "contact", "experience", "skills", "projects", "recommendations", "quotes", "films", "blog"] as const;
export type ChangeSection = (typeof CHANGE_SECTIONS)[number];

/** Top-level node -> its section. `site` and `blog` are split further below; anything else is not public content. */
const BY_NODE: Record<string, ChangeSection> = {
  experience: "experience",
  skills: "skills",
  projects: "projects",
  recommendations: "recommendations",
  quotes: "quotes",
  films: "films",
  // Derived from the films and written with them.
  filmStats: "films",
  filmTallies: "films",
};
/** What visitors read under blog/ (drafts, versions and schedules are the admin's). */
const PUBLIC_BLOG = new Set(["posts", "index", "series"]);

/**
 * The sections a write at `path` (or a read of it) touches: none for a path visitors cannot read,
 * several for a node that holds several (`site`, `blog`, the root).
 */
export function changeSectionsOf(path: string): ChangeSection[] {
  const [node, child] = path.split("/").filter(Boolean);
  if (node === undefined) return [...CHANGE_SECTIONS];
  if (node === "site") return child === "about" || child === "contact" ? [child] : child === undefined ? ["about", "contact"] : [];
  if (node === "blog") return child === undefined || PUBLIC_BLOG.has(child) ? ["blog"] : [];
  const section = BY_NODE[node];
  return section ? [section] : [];
}

/** The server's increment, as the SDKs and the REST API send it. */
const INCREMENT = { ".sv": { increment: 1 } } as const;

/**
 * `updates` (a multi-path update at the root) with each public section it touches bumped once,
 * in the same update: every writer sends its writes through this, so an open page hears of the
 * change on its one stream.
 */
export function withChangeMarks(updates: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const sections = new Set(Object.keys(updates).flatMap(changeSectionsOf));
  const marks = Object.fromEntries([...sections].map((s) => [`${PATHS.changes}/${s}`, INCREMENT]));
  return { ...updates, ...marks };
}

/** A section's counter in a streamed `changes` value (null: never bumped, or no marker at all). */
export function changeCount(changes: unknown, section: ChangeSection): number | null {
  const count = changes !== null && typeof changes === "object" ? (changes as Record<string, unknown>)[section] : undefined;
  return typeof count === "number" ? count : null;
}

/**
 * Where a browser may keep a shorter delay (ms) before a hidden tab lets go of its stream (a
 * minute otherwise: live/change-feed.ts): the e2e suite sets it instead of waiting a minute.
 */
export const HIDDEN_CLOSE_STORAGE_KEY = storageKey("live-hidden-close-ms");

/**
 * The longest a page waits, at random, before it reads again what a moved counter says changed
 * (a read that shows nothing yet is read at once): the pages open when an edit is made do not
 * all send their GET in the same millisecond. Well inside the 2 s in which an edit reaches an open
 * page; `npm run bench:readers` spreads its readers' reads the same way, from this constant.
 */
export const REREAD_SPREAD_MS = 1000;

/** A page's wait before a re-read: uniform in [0, spreadMs). */
export const rereadDelayMs = (spreadMs: number = REREAD_SPREAD_MS, random: () => number = Math.random): number => Math.floor(random() * spreadMs);
