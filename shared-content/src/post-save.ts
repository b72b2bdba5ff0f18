// How a post is saved, as one multi-path update built in one place: the editor's Save and Publish
// (shared-content/admin's savePost, through the Firebase SDK) and the scheduler's publish
// (server/scheduled-publishing.ts, through the Admin SDK) both plan it here over the reads their
// client makes, so a scheduled post goes out through exactly the move the Publish button makes
// (docs/data.md, "Scheduled publishing"). ConflictError comes from the package's main
// entry, the singleton, so an admin's ConflictError is the one the screens test for; the pure
// helpers only the admin and the server use are imported relatively (not in the visitor's entry).
import { ConflictError, readingMinutes, stripEmpty, LIMITS, type BlogPost, type BlogPostInput } from "shared-content";
import { ContentError } from "./errors";
import { BlogPostSchema, BlogPostInputSchema } from "./schemas";
import { decodeOne } from "./decode";
import { normaliseTag, postRemoval, postUpdates, slugify } from "./blog";
import { parseInput } from "./input";
import type { InferOutput } from "valibot";
import { draftPath, postPath, revisionKey, revisionsPath, schedulePath, storedPostPath } from "./paths";
import type { TocEntry } from "./schemas";
import { PostScheduleSchema, type PostSchedule } from "./schedule-schemas";

/** What both database SDKs write for "the server's time". */
export const SERVER_TIME = { ".sv": "timestamp" } as const;

/** The one read a save needs from its client: the value at a path, null when there is none. */
export type ReadValue = (path: string) => Promise<unknown>;
/** A post's fields as the editor's input decodes (parseInput(BlogPostInputSchema, ...)). */
export type PostFields = InferOutput<typeof BlogPostInputSchema>;

export interface PostSavePlan {
  /** The multi-path update to send. */
  updates: Record<string, unknown>;
  /** The rev the post is written with. */
  rev: number;
  /** The record the save continues (its compare-and-set is checked there). */
  sourcePath: string;
}

export interface PlanOptions {
  /** The slug the post had when loaded, when the editor changed it (the old one is removed). */
  previousSlug?: string;
  /** What the client writes for "the server's time" ({".sv": "timestamp"} for both SDKs). */
  serverTime: unknown;
  /**
   * The body compiled to HTML with its table of contents (the admin's save compiles it,
   * admin/compile-post.ts; a publish carries the stored one along, since the body is unchanged).
   */
  compiled?: { bodyHtml?: string; toc?: TocEntry[] };
}

/** A post wherever it is stored (published or draft), with the path it was read from. */
export async function readStoredPost(read: ReadValue, slug: string): Promise<{ post: BlogPost | null; path: string } | null> {
  const [published, draft] = await Promise.all([read(postPath(slug)), read(draftPath(slug))]);
  if (published !== null && published !== undefined) return { post: decodeOne(BlogPostSchema, published, postPath(slug)), path: postPath(slug) };
  if (draft !== null && draft !== undefined) return { post: decodeOne(BlogPostSchema, draft, draftPath(slug)), path: draftPath(slug) };
  return null;
}

/** A post's schedule, if it has one. */
export async function readSchedule(read: ReadValue, slug: string): Promise<PostSchedule | null> {
  return decodeOne(PostScheduleSchema, await read(schedulePath(slug)), schedulePath(slug));
}

/**
 * Plan a save of a post where its status puts it, with its list-index entry, its series part,
 * the version it replaces and its schedule, in one update (see postUpdates). `expectedRev`: the
 * rev the caller loaded, or null for a new post; a stale one is a ConflictError before anything is
 * sent (the rules refuse it too). A schedule goes with its draft: a save of the draft carries it to
 * the new rev (and a new slug), publishing ends it.
 */
export async function planPostSave(read: ReadValue, fields: PostFields, expectedRev: number | null, options: PlanOptions): Promise<PostSavePlan> {
  const renamed = options.previousSlug !== undefined && options.previousSlug !== fields.slug;
  const sourceSlug = renamed ? (options.previousSlug as string) : fields.slug;
  const [stored, schedule] = await Promise.all([readStoredPost(read, sourceSlug), readSchedule(read, sourceSlug)]);
  const existing = stored?.post ?? null;
  const sourcePath = stored?.path ?? storedPostPath(sourceSlug, fields.status);
  const taken = () => new ContentError("conflict", `A post with the slug "${fields.slug}" already exists; choose another slug.`);
  if (renamed && (await readStoredPost(read, fields.slug)) !== null) throw taken();
  if (expectedRev === null && stored !== null) throw taken();
  if (expectedRev !== null && stored === null) throw new ConflictError(sourcePath, null);
  if (expectedRev !== null && existing !== null && existing.rev !== expectedRev) throw new ConflictError(sourcePath, existing.rev);

  const rev = expectedRev === null ? 1 : expectedRev + 1;
  const publishing = fields.status === "published";
  const publishedAt = existing?.publishedAt ?? (publishing ? options.serverTime : undefined);
  const post = stripEmpty({
    title: fields.title,
    summary: fields.summary,
    body: fields.body,
    tags: [...new Set(fields.tags.map(normaliseTag))],
    status: fields.status,
    readingMinutes: readingMinutes(fields.body),
    ...(options.compiled?.bodyHtml !== undefined ? { bodyHtml: options.compiled.bodyHtml } : {}),
    ...(options.compiled?.toc?.length ? { toc: options.compiled.toc } : {}),
    createdAt: existing?.createdAt ?? options.serverTime,
    ...(fields.coverUrl !== undefined ? { coverUrl: fields.coverUrl } : {}),
    ...(fields.coverImage !== undefined ? { coverImage: fields.coverImage } : {}),
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(fields.series !== undefined ? { series: { slug: slugify(fields.series.title), title: fields.series.title.trim(), part: fields.series.part } } : {}),
    // A move (published <-> draft, or a rename, which names its source) keeps counting: the
    // rules accept only the left record's current rev + 1, so a stale move is refused.
    ...(renamed && existing !== null ? { movedFrom: sourceSlug } : {}),
    rev,
    updatedAt: options.serverTime,
  });
  const leftSeries = existing?.series?.slug;
  const updates: Record<string, unknown> = {
    ...(renamed ? postRemoval(sourceSlug, leftSeries) : {}),
    ...postUpdates(fields.slug, post, renamed ? undefined : leftSeries),
    ...(existing ? await keepVersion(read, existing, sourceSlug, fields.slug) : {}),
  };
  if (schedule !== null) {
    // Publishing (by hand or by the scheduler) ends the schedule; a draft's save carries it along.
    updates[schedulePath(sourceSlug)] = null;
    if (!publishing) updates[schedulePath(fields.slug)] = { ...schedule, rev };
  }
  return { updates, rev, sourcePath };
}

/**
 * Plan the Publish button's move of a stored post: the post as stored, now published, continuing
 * `expectedRev` (ConflictError when the post is gone or has another rev).
 */
export async function planStatusChange(
  read: ReadValue,
  slug: string,
  expectedRev: number,
  status: "draft" | "published",
  serverTime: unknown,
): Promise<PostSavePlan> {
  const stored = await readStoredPost(read, slug);
  const post = stored?.post ?? null;
  if (post === null) throw new ConflictError(stored?.path ?? postPath(slug), null);
  const input: BlogPostInput = {
    slug,
    title: post.title,
    summary: post.summary,
    body: post.body,
    tags: post.tags,
    coverUrl: post.coverUrl,
    coverImage: post.coverImage,
    status,
    ...(post.series ? { series: { title: post.series.title, part: post.series.part } } : {}),
  };
  // The body is unchanged: its compiled HTML goes along as stored (the scheduler has no DOM to compile with).
  return planPostSave(read, parseInput(BlogPostInputSchema, input), expectedRev, { serverTime, compiled: { bodyHtml: post.bodyHtml, toc: post.toc } });
}

/**
 * The updates that keep the version a save replaces (in the same write as the save), drop the
 * oldest beyond LIMITS.revisionsKept and, when the slug changes, move the kept versions along.
 */
async function keepVersion(read: ReadValue, previous: BlogPost, fromSlug: string, toSlug: string): Promise<Record<string, unknown>> {
  const raw = await read(revisionsPath(fromSlug));
  const versions = new Map<string, unknown>(raw !== null && typeof raw === "object" ? Object.entries(raw) : []);
  versions.set(revisionKey(previous.updatedAt), stripEmpty({ ...previous }));
  const byAge = [...versions.keys()].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const keep = new Set(byAge.slice(-LIMITS.revisionsKept));
  const updates: Record<string, unknown> = {};
  if (fromSlug !== toSlug) {
    // postRemoval(fromSlug) removes the old slug's versions; they go on under the new one.
    for (const key of keep) updates[`${revisionsPath(toSlug)}/${key}`] = versions.get(key);
    return updates;
  }
  const newest = byAge[byAge.length - 1]!;
  updates[`${revisionsPath(toSlug)}/${newest}`] = versions.get(newest);
  for (const key of byAge) if (!keep.has(key)) updates[`${revisionsPath(toSlug)}/${key}`] = null;
  return updates;
}
