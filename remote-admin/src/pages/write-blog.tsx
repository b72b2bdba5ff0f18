import { useRef, useState } from "react";
import { useSearchParams } from "shared-router";
import { useAllPosts } from "shared-content/admin";
import { PostEditor } from "../blog-editor/post-editor";
import { PostList } from "../blog-editor/post-list";
import { EditorLoadState, EditorMissing } from "../editors/editor-load-state";
import { useKeptRecord } from "../editors/use-record-editor";

/**
 * /admin-panel/write-blog: the posts, or one post's editor (`?edit=<slug>`, `?edit=new`). The
 * editor itself lives in `src/blog-editor/`.
 */
export default function WriteBlog() {
  const posts = useAllPosts();
  const [params, setParams] = useSearchParams();
  const editId = params.get("edit");
  const [flash, setFlash] = useState<string | null>(null);
  // The editor changes the URL itself after creating or renaming a post; that must not remount it.
  const own = useRef<string | null>(null);
  const [session, setSession] = useState<{ key: number; slug: string | null }>({ key: 0, slug: editId });
  if (editId !== session.slug) {
    setSession({ key: editId === own.current ? session.key : session.key + 1, slug: editId });
  }
  const slug = editId === null || editId === "new" ? null : editId;
  const { record: post, deletedElsewhere } = useKeptRecord(slug, slug === null ? null : (posts.data.find((p) => p.id === slug) ?? null));

  const setEdit = (next: string | null, replace = false) => {
    setParams(
      (p) => {
        const params = new URLSearchParams(p);
        if (next === null) params.delete("edit");
        else params.set("edit", next);
        return params;
      },
      { replace },
    );
  };

  if (posts.status !== "ready") return <EditorLoadState title="Blog posts" live={posts} />;
  if (editId === null) {
    return (
      <PostList
        posts={posts.data}
        flash={flash}
        onOpen={(next) => {
          setFlash(null);
          setEdit(next);
        }}
      />
    );
  }
  if (slug !== null && !post) {
    return (
      <EditorMissing
        title="Blog posts"
        message={`There is no post with the slug “${slug}” (it may have been deleted or renamed).`}
        backLabel="Back to the posts"
        onBack={() => setEdit(null)}
      />
    );
  }
  return (
    <PostEditor
      key={session.key}
      post={post}
      deletedElsewhere={deletedElsewhere}
      allPosts={posts.data}
      onSaved={(saved) => {
        if (saved !== slug) {
          own.current = saved;
          setEdit(saved, true);
        }
      }}
      onClose={(message) => {
        setFlash(message ?? null);
        setEdit(null);
      }}
    />
  );
}
