import {
  isPreviewImage,
  LIMITS,
  normaliseTag,
  readingMinutes,
  slugify,
  type BlogPost,
  type BlogPostInput,
  type ImageRef,
  type FieldErrors,
  type PostStatus,
  type WithId,
} from "shared-content/admin";
import { joinList, optionalText, splitList } from "../lib/form-values";

export interface PostForm {
  title: string;
  slug: string;
  summary: string;
  tags: string;
  coverUrl: string;
  coverImage: ImageRef | undefined;
  body: string;
  /** The series' name ("" for none) and this post's part number in it (post-series-fields.tsx). */
  seriesTitle: string;
  seriesPart: string;
}

export const emptyPostForm = (): PostForm => ({
  title: "",
  slug: "",
  summary: "",
  tags: "",
  coverUrl: "",
  coverImage: undefined,
  body: "",
  seriesTitle: "",
  seriesPart: "",
});

/** The fields as the editor labels them (for messages that name a field, such as "Keep mine"). */
export const POST_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  summary: "Summary",
  tags: "Tags",
  coverUrl: "Cover image URL",
  body: "Body",
  seriesTitle: "Series name",
  seriesPart: "Part number",
};

export function postToForm(post: WithId<BlogPost> | null): PostForm {
  if (!post) return emptyPostForm();
  return {
    title: post.title,
    slug: post.id,
    summary: post.summary,
    tags: joinList(post.tags),
    coverUrl: post.coverUrl ?? "",
    coverImage: post.coverImage,
    body: post.body,
    seriesTitle: post.series?.title ?? "",
    seriesPart: post.series ? String(post.series.part) : "",
  };
}

/** What a typed cover address means for link previews: they show raster images only (the renderer's rule, `isPreviewImage`; an uploaded cover has its own share JPEG). */
export const coverAdvice = (coverUrl: string): string | undefined =>
  coverUrl.trim() !== "" && !isPreviewImage(coverUrl.trim())
    ? "Link previews (when the post is shared) show PNG, JPEG, GIF or WebP images only: they will use the site's default card instead of this cover. The cover still shows on the post."
    : undefined;

/** The tags field as the tags saved (trimmed, deduplicated, in one case). */
export const tagsOfForm = (f: PostForm): string[] => [...new Set(splitList(f.tags).map(normaliseTag))];

export function postToInput(f: PostForm, status: PostStatus): BlogPostInput {
  return {
    slug: f.slug.trim(),
    title: f.title.trim(),
    summary: f.summary.trim(),
    body: f.body,
    tags: tagsOfForm(f),
    coverUrl: optionalText(f.coverUrl),
    coverImage: f.coverImage,
    status,
    ...(f.seriesTitle.trim() ? { series: { title: f.seriesTitle.trim(), part: Number(f.seriesPart.trim() || Number.NaN) } } : {}),
  };
}

/** The series fields' problems in the form's words (the schema's limits; its own messages name `series.part`). */
export function seriesErrors(f: PostForm): FieldErrors {
  const title = f.seriesTitle.trim();
  const part = f.seriesPart.trim();
  const { min, max } = LIMITS.seriesPart;
  if (!title) return part ? { seriesTitle: "Name the series, or clear the part number." } : {};
  if (title.length > LIMITS.headline.max) return { seriesTitle: `A series name must be at most ${LIMITS.headline.max} characters.` };
  if (!slugify(title)) return { seriesTitle: "Use some letters or digits in the series name: its address is made from them." };
  if (!/^[0-9]+$/.test(part) || Number(part) < min || Number(part) > max)
    return { seriesPart: `Give this post's part number in the series, a whole number from ${min} to ${max}.` };
  return {};
}

/**
 * Applies a title change: while the slug was never edited by hand it follows the title.
 * Returns the new form values.
 */
export function withTitle(f: PostForm, title: string, slugEdited: boolean): PostForm {
  return { ...f, title, slug: slugEdited ? f.slug : slugify(title) };
}

/** Reading time shown in the editor; the same function computes the stored value on save. */
export function readingTimeLabel(body: string): string {
  const n = readingMinutes(body);
  return `${n} min read`;
}

/** How many characters one text replaces in another (common start and end set aside). */
function textDelta(before: string, after: string): { added: number; removed: number } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { added: after.length - start - end, removed: before.length - start - end };
}

/** A change to the post's series in a few words, or null: "series (now part 2 of “Rust”)", "series (left “Rust”)". */
function seriesChange(older: BlogPost["series"], newer: BlogPost["series"]): string | null {
  if (older?.title === newer?.title && older?.part === newer?.part) return null;
  return newer ? `series (now part ${newer.part} of “${newer.title}”)` : `series (left “${older?.title ?? ""}”)`;
}

/**
 * What changed from one version of a post to the next, in a few words: "title, body (+120 −30
 * characters)", or "no change to the text" (a publish or unpublish, say).
 */
export function versionChanges(older: BlogPost, newer: BlogPost): string {
  const parts: string[] = [];
  if (older.title !== newer.title) parts.push("title");
  if (older.summary !== newer.summary) parts.push("summary");
  if (older.tags.join(",") !== newer.tags.join(",")) parts.push("tags");
  if ((older.coverUrl ?? "") !== (newer.coverUrl ?? "") || older.coverImage?.id !== newer.coverImage?.id) parts.push("cover");
  else if (older.coverImage?.alt !== newer.coverImage?.alt) parts.push("cover's alt text");
  const series = seriesChange(older.series, newer.series);
  if (series) parts.push(series);
  if (older.body !== newer.body) {
    const { added, removed } = textDelta(older.body, newer.body);
    parts.push(`body (+${added} −${removed} characters)`);
  }
  if (older.status !== newer.status) parts.push(newer.status === "published" ? "published" : "unpublished");
  return parts.length ? parts.join(", ") : "no change to the text";
}
