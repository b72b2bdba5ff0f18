import { useEffect, useState } from "react";
import { Link } from "shared-router";
import { SITE_PATHS, postUrl, readingMinutes, safeImageUrl } from "shared-content";
import { readPostPreview, subscribePostPreview, type PostPreview } from "shared-content/preview";
import { BlogPostView } from "../blog/blog-post-view";
import type { Post } from "../ui/types";
import page from "../ui/page.module.css";
import styles from "../blog/blog-post-view.module.css";

/** The preview as the post page shows a post: an unfinished draft still renders. */
function asPost(p: PostPreview): Post {
  const cover = safeImageUrl(p.coverUrl);
  return {
    id: p.slug || "preview",
    title: p.title.trim() || "Untitled post",
    summary: p.summary,
    body: p.body,
    tags: p.tags,
    ...(cover ? { coverUrl: cover } : {}),
    ...(p.coverImage ? { coverImage: p.coverImage } : {}),
    status: "draft",
    readingMinutes: readingMinutes(p.body),
    createdAt: p.publishedAt,
    publishedAt: p.publishedAt,
    rev: 1,
    updatedAt: p.at,
  };
}

/**
 * /admin-panel/preview/post (signed-in area, blog layout): the post the editor handed over in
 * this browser (shared-content's post-preview), shown exactly as the post page will show it,
 * and updated as the admin types in the editor's tab.
 */
export default function BlogPostPreviewPage() {
  const [preview, setPreview] = useState(readPostPreview);
  useEffect(() => subscribePostPreview(() => setPreview(readPostPreview())), []);

  if (!preview) {
    return (
      <div className={`${page.page} ${styles.column}`}>
        <h1 className={page.title}>Nothing to preview</h1>
        <p>
          Open a post in the editor and choose <strong>Preview</strong>: this tab then shows it as visitors will see it.
        </p>
        <p>
          <Link to={SITE_PATHS.adminSection.getHref("write-blog")}>Go to the blog posts</Link>
        </p>
      </div>
    );
  }
  const notice = (
    <p className={styles.previewNotice} role="note">
      <strong>Preview</strong> of {preview.slug ? <code>{postUrl(preview.slug)}</code> : "a new post"}, as it stands in the editor (saved or not). Only you can
      see it; it follows your typing in the editor&rsquo;s tab.
    </p>
  );
  return (
    <BlogPostView
      state={{ status: "ready", data: asPost(preview), error: null, retry: () => setPreview(readPostPreview()) }}
      slug={preview.slug}
      notice={notice}
    />
  );
}
