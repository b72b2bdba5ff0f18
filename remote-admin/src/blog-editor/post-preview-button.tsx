import { useEffect, useState } from "react";
import { POST_PREVIEW_PATH, clearPostPreview, writePostPreview, type PostPreview } from "shared-content/preview";
import { Button } from "../ui";
import { postToInput, tagsOfForm, type PostForm } from "./post-form";

/** The form as the preview screen reads it (shared-content's post-preview contract): the post as it would be saved. */
export function previewOf(values: PostForm, publishedAt: number | undefined, now = Date.now()): PostPreview {
  const { slug, title, summary, body, coverUrl } = postToInput(values, "draft");
  return { slug, title, summary, body, tags: tagsOfForm(values), ...(coverUrl ? { coverUrl } : {}), publishedAt: publishedAt ?? now, at: now };
}

/**
 * "Preview": opens the post at the public layout in a new tab (the blog's preview screen), and
 * keeps that tab in step with the form while the editor is open. Nothing is saved.
 */
export function PostPreviewButton({ values, publishedAt }: { values: PostForm; publishedAt: number | undefined }) {
  const [opened, setOpened] = useState(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (opened) writePostPreview(previewOf(values, publishedAt));
  }, [opened, values, publishedAt]);
  // The preview shows the post as it stands in this editor; with the editor gone, so is it.
  useEffect(() => clearPostPreview, []);
  const open = () => {
    if (!writePostPreview(previewOf(values, publishedAt))) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setOpened(true);
    window.open(POST_PREVIEW_PATH, "_blank", "noopener");
  };
  return (
    <>
      <Button onClick={open} aria-describedby={refused ? "post-preview-refused" : undefined}>
        Preview (opens in a new tab)
      </Button>
      {refused ? (
        <span id="post-preview-refused" role="alert">
          This browser does not allow the preview to be stored (local storage is off or full).
        </span>
      ) : null}
    </>
  );
}
