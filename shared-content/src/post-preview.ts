// The draft preview: the post editor hands the post as it stands (saved or not) to the blog's
// preview screen in this browser only (localStorage), so the admin sees it at the public
// layout before publishing, updated as they type. No database read: a draft never leaves the
// admin's browser for a preview, and the preview route sits in the signed-in area (never
// rendered on the server). Its own entry (`shared-content/preview`): no visitor downloads it.
import * as v from "valibot";
import { onStoredChange, readStored, removeStored, storageKey, writeStored } from "shared-auth/browser-storage";
import { LIMITS } from "./limits";
import { ImageRefSchema } from "./media";

export const POST_PREVIEW_KEY = storageKey("post-preview");
/** The preview screen's route (shell's route table; the blog remote's BlogPostPreview). */
export const POST_PREVIEW_PATH = "/admin-panel/preview/post";

// Looser than a stored post: an unfinished draft (an empty summary, say) is still worth a look.
const PostPreviewSchema = v.object({
  slug: v.pipe(v.string(), v.maxLength(LIMITS.slug.max)),
  title: v.pipe(v.string(), v.maxLength(LIMITS.headline.max)),
  summary: v.pipe(v.string(), v.maxLength(LIMITS.summary.max)),
  body: v.pipe(v.string(), v.maxLength(LIMITS.postBody.max)),
  tags: v.array(v.pipe(v.string(), v.maxLength(LIMITS.label.max))),
  coverUrl: v.optional(v.string()),
  coverImage: v.optional(ImageRefSchema),
  /** When it was (or would be) published: the date the page shows. */
  publishedAt: v.number(),
  /** When the editor last wrote it. */
  at: v.number(),
});
export type PostPreview = v.InferOutput<typeof PostPreviewSchema>;

/** Hands the post as it stands to the preview screen (a no-op where storage is unavailable). */
export function writePostPreview(preview: PostPreview): boolean {
  return writeStored(POST_PREVIEW_KEY, preview);
}

export function clearPostPreview(): void {
  removeStored(POST_PREVIEW_KEY);
}

/** The post the editor last handed over, or null (none, or not a preview). */
export function readPostPreview(): PostPreview | null {
  const result = v.safeParse(PostPreviewSchema, readStored(POST_PREVIEW_KEY));
  return result.success ? result.output : null;
}

/** Calls `onChange` when another tab (the editor) changes the preview; returns the unsubscribe. */
export function subscribePostPreview(onChange: () => void): () => void {
  return onStoredChange(POST_PREVIEW_KEY, onChange);
}
