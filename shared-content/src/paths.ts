// Database layout. Every path the site reads or writes is named here.
export const PATHS = {
  about: "site/about",
  contact: "site/contact",
  experience: "experience",
  skills: "skills",
  projects: "projects",
  recommendations: "recommendations",
  submissions: "recommendationSubmissions",
  /** When each visitor (anonymous uid) last submitted: the rules' rate limit. */
  submitters: "recommendationSubmitters",
  /** Published posts only: what visitors may read. */
  posts: "blog/posts",
  /** Unpublished posts, admin only. A post lives in exactly one of posts and drafts. */
  drafts: "blog/drafts",
  /** Earlier versions of each post, admin only: `<slug>/v<that version's updatedAt>`. */
  revisions: "blog/revisions",
  blogIndex: "blog/index",
  /** When each scheduled draft goes out (`<slug>: {publishAt, rev}`): the admin and the scheduler only. */
  schedule: "blog/schedule",
  /** The scheduler's last run, written by the job (scheduling.ts): what the admin panel shows. */
  scheduler: "blog/scheduler",
  /** Each series' published parts (`<series slug>/<post slug>`), public, written with the posts like the list index. */
  series: "blog/series",
  quotes: "quotes",
  films: "films",
  /** The films' statistics (film-stats.ts), written with every film: what the films page shows of the whole log. */
  filmStats: "filmStats",
  /** Films per director and per country (film-stats.ts), written with every film: the page reads its top entries. */
  filmTallies: "filmTallies",
  admins: "admins",
  /** The media library (media.ts, MediaRecordSchema): one record per uploaded picture, admin only. */
  media: "media",
  /**
   * The release state (release-protocol's state.ts): every remote's live release,
   * canary, history, lock and record, written by the release command (an admin or RELEASE_TOOL_UID).
   */
  releases: "releases",
  /**
   * How each release of each remote fares in browsers (release-protocol's health.ts):
   * `counts/<remote>/<release key>` {views, failed} and `aborts/<remote>/<release key>` (a canary
   * the renderer aborted). Written by the renderer as RELEASE_REPORTER_UID, read with the release state.
   */
  releaseHealth: "releases/health",
  /**
   * A counter per public section (changes.ts), bumped in the same update as every write of that
   * section: what an open page streams instead of each of its reads.
   */
  changes: "changes",
} as const;

/** Keyed collections edited through createRecord/updateRecord/deleteRecord. */
export type CollectionKind = "experience" | "skills" | "projects" | "recommendations" | "quotes" | "films";
/** Collections with an `order` field (reorderRecords). */
export type OrderedKind = "experience" | "skills" | "projects" | "recommendations";

export const COLLECTION_KINDS: readonly CollectionKind[] = ["experience", "skills", "projects", "recommendations", "quotes", "films"];
export const ORDERED_KINDS: readonly OrderedKind[] = ["experience", "skills", "projects", "recommendations"];

export const recordPath = (kind: CollectionKind, id: string) => `${PATHS[kind]}/${id}`;
export const postPath = (slug: string) => `${PATHS.posts}/${slug}`;
export const draftPath = (slug: string) => `${PATHS.drafts}/${slug}`;
/** Where a post is stored: published posts and drafts live apart, so unpublishing deletes it for visitors. */
export const storedPostPath = (slug: string, status: "draft" | "published") => (status === "published" ? postPath(slug) : draftPath(slug));
export const blogIndexPath = (slug: string) => `${PATHS.blogIndex}/${slug}`;
export const revisionsPath = (slug: string) => `${PATHS.revisions}/${slug}`;
/** A draft's schedule: when the scheduler publishes it, and the rev it was scheduled at. */
export const schedulePath = (slug: string) => `${PATHS.schedule}/${slug}`;
/** A series' published parts, keyed by post slug. */
export const seriesPath = (seriesSlug: string) => `${PATHS.series}/${seriesSlug}`;
export const seriesPartPath = (seriesSlug: string, slug: string) => `${PATHS.series}/${seriesSlug}/${slug}`;
/** A version's key: when it was saved, so keys sort by time and survive a change of slug. */
export const revisionKey = (updatedAt: number) => `v${updatedAt}`;
/** A visitor's pending submission is keyed by their (anonymous) uid: one at a time each. */
export const submissionPath = (id: string) => `${PATHS.submissions}/${id}`;
export const submitterPath = (uid: string) => `${PATHS.submitters}/${uid}`;
/** A picture's record in the media library, keyed by its media id. */
export const mediaRecordPath = (id: string) => `${PATHS.media}/${id}`;
/**
 * The uid the scheduled-publishing job acts as, through the Admin SDK's databaseAuthVariableOverride;
 * the rules let it make a due post's publish move and nothing else. No client can sign in as it: an
 * Auth uid is made by Firebase, and a custom token needs the project's service account.
 */
export const SCHEDULER_UID = "scheduler";
/** The uid the renderer counts browsers' release reports as (Admin SDK override, like SCHEDULER_UID): it may write release health only (and end a canary with its abort). */
export const RELEASE_REPORTER_UID = "release-reporter";
/** The uid the release command acts as through the Admin SDK (on Firebase, or against the local stack): it may write the release state. */
export const RELEASE_TOOL_UID = "release-tool";
/** A release's counts; `key` is release-protocol's releaseKey of the release id. */
export const releaseCountsPath = (remote: string, key: string) => `${PATHS.releaseHealth}/counts/${remote}/${key}`;
/** A canary's automatic abort. */
export const canaryAbortPath = (remote: string, key: string) => `${PATHS.releaseHealth}/aborts/${remote}/${key}`;
