import { useEffect, useRef } from "react";
import { Link } from "shared-router";
import type { AsyncState } from "../ui/async-state";
import { ErrorState, Skeleton, formatDay, hideOnError } from "shared-ui";
import { errorText } from "../ui/async-view";
import { usePageMeta } from "shared-content";
import { Markdown, safeImageUrl } from "../ui/shared";
import type { Post } from "../ui/types";
import { postMeta } from "./post-meta";
import page from "../ui/page.module.css";
import styles from "./blog-post-view.module.css";

/** One post by slug; `data: null` means no published post has that slug (unknown or draft). */
export function BlogPostView({ state, slug }: { state: AsyncState<Post | null>; slug: string }) {
  const post = state.status === "ready" ? state.data : undefined;
  usePageMeta(postMeta(post, slug));

  let content;
  if (state.status === "error") {
    content = <ErrorState message={errorText("post", state.error)} onRetry={state.retry} />;
  } else if (post === undefined) {
    content = (
      <div className={styles.loading}>
        <Skeleton label="Loading the post…" lines={8} />
      </div>
    );
  } else if (post === null) {
    content = (
      <div className={styles.notFound} data-state="not-found">
        <h1 className={page.title}>Post not found</h1>
        <p>
          There is no published post at “<code>{slug}</code>”. It may have been moved or not be published yet.
        </p>
        <p>
          <Link to="/blogs/list">See all posts</Link>
        </p>
      </div>
    );
  } else {
    content = <PostArticle post={post} />;
  }

  return (
    <div className={page.page}>
      <p className={styles.back}>
        <Link to="/blogs/list">← All posts</Link>
      </p>
      {content}
    </div>
  );
}

function PostArticle({ post }: { post: Post }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // Code blocks and tables scroll sideways; keyboard users must be able to focus them to scroll.
  useEffect(() => {
    for (const el of bodyRef.current?.querySelectorAll("pre, table") ?? []) el.setAttribute("tabindex", "0");
  }, [post.body]);
  const cover = safeImageUrl(post.coverUrl);
  const published = post.publishedAt ?? post.createdAt;
  const updated = post.updatedAt - published > 86_400_000 ? post.updatedAt : null;
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <h1 className={page.title}>{post.title}</h1>
        <p className={styles.meta}>
          <time dateTime={new Date(published).toISOString()}>{formatDay(published)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.readingMinutes} min read</span>
          {updated ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                updated <time dateTime={new Date(updated).toISOString()}>{formatDay(updated)}</time>
              </span>
            </>
          ) : null}
        </p>
        {post.tags && post.tags.length > 0 ? (
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t}>
                <Link to={`/blogs/list?tag=${encodeURIComponent(t)}`}>#{t}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {cover ? <img className={styles.cover} src={cover} alt="" width={1200} height={630} decoding="async" onError={hideOnError} /> : null}
      <div ref={bodyRef}>
        <Markdown source={post.body} className={styles.body} />
      </div>
    </article>
  );
}
