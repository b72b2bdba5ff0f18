import { useId, useState, useSyncExternalStore, type ReactNode } from "react";
import { Link } from "shared-router";
import type { LoadState } from "shared-ui";
import { ErrorState, Skeleton, hideOnError } from "shared-ui";
import {
  MarkdownBody,
  Picture,
  SITE_PATHS,
  formatDay,
  loadFailureMessage,
  postUrl,
  useCompiledMarkdown,
  useMediaStorage,
  usePageMeta,
  useSiteName,
  type TocEntry,
} from "shared-content";
import type { Post, PostSummary } from "../ui/types";
import { postMeta } from "./post-meta";
import page from "../ui/page.module.css";
import styles from "./blog-post-view.module.css";

export interface MorePosts {
  newer: PostSummary | null;
  older: PostSummary | null;
  related: PostSummary[];
}

/**
 * One post by slug; `data: null` means no published post has that slug (unknown or draft).
 * `notice` shows above the post (the draft preview's banner), which then has no share links;
 * `series`, the post's place in its series (SeriesBox), above the post too.
 */
export function BlogPostView({
  state,
  slug,
  more = null,
  notice,
  series = null,
}: {
  state: LoadState<Post | null>;
  slug: string;
  more?: MorePosts | null;
  notice?: ReactNode;
  series?: ReactNode;
}) {
  const post = state.status === "ready" ? state.data : undefined;
  const owner = useSiteName();
  const media = useMediaStorage();
  usePageMeta(postMeta(post, slug, owner, media));

  let content;
  if (state.status === "error") {
    content = <ErrorState message={loadFailureMessage("The post", state.error)} onRetry={state.retry} />;
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
          <Link to={SITE_PATHS.blogList.getHref()}>See all posts</Link>
        </p>
      </div>
    );
  } else {
    content = (
      <>
        {notice}
        {series}
        <PostArticle post={post} />
        {more ? <MoreFromTheBlog more={more} /> : null}
        {notice ? null : <ShareLinks title={post.title} />}
      </>
    );
  }

  return (
    <div className={`${page.page} ${styles.column}`}>
      <p className={styles.back}>
        <Link to={SITE_PATHS.blogList.getHref()}>← All posts</Link>
      </p>
      {content}
    </div>
  );
}

/** A post shows its table of contents from this many headings on: fewer are seen at a glance. */
const TOC_MIN_HEADINGS = 3;

function PostArticle({ post }: { post: Post }) {
  // The body as it was compiled when saved (HTML and contents list); a post saved before that is
  // compiled by the server (docs/rendering.md).
  const body = useCompiledMarkdown(post.body, post.bodyHtml === undefined ? undefined : { html: post.bodyHtml, toc: post.toc ?? [] });
  const toc = body.status === "ready" && body.compiled.toc.length >= TOC_MIN_HEADINGS ? body.compiled.toc : null;
  const published = post.publishedAt ?? post.createdAt;
  const updated = post.updatedAt - published > 86_400_000 ? post.updatedAt : null;
  return (
    <article>
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
                <Link to={SITE_PATHS.blogList.getHref({ tag: t })}>#{t}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {/* The post page's likely largest paint: the reading column's width (46rem), a phone's whole width. */}
      <Picture
        url={post.coverUrl}
        image={post.coverImage}
        sizes="(min-width: 48rem) 46rem, 100vw"
        priority
        className={styles.cover}
        width={1200}
        height={630}
        onError={hideOnError}
      />
      <div className={toc ? styles.withContents : undefined}>
        {toc ? <TableOfContents toc={toc} /> : null}
        <MarkdownBody state={body} source={post.body} className={styles.body} />
      </div>
    </article>
  );
}

/**
 * The post's sections, linked: above the body on a phone, beside it (and staying in view) on a
 * wide screen. Sections (h2) with their subsections (h3) nested.
 */
function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const sections: { entry: TocEntry; subsections: TocEntry[] }[] = [];
  for (const entry of toc) {
    const last = sections[sections.length - 1];
    if (entry.depth > 2 && last) last.subsections.push(entry);
    else sections.push({ entry, subsections: [] });
  }
  return (
    <nav aria-label="Table of contents" className={styles.contents}>
      <h2 className={styles.contentsTitle}>Contents</h2>
      <ol>
        {sections.map(({ entry, subsections }) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.text}</a>
            {subsections.length > 0 ? (
              <ol>
                {subsections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`}>{s.text}</a>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PostLink({ post }: { post: PostSummary }) {
  return <Link to={postUrl(post.id)}>{post.title}</Link>;
}

/** Newer and older posts, and the ones that share this post's tags. */
function MoreFromTheBlog({ more }: { more: MorePosts }) {
  // Not "related-posts": a heading of the post may have that id (ids are made from headings' text).
  const relatedId = useId();
  if (!more.newer && !more.older && more.related.length === 0) return null;
  return (
    <div className={styles.more}>
      {more.newer || more.older ? (
        <nav aria-label="Newer and older posts" className={styles.pager}>
          {more.older ? (
            <p className={styles.older}>
              <span className={styles.pagerLabel}>← Older post</span>
              <PostLink post={more.older} />
            </p>
          ) : null}
          {more.newer ? (
            <p className={styles.newer}>
              <span className={styles.pagerLabel}>Newer post →</span>
              <PostLink post={more.newer} />
            </p>
          ) : null}
        </nav>
      ) : null}
      {more.related.length > 0 ? (
        <section aria-labelledby={relatedId} className={styles.related}>
          <h2 id={relatedId}>Related posts</h2>
          <ul>
            {more.related.map((p) => (
              <li key={p.id}>
                <PostLink post={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

const noSubscription = () => () => undefined;

/**
 * Share links: copy the address, or open a plain share URL (no third-party script). Shown once
 * the page runs in the browser, where the address is known; the server renders nothing here.
 */
function ShareLinks({ title }: { title: string }) {
  const url = useSyncExternalStore(
    noSubscription,
    () => window.location.origin + window.location.pathname,
    () => null,
  );
  const [copied, setCopied] = useState<"" | "done" | "failed">("");
  const shareId = useId();
  if (!url) return null;
  const text = encodeURIComponent(title);
  const at = encodeURIComponent(url);
  const copy = () => {
    if (!navigator.clipboard) return setCopied("failed");
    navigator.clipboard.writeText(url).then(
      () => setCopied("done"),
      () => setCopied("failed"),
    );
  };
  return (
    <section aria-labelledby={shareId} className={styles.share}>
      <h2 id={shareId}>Share this post</h2>
      <ul>
        <li>
          <button type="button" className={styles.shareButton} onClick={copy}>
            Copy link
          </button>
        </li>
        <li>
          <a href={`mailto:?subject=${text}&body=${at}`}>Email</a>
        </li>
        <li>
          <a href={`https://www.linkedin.com/sharing/share-offsite/?url=${at}`} target="_blank" rel="noopener noreferrer">
            LinkedIn
          </a>
        </li>
        <li>
          <a href={`https://bsky.app/intent/compose?text=${text}%20${at}`} target="_blank" rel="noopener noreferrer">
            Bluesky
          </a>
        </li>
        <li>
          <a href={`https://x.com/intent/post?text=${text}&url=${at}`} target="_blank" rel="noopener noreferrer">
            X
          </a>
        </li>
      </ul>
      <p role="status" className={styles.copyStatus}>
        {copied === "done" ? "Link copied." : copied === "failed" ? "The link could not be copied; copy it from the address bar." : ""}
      </p>
    </section>
  );
}
