import type { ReactNode } from "react";
import { formatShortDay, postUrl, type BlogPost, type WithId } from "shared-content/admin";
import { Button, FormActions, SaveButton, StatusMessage, isUnconfirmed, type SaveState } from "../ui";
import { PostPreviewButton } from "./post-preview-button";
import { type PostForm } from "./post-form";
import styles from "./blog-editor.module.css";

export type PostAction = "draft" | "publish" | "unpublish" | "delete";

export interface PostActionBarProps {
  save: SaveState;
  /** Why the last save failed, when no notice tells it already (the editor's `saveError`). */
  error: string | null;
  /** The action the save state belongs to. */
  action: PostAction | null;
  published: boolean;
  canDelete: boolean;
  values: PostForm;
  publishedAt: number | undefined;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
  /** What the owner must see wherever they are in the form (a change made elsewhere), above the buttons. */
  notice?: ReactNode;
  /** A picture the save is uploading first. */
  sending?: ReactNode;
}

/**
 * The editor's sticky action bar: Save, Publish or Unpublish, Preview, Delete. A failed save
 * says why here, beside the button that was pressed, where the user is.
 */
export function PostActionBar({
  save,
  error,
  action,
  published,
  canDelete,
  values,
  publishedAt,
  onPublish,
  onUnpublish,
  onDelete,
  notice,
  sending,
}: PostActionBarProps) {
  const busy = isUnconfirmed(save.status);
  const statusFor = (kind: PostAction) => (action === kind ? save.status : "idle");
  return (
    <div className={styles.actionBar}>
      {notice}
      {sending}
      {save.status === "error" && error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      <FormActions>
        <SaveButton
          type="submit"
          status={statusFor("draft")}
          label={published ? "Save changes" : "Save draft"}
          busyLabel="Saving…"
          successText=""
          disabled={busy}
        />
        {published ? (
          <SaveButton
            variant="secondary"
            status={statusFor("unpublish")}
            label="Unpublish"
            busyLabel="Unpublishing…"
            successText=""
            disabled={busy}
            onClick={onUnpublish}
          />
        ) : (
          <SaveButton status={statusFor("publish")} label="Publish" busyLabel="Publishing…" successText="" disabled={busy} onClick={onPublish} />
        )}
        <PostPreviewButton values={values} publishedAt={publishedAt} />
        {canDelete ? (
          <Button variant="danger" disabled={busy} onClick={onDelete}>
            Delete post
          </Button>
        ) : null}
      </FormActions>
    </div>
  );
}

/** The editor's status line under its heading: published or draft, and the post's dates. */
export function PostStatusLine({ post, published }: { post: WithId<BlogPost> | null; published: boolean }) {
  return (
    <>
      Status: <strong>{published ? "Published" : "Draft (visible only to administrators)"}</strong>
      {post ? ` · created ${formatShortDay(post.createdAt)} · updated ${formatShortDay(post.updatedAt)}` : ""}
      {post?.publishedAt !== undefined ? ` · first published ${formatShortDay(post.publishedAt)}` : ""}
    </>
  );
}

/** What a confirmed save, publish or unpublish says (with the public link of a published post). */
export function PostSavedMessage({ action, published, slug }: { action: PostAction | null; published: boolean; slug: string | null }) {
  if (action === "delete") return null;
  return (
    <StatusMessage kind="success">
      {action === "publish" ? "Published. " : action === "unpublish" ? "Unpublished: the post is a draft again and no longer on the site. " : "Saved. "}
      {published && slug && action !== "unpublish" ? (
        <a href={postUrl(slug)} target="_blank" rel="noopener">
          View it on the site (opens in a new tab)
        </a>
      ) : null}
    </StatusMessage>
  );
}
