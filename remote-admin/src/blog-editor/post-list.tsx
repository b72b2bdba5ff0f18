import { useState } from "react";
import { formatShortDay, matchesSearch, postUrl, type BlogPost, type WithId } from "shared-content/admin";
import { visuallyHidden } from "shared-ui";
import { AdminPage, Button, Panel, SearchBox, SelectField, StatusMessage } from "../ui";
import { ScheduledPosts } from "./scheduled-posts";
import styles from "./blog-editor.module.css";

type Filter = "all" | "published" | "draft";

/** The posts, filtered by status and searched by title, slug or tag. */
export function PostList({ posts, flash, onOpen }: { posts: WithId<BlogPost>[]; flash: string | null; onOpen: (slug: string) => void }) {
  const [filter, setFilter] = useState<Filter>("all");
  const [query, setQuery] = useState("");
  const shown = posts.filter((p) => (filter === "all" || p.status === filter) && matchesSearch(query, [p.title, p.id, ...p.tags]));
  const drafts = posts.filter((p) => p.status === "draft").length;
  return (
    <AdminPage
      title="Blog posts"
      description={`${posts.length - drafts} published, ${drafts} ${drafts === 1 ? "draft" : "drafts"}. Drafts are visible only to administrators.`}
      actions={
        <Button variant="primary" onClick={() => onOpen("new")}>
          New post
        </Button>
      }
    >
      {flash ? <StatusMessage kind="success">{flash}</StatusMessage> : null}
      <ScheduledPosts posts={posts} onOpen={onOpen} />
      <Panel>
        <div className={styles.filters}>
          <SearchBox
            label="Search posts"
            value={query}
            onChange={setQuery}
            placeholder="Title, slug or tag"
            resultSummary={query.trim() || filter !== "all" ? `${shown.length} of ${posts.length} posts` : undefined}
          />
          <SelectField
            label="Show"
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            options={[
              { value: "all", label: "All posts" },
              { value: "published", label: "Published" },
              { value: "draft", label: "Drafts" },
            ]}
          />
        </div>
        {shown.length === 0 ? <p className={styles.muted}>{posts.length === 0 ? "No posts yet. Write the first one." : "No posts match."}</p> : null}
        <ul className={styles.posts} aria-label="Posts">
          {shown.map((p) => (
            <li key={p.id} className={styles.post}>
              <div className={styles.postMain}>
                <div className={styles.postTitleRow}>
                  <span className={p.status === "published" ? styles.badgePublished : styles.badgeDraft}>
                    {p.status === "published" ? "Published" : "Draft"}
                  </span>
                  <span className={styles.postTitle}>{p.title}</span>
                </div>
                <p className={styles.muted}>
                  /blogs/{p.id} · {p.readingMinutes} min read
                  {p.tags.length ? ` · ${p.tags.join(", ")}` : ""}
                </p>
                <p className={styles.muted}>
                  Created {formatShortDay(p.createdAt)} · updated {formatShortDay(p.updatedAt)}
                  {p.publishedAt !== undefined ? ` · first published ${formatShortDay(p.publishedAt)}` : ""}
                </p>
              </div>
              <div className={styles.postActions}>
                <Button size="small" onClick={() => onOpen(p.id)} aria-label={`Edit “${p.title}”`}>
                  Edit
                </Button>
                {p.status === "published" ? (
                  <a className={styles.viewLink} href={postUrl(p.id)} target="_blank" rel="noopener">
                    View<span className={visuallyHidden}> “{p.title}” on the site (opens in a new tab)</span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
