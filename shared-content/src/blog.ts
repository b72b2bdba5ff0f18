// Pure helpers for posts: reading time, slugs, where a post is stored and the list-index entry derived from it.
import { compareCodeUnits } from "./text-order";
import { LIMITS } from "./limits";
import type { ImageRef } from "./media";
import { blogIndexPath, draftPath, postPath, revisionsPath, schedulePath, seriesPartPath } from "./paths";
import type { BlogIndexEntry, BlogPost, PostSeries, SeriesPart, Skill, WithId } from "./schemas";

const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes (at least 1), counting words outside markdown syntax. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\s]+/g, "w")) // code counts, syntax does not
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.min(LIMITS.readingMinutes.max, Math.max(LIMITS.readingMinutes.min, Math.ceil(words / WORDS_PER_MINUTE)));
}

/** A URL slug from a title: lowercase ASCII letters, digits and single hyphens. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, LIMITS.slug.max)
    .replace(/-+$/g, "");
}

/** The list-index entry of a published post (null for a draft or a post never published). */
export function indexEntryOf(post: BlogPost): BlogIndexEntry | null {
  if (post.status !== "published" || post.publishedAt === undefined) return null;
  return indexFields(post) as BlogIndexEntry;
}

/** The fields a list-index entry copies from its post (timestamps may be server-value placeholders). */
function indexFields<P extends StoredPost>(post: P) {
  return {
    title: post.title,
    summary: post.summary,
    // Absent when the post has none (stripEmpty drops an empty list; the SDK refuses undefined).
    ...(post.tags !== undefined ? { tags: post.tags } : {}),
    readingMinutes: post.readingMinutes,
    publishedAt: post.publishedAt,
    ...(post.coverUrl !== undefined ? { coverUrl: post.coverUrl } : {}),
    ...(post.coverImage !== undefined ? { coverImage: post.coverImage } : {}),
  };
}

/** A post as it is written: like BlogPost, but timestamps may be server-value placeholders. */
export interface StoredPost {
  title: string;
  summary: string;
  tags: readonly string[];
  status: "draft" | "published";
  readingMinutes: number;
  publishedAt?: unknown;
  coverUrl?: string;
  coverImage?: ImageRef;
  series?: PostSeries;
}

/** A published post's entry in its series' record (blog/series/{series}/{slug}). */
function seriesPartOf(post: StoredPost & { series: PostSeries }): SeriesPart {
  return { seriesTitle: post.series.title, title: post.title, part: post.series.part };
}

/**
 * The one multi-path update that stores a post where its status puts it: published posts in
 * blog/posts with their list-index entry, drafts in blog/drafts with neither. Visitors can
 * read only blog/posts, so unpublishing is a delete for every open listener. The rules refuse
 * any write that leaves a post in both places or an entry without its post. A post in a series
 * keeps its part in blog/series the same way (published parts only); `leftSeries`, the series
 * slug the post had before this write, loses its part when the post left it.
 */
export function postUpdates(slug: string, post: StoredPost, leftSeries?: string): Record<string, unknown> {
  const published = post.status === "published";
  const series = post.series;
  return {
    [postPath(slug)]: published ? post : null,
    [draftPath(slug)]: published ? null : post,
    [blogIndexPath(slug)]: published ? indexFields(post) : null,
    ...(leftSeries !== undefined && leftSeries !== series?.slug ? { [seriesPartPath(leftSeries, slug)]: null } : {}),
    ...(series ? { [seriesPartPath(series.slug, slug)]: published ? seriesPartOf({ ...post, series }) : null } : {}),
  };
}

/**
 * Removes a post from every place it may be, with its list-index entry, its schedule and (given
 * the series it is in) its part of that series.
 */
export function postRemoval(slug: string, series?: string): Record<string, null> {
  return {
    [postPath(slug)]: null,
    [draftPath(slug)]: null,
    [blogIndexPath(slug)]: null,
    [revisionsPath(slug)]: null,
    [schedulePath(slug)]: null,
    ...(series !== undefined ? { [seriesPartPath(series, slug)]: null } : {}),
  };
}

/**
 * A tag as it is saved: in lower case, so "React" and "react" are one tag on the site (a
 * near-duplicate beyond case, such as "cafe" beside "café", is the editor's check to catch).
 */
export const normaliseTag = (tag: string): string => tag.trim().toLowerCase();

/** Every tag used in a list of entries, most used first. */
export function tagsOf(entries: readonly { tags: readonly string[] }[]): string[] {
  const counts = new Map<string, number>();
  for (const e of entries) for (const t of e.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || compareCodeUnits(a[0], b[0])).map(([t]) => t);
}

/** Skills grouped by category, categories in order of their first skill. */
export function groupSkillsByCategory(skills: readonly WithId<Skill>[]): { category: string; skills: WithId<Skill>[] }[] {
  const groups = new Map<string, WithId<Skill>[]>();
  for (const s of [...skills].sort((a, b) => a.order - b.order)) {
    const list = groups.get(s.category) ?? [];
    list.push(s);
    groups.set(s.category, list);
  }
  return [...groups.entries()].map(([category, list]) => ({ category, skills: list }));
}
