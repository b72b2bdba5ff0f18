import { useMemo, useRef, useState } from "react";
import { useSearchParams } from "shared-router";
import {
  BlogPostInputSchema,
  Markdown,
  deletePost,
  savePost,
  tagsOf,
  useAllPosts,
  validate,
  type BlogPost,
  type PostStatus,
  type WithId,
} from "shared-content/admin";
import {
  AdminPage,
  Button,
  FormActions,
  FormGrid,
  ImageUrlField,
  MarkdownEditor,
  Panel,
  SaveButton,
  SearchBox,
  SelectField,
  StatusMessage,
  TextAreaField,
  TextField,
  UnsavedChangesGuard,
  focusFirstInvalid,
  matchesSearch,
  useConfirm,
  useSaveState,
  type FieldErrors,
} from "../ui";
import { AutosavePrompt, clearAutosave, useAutosave } from "../editors/post-autosave";
import { PostPreviewButton } from "../editors/post-preview-button";
import { PostRevisions } from "../editors/post-revisions";
import { errorFor, mapErrorKeys } from "../lib/form-values";
import { formatDate, formatDateTime, postToForm, postToInput, readingTimeLabel, withTitle, type PostForm } from "../lib/post-form";
import { applyTagFixes, tagFixes, tagFixMessage } from "../lib/labels";
import { slugProblem } from "../lib/slug";
import { leaveForm, useLeaveWhenClean, useRecordForm } from "../lib/use-record-form";
import { describeWriteError } from "../lib/write-errors";
import styles from "./write-blog.module.css";

type Filter = "all" | "published" | "draft";

/** /admin-panel/write-blog: the posts (`?edit=<slug>` or `?edit=new` opens the editor). */
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

  const setEdit = (slug: string | null, replace = false) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (slug === null) next.delete("edit");
        else next.set("edit", slug);
        return next;
      },
      { replace },
    );
  };

  if (posts.status === "loading") {
    return (
      <AdminPage title="Blog posts">
        <p role="status">Loading posts…</p>
      </AdminPage>
    );
  }
  if (posts.status === "error") {
    return (
      <AdminPage title="Blog posts">
        <StatusMessage kind="error" action={<Button onClick={posts.retry}>Retry</Button>}>
          Could not load the posts: {posts.error?.message}
        </StatusMessage>
      </AdminPage>
    );
  }

  if (editId !== null) {
    const slug = editId === "new" ? null : editId;
    const post = slug === null ? null : (posts.data.find((p) => p.id === slug) ?? null);
    if (slug !== null && !post) {
      return (
        <AdminPage title="Blog posts">
          <StatusMessage kind="warning" action={<Button onClick={() => setEdit(null)}>Back to the posts</Button>}>
            There is no post with the slug “{slug}” (it may have been deleted or renamed).
          </StatusMessage>
        </AdminPage>
      );
    }
    return (
      <PostEditor
        key={session.key}
        post={post}
        allPosts={posts.data}
        onSaved={(newSlug) => {
          if (newSlug !== slug) {
            own.current = newSlug;
            setEdit(newSlug, true);
          }
        }}
        onClose={(message) => {
          setFlash(message ?? null);
          setEdit(null);
        }}
      />
    );
  }

  return (
    <PostList
      posts={posts.data}
      flash={flash}
      onOpen={(slug) => {
        setFlash(null);
        setEdit(slug);
      }}
    />
  );
}

function PostList({ posts, flash, onOpen }: { posts: WithId<BlogPost>[]; flash: string | null; onOpen: (slug: string) => void }) {
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
                  Created {formatDate(p.createdAt)} · updated {formatDate(p.updatedAt)}
                  {p.publishedAt !== undefined ? ` · first published ${formatDate(p.publishedAt)}` : ""}
                </p>
              </div>
              <div className={styles.postActions}>
                <Button size="small" onClick={() => onOpen(p.id)} aria-label={`Edit “${p.title}”`}>
                  Edit
                </Button>
                {p.status === "published" ? (
                  <a className={styles.viewLink} href={`/blogs/${p.id}`} target="_blank" rel="noopener">
                    View<span className={styles.srOnly}> “{p.title}” on the site (opens in a new tab)</span>
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

interface PostEditorProps {
  post: WithId<BlogPost> | null;
  allPosts: WithId<BlogPost>[];
  onSaved: (slug: string) => void;
  onClose: (message?: string) => void;
}

function PostEditor({ post, allPosts, onSaved, onClose }: PostEditorProps) {
  const save = useSaveState(describeWriteError);
  const { confirm, dialog } = useConfirm();
  const [action, setAction] = useState<"draft" | "publish" | "unpublish" | "delete" | null>(null);
  // The slug follows the title for a new post until the author edits the slug.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [loadedSlug, setLoadedSlug] = useState<string | null>(post?.id ?? null);
  const status: PostStatus = post?.status ?? "draft";

  const taken = useMemo(() => new Set(allPosts.map((p) => p.id).filter((id) => id !== loadedSlug)), [allPosts, loadedSlug]);
  // Tags of the other posts, most used first: this post may change the case of a tag only it uses.
  const otherTags = useMemo(() => tagsOf(allPosts.filter((p) => p.id !== loadedSlug)), [allPosts, loadedSlug]);
  const check = (values: PostForm): FieldErrors => {
    const result = validate(BlogPostInputSchema, postToInput(values, "draft"));
    const errors = result.ok ? {} : mapErrorKeys(result.errors, {});
    const problem = slugProblem(values.slug.trim(), taken);
    if (problem && !errors.slug) errors.slug = problem;
    const tagProblem = tagFixMessage(tagFixes(values.tags, otherTags));
    if (tagProblem && !errorFor(errors, "tags")) errors.tags = tagProblem;
    return errors;
  };
  const form = useRecordForm<WithId<BlogPost>, PostForm>({
    record: post,
    toForm: postToForm,
    validate: check,
    saving: save.status === "saving",
    onEdited: save.clearSaved,
  });
  const { values, set, setValues, errors } = form;
  const leaveWhenClean = useLeaveWhenClean(form.dirty);

  const write = async (nextStatus: PostStatus, kind: "draft" | "publish" | "unpublish", formEl: HTMLFormElement | null) => {
    if (!form.validateAll()) {
      focusFirstInvalid(formEl);
      return;
    }
    setAction(kind);
    const input = postToInput(values, nextStatus);
    const ok = await save.run(() => savePost(input, loadedSlug === null ? null : form.baseRev, loadedSlug !== null ? { previousSlug: loadedSlug } : {}));
    if (ok) {
      form.reset(values);
      // The edits are in the database now: nothing to keep in this browser.
      clearAutosave(loadedSlug);
      clearAutosave(input.slug);
      setLoadedSlug(input.slug);
      setSlugEdited(true);
      onSaved(input.slug);
    }
  };

  const remove = async () => {
    if (!post) return;
    const ok = await confirm({
      title: "Delete this post?",
      message: `Delete the post “${post.title}” (/blogs/${post.id})${post.status === "published" ? ", which is published," : ""}? This cannot be undone.`,
      confirmLabel: "Delete post",
    });
    if (!ok) return;
    setAction("delete");
    const done = await save.run(() => deletePost(loadedSlug ?? post.id));
    if (done) clearAutosave(loadedSlug);
    if (done) {
      form.reset(values);
      onClose(`Deleted the post “${post.title}”.`);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  const knownTags = useMemo(() => tagsOf(allPosts), [allPosts]);
  const fixes = errorFor(errors, "tags") ? tagFixes(values.tags, otherTags) : [];
  const published = status === "published";
  const busy = save.status === "saving";
  useAutosave(loadedSlug, values, form.dirty, form.baseRev, busy);
  const [restored, setRestored] = useState<string | null>(null);
  const restoreVersion = async (version: WithId<BlogPost>) => {
    const when = formatDateTime(version.updatedAt);
    if (form.dirty) {
      const ok = await confirm({
        title: "Replace your unsaved changes?",
        message: `Load the version from ${when} into the form? Your unsaved changes to this post are replaced.`,
        confirmLabel: "Load this version",
        cancelLabel: "Keep my changes",
      });
      if (!ok) return;
    }
    setValues(postToForm({ ...version, id: loadedSlug ?? version.id }));
    setRestored(`Loaded the version from ${when} into the form: review it, then save to keep it.`);
  };
  const discardEdits = () => {
    clearAutosave(loadedSlug);
    form.loadLatest();
  };
  const saveLabel = published ? "Save changes" : "Save draft";
  const statusFor = (kind: typeof action) => (action === kind ? save.status : "idle");
  const heading = post ? `Edit post: ${post.title}` : "New post";

  return (
    <AdminPage
      title={heading}
      description={
        <>
          Status: <strong>{published ? "Published" : "Draft (visible only to administrators)"}</strong>
          {post ? ` · created ${formatDate(post.createdAt)} · updated ${formatDate(post.updatedAt)}` : ""}
          {post?.publishedAt !== undefined ? ` · first published ${formatDate(post.publishedAt)}` : ""}
        </>
      }
      actions={<Button onClick={() => void leaveForm(form.dirty, confirm, discardEdits, () => leaveWhenClean(() => onClose()))}>Back to the posts</Button>}
    >
      {dialog}
      <AutosavePrompt slug={loadedSlug} current={values} rev={post?.rev ?? null} onRestore={setValues} />
      <UnsavedChangesGuard when={form.dirty && !busy} what="your changes to this post" />
      {form.changedElsewhere ? (
        <StatusMessage kind="warning" action={<Button onClick={form.loadLatest}>Load the newer version (discard my edits)</Button>}>
          This post was changed elsewhere while you were editing. Saving now would be refused so that the newer change is not overwritten.
        </StatusMessage>
      ) : null}
      {save.status === "error" && save.error ? <StatusMessage kind="error">{save.error}</StatusMessage> : null}
      {save.status === "saved" && action !== "delete" ? (
        <StatusMessage kind="success">
          {action === "publish" ? "Published. " : action === "unpublish" ? "Unpublished: the post is a draft again and no longer on the site. " : "Saved. "}
          {published && action !== "unpublish" ? (
            <a href={`/blogs/${loadedSlug}`} target="_blank" rel="noopener">
              View it on the site (opens in a new tab)
            </a>
          ) : null}
        </StatusMessage>
      ) : null}
      <form
        ref={formRef}
        noValidate
        aria-label={heading}
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void write(status, "draft", e.currentTarget);
        }}
      >
        <Panel title="Details">
          <FormGrid>
            <TextField
              label="Title"
              required
              value={values.title}
              onChange={(v) => setValues((f) => withTitle(f, v, slugEdited))}
              error={errors.title}
              maxLength={160}
            />
            <TextField
              label="Slug"
              required
              value={values.slug}
              onChange={(v) => {
                setSlugEdited(true);
                set("slug", v);
              }}
              error={errors.slug ?? (form.values.title && !slugEdited ? form.allErrors.slug : undefined)}
              hint={
                <>
                  The address: /blogs/{values.slug || "…"}
                  {slugEdited ? "" : " (follows the title until you edit it)"}
                  {post?.status === "published" && values.slug !== loadedSlug ? ". Changing it breaks links to the old address." : ""}
                </>
              }
              maxLength={80}
            />
            <TextField
              label="Tags"
              value={values.tags}
              onChange={(v) => set("tags", v)}
              error={errorFor(errors, "tags")}
              hint={`Comma separated${knownTags.length ? `; used so far: ${knownTags.slice(0, 8).join(", ")}` : ""}`}
              action={
                fixes.length > 0 ? (
                  <Button size="small" onClick={() => set("tags", applyTagFixes(values.tags, fixes))}>
                    {fixes.length === 1 ? `Use “${fixes[0]?.use}”` : "Use the existing spellings"}
                  </Button>
                ) : undefined
              }
            />
            <ImageUrlField label="Cover image URL" value={values.coverUrl} onChange={(v) => set("coverUrl", v)} error={errors.coverUrl} />
          </FormGrid>
          <TextAreaField
            label="Summary"
            required
            value={values.summary}
            onChange={(v) => set("summary", v)}
            error={errors.summary}
            rows={3}
            maxLength={400}
            hint="Shown in the post list and as the page description; up to 400 characters."
          />
        </Panel>
        <Panel title="Body">
          <p className={styles.muted} aria-live="polite">
            Reading time: {readingTimeLabel(values.body)}
          </p>
          <MarkdownEditor
            label="Body (markdown)"
            required
            value={values.body}
            onChange={(v) => set("body", v)}
            error={errors.body}
            rows={24}
            renderPreview={(md) => <Markdown source={md} />}
          />
        </Panel>
        {post && loadedSlug ? <PostRevisions slug={loadedSlug} current={post} onRestore={(v) => void restoreVersion(v)} /> : null}
        {restored ? <StatusMessage kind="info">{restored}</StatusMessage> : null}
        <div className={styles.actionBar}>
          <FormActions>
            <SaveButton type="submit" status={statusFor("draft")} label={saveLabel} busyLabel="Saving…" successText="" disabled={busy} />
            {published ? (
              <SaveButton
                variant="secondary"
                status={statusFor("unpublish")}
                label="Unpublish"
                busyLabel="Unpublishing…"
                successText=""
                disabled={busy}
                onClick={() => void write("draft", "unpublish", formRef.current)}
              />
            ) : (
              <SaveButton
                status={statusFor("publish")}
                label="Publish"
                busyLabel="Publishing…"
                successText=""
                disabled={busy}
                onClick={() => void write("published", "publish", formRef.current)}
              />
            )}
            <PostPreviewButton values={values} publishedAt={post?.publishedAt} />
            {post ? (
              <Button variant="danger" disabled={busy} onClick={() => void remove()}>
                Delete post
              </Button>
            ) : null}
          </FormActions>
        </div>
      </form>
    </AdminPage>
  );
}
