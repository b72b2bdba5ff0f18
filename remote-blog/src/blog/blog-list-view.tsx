import { formatDay, postUrl } from "shared-content";
import { Link } from "shared-router";
import type { PagedState } from "../ui/async-state";
import { AsyncView } from "../ui/async-view";
import { SearchField } from "../ui/search";
import { Skeleton } from "shared-ui";
import type { PostSummary } from "../ui/types";
import { matchingQuery, newestFirst, tagCounts, withTag } from "./blog-list-logic";
import page from "../ui/page.module.css";
import styles from "./blog-list-view.module.css";

interface Props {
  /** Published posts from the list index, newest first, in pages (bigger ones while filtering). */
  list: PagedState<PostSummary>;
  tag: string | null;
  onTagChange: (tag: string | null) => void;
  /** Words to find in titles, summaries and tags ("" = no search). */
  query?: string;
  onQueryChange?: (query: string) => void;
  /** Drops the tag and the search at once. */
  onClear?: () => void;
}

export function BlogListView({ list, tag, onTagChange, query = "", onQueryChange = () => {}, onClear = () => onTagChange(null) }: Props) {
  return (
    <div className={page.page}>
      <h1 className={page.title}>Blog</h1>
      <p className={page.lead}>Notes on building for the web, the tools I rely on and things I learned the hard way.</p>
      <form className={page.toolbar} role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField id="post-search" label="Search posts" value={query} placeholder="Title, summary or tag" onChange={onQueryChange} />
      </form>
      <AsyncView
        what="blog posts"
        state={list}
        skeleton={<Skeleton label="Loading posts…" lines={6} />}
        isEmpty={(l) => l.length === 0 && !tag}
        emptyText="No posts have been published yet."
      >
        {(posts) => (
          <PostList
            posts={posts}
            tag={tag}
            onTagChange={onTagChange}
            query={query}
            onClear={onClear}
            hasMore={list.hasMore || list.loadingMore}
            pending={list.loadingMore}
            loadMore={list.loadMore}
          />
        )}
      </AsyncView>
    </div>
  );
}

interface ListProps {
  posts: PostSummary[];
  tag: string | null;
  onTagChange: (tag: string | null) => void;
  query: string;
  onClear: () => void;
  hasMore: boolean;
  pending: boolean;
  loadMore: () => void;
}

function PostList({ posts, tag, onTagChange, query, onClear, hasMore, pending, loadMore }: ListProps) {
  const searching = query.trim() !== "";
  // Tags of the posts loaded so far, plus the chosen one.
  const tags = tagCounts(posts).map((t) => t.tag);
  if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.unshift(tag);
  const visible = matchingQuery(withTag(newestFirst(posts), tag), query);
  const what = [tag ? `tagged “${tag}”` : "", searching ? `matching “${query.trim()}”` : ""].filter(Boolean).join(" and ");

  return (
    <>
      {tags.length > 0 ? (
        <div className={styles.tags} role="group" aria-label="Filter by tag">
          <button type="button" className={styles.tag} aria-pressed={!tag} onClick={() => onTagChange(null)}>
            All posts
          </button>
          {tags.map((t) => (
            <button key={t} type="button" className={styles.tag} aria-pressed={tag?.toLowerCase() === t.toLowerCase()} onClick={() => onTagChange(t)}>
              #{t}
            </button>
          ))}
        </div>
      ) : null}
      <p className={page.count} aria-live="polite">
        {what
          ? `${visible.length} post${visible.length === 1 ? "" : "s"} ${what}${hasMore ? ` among the newest ${posts.length}` : ""}`
          : `Showing ${visible.length} post${visible.length === 1 ? "" : "s"}`}
      </p>
      {visible.length === 0 ? (
        <p className={styles.none}>
          No posts are {what}.{" "}
          <button type="button" className={styles.linkButton} onClick={onClear}>
            Show all posts
          </button>
        </p>
      ) : (
        <ol className={styles.list}>
          {visible.map((p) => (
            <li key={p.id}>
              <PostCard post={p} onTag={onTagChange} />
            </li>
          ))}
        </ol>
      )}
      {hasMore ? (
        <button type="button" className={page.more} onClick={loadMore} disabled={pending} aria-busy={pending}>
          {pending ? "Loading more posts…" : what ? "Look through older posts" : "Load more posts"}
        </button>
      ) : null}
    </>
  );
}

function PostCard({ post, onTag }: { post: PostSummary; onTag: (tag: string) => void }) {
  return (
    <article className={styles.card}>
      <h2 className={styles.cardTitle}>
        <Link to={postUrl(post.id)}>{post.title}</Link>
      </h2>
      <p className={styles.meta}>
        <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDay(post.publishedAt)}</time>
        <span aria-hidden="true"> · </span>
        <span>{post.readingMinutes} min read</span>
      </p>
      {post.summary ? <p className={styles.summary}>{post.summary}</p> : null}
      {post.tags && post.tags.length > 0 ? (
        <ul className={styles.cardTags} aria-label="Tags">
          {post.tags.map((t) => (
            <li key={t}>
              <button type="button" className={styles.cardTag} onClick={() => onTag(t)} aria-label={`Show posts tagged ${t}`}>
                #{t}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
