import { useMemo, useRef, useState } from "react";
import { BlogPostInputSchema, deletePost, postUrl, savePost, tagsOf, validate, type BlogPost, type PostStatus, type WithId } from "shared-content/admin";
import { AdminPage, Button, StatusMessage, useConfirm, type FieldErrors, errorFor } from "../ui";
import { mapErrorKeys } from "../lib/form-values";
import { tagFixes, tagFixMessage } from "../lib/labels";
import { slugProblem } from "../lib/slug";
import { leaveForm, useLeaveWhenClean } from "../lib/use-record-form";
import { ConflictNotice, EditorNotices } from "../editors/editor-notices";
import { useRecordEditor, type RecordEditor } from "../editors/use-record-editor";
import { clearKeptSaveIfSent } from "../editors/kept-save";
import { PendingPicturesProvider, PictureSending } from "../media/pending-pictures";
import { AutosavePrompt, autosaveKey, clearAutosave, useAutosave } from "./post-autosave";
import { PostActionBar, PostSavedMessage, PostStatusLine, type PostAction } from "./post-action-bar";
import { PostFields } from "./post-fields";
import { POST_FIELD_LABELS, postToForm, postToInput, seriesErrors, type PostForm } from "./post-form";
import { PostMail } from "./post-mail";
import { PostRevisions, loadVersionInto } from "./post-revisions";
import { PostSchedule, type LandedPost } from "./post-schedule";
import { PostSeriesFields } from "./post-series-fields";
import styles from "./blog-editor.module.css";

export interface PostEditorProps {
  /** The post being edited (the last one seen when it was deleted elsewhere), or null for a new one. */
  post: WithId<BlogPost> | null;
  deletedElsewhere: boolean;
  allPosts: WithId<BlogPost>[];
  /** A save landed under `slug` (the URL follows a new or renamed post). */
  onSaved: (slug: string) => void;
  onClose: (message?: string) => void;
}

/** The messages of the form's checks: the schema's, a taken or bad slug, a tag spelt two ways. */
function usePostChecks(allPosts: WithId<BlogPost>[], loadedSlug: string | null) {
  const taken = useMemo(() => new Set(allPosts.map((p) => p.id).filter((id) => id !== loadedSlug)), [allPosts, loadedSlug]);
  // Tags of the other posts, most used first: this post may change the case of a tag only it uses.
  const otherTags = useMemo(() => tagsOf(allPosts.filter((p) => p.id !== loadedSlug)), [allPosts, loadedSlug]);
  const check = (values: PostForm): FieldErrors => {
    const result = validate(BlogPostInputSchema, postToInput(values, "draft"));
    const errors = result.ok ? {} : mapErrorKeys(result.errors, {});
    const problem = slugProblem(values.slug.trim(), taken);
    if (problem && !errors.slug) errors.slug = problem;
    for (const [key, message] of Object.entries(seriesErrors(values))) errors[key] ??= message;
    const tagProblem = tagFixMessage(tagFixes(values.tags, otherTags));
    if (tagProblem && !errorFor(errors, "tags")) errors.tags = tagProblem;
    return errors;
  };
  return { check, otherTags };
}

interface WritesContext {
  editor: RecordEditor<PostForm>;
  formEl: React.RefObject<HTMLFormElement | null>;
  /** The slug the post is stored under (null until a new post's first save). */
  loadedSlug: string | null;
}

/** The post's writes: save (as draft or published), delete, and restoring an earlier version into the form. */
function usePostWrites({ post, editor, formEl, loadedSlug, onSaved, onClose }: Pick<PostEditorProps, "post" | "onSaved" | "onClose"> & WritesContext) {
  const { confirm, dialog } = useConfirm();
  const [action, setAction] = useState<PostAction | null>(null);
  const [restored, setRestored] = useState<string | null>(null);

  /** Saves the form as `nextStatus`; a new post (or one deleted elsewhere, `asNew`) is created. Resolves with what landed. */
  const write = async (nextStatus: PostStatus, kind: PostAction, asNew = false, overRev?: number): Promise<LandedPost | null> => {
    setAction(kind);
    const previousSlug = asNew ? null : loadedSlug;
    let landed: LandedPost | null = null;
    const ok = await editor.submit(
      async (values, baseRev) => {
        const rev = await savePost(postToInput(values, nextStatus), previousSlug === null ? null : baseRev, previousSlug !== null ? { previousSlug } : {});
        landed = { slug: values.slug.trim(), rev };
        return rev;
      },
      {
        formEl: formEl.current,
        baseRev: overRev,
        onLanded: (_rev, values) => {
          const slug = values.slug.trim();
          // The edits are in the database now: nothing to keep in this browser, but what was typed since.
          clearKeptSaveIfSent(autosaveKey(previousSlug), values);
          if (slug !== previousSlug) clearAutosave(slug);
          setRestored(null);
          onSaved(slug);
        },
      },
    );
    return ok ? landed : null;
  };

  const remove = async () => {
    if (!post) return;
    const ok = await confirm({
      title: "Delete this post?",
      message: `Delete the post “${post.title}” (${postUrl(post.id)})${post.status === "published" ? ", which is published," : ""}? This cannot be undone.`,
      confirmLabel: "Delete post",
    });
    if (!ok) return;
    setAction("delete");
    await editor.submit(() => deletePost(loadedSlug ?? post.id), {
      unchecked: true,
      onLanded: () => {
        clearAutosave(loadedSlug);
        onClose(`Deleted the post “${post.title}”.`);
      },
    });
  };

  const restoreVersion = async (version: WithId<BlogPost>) => {
    const message = await loadVersionInto(editor.form, version, loadedSlug, confirm);
    if (message) setRestored(message);
  };
  return { dialog, confirm, action, restored, write, remove, restoreVersion };
}

/** One post's editor: details, body, schedule, earlier versions, autosave, preview, and the save sequence. */
export function PostEditor({ post, deletedElsewhere, allPosts, onSaved, onClose }: PostEditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // The slug follows the title for a new post until the author edits the slug (or it is saved).
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [loadedSlug, setLoadedSlug] = useState<string | null>(post?.id ?? null);
  const status: PostStatus = post?.status ?? "draft";
  const { check, otherTags } = usePostChecks(allPosts, loadedSlug);
  const editor = useRecordEditor<WithId<BlogPost>, PostForm>({
    record: post,
    deletedElsewhere,
    toForm: postToForm,
    validate: check,
    keepKey: autosaveKey(loadedSlug),
  });
  const writes = usePostWrites({
    post,
    editor,
    formEl: formRef,
    loadedSlug,
    onSaved: (slug) => {
      setLoadedSlug(slug);
      setSlugEdited(true);
      onSaved(slug);
    },
    onClose,
  });
  const { form, save } = editor;
  const { action, write } = writes;
  const leaveWhenClean = useLeaveWhenClean(form.dirty);
  useAutosave(loadedSlug, form.values, form.dirty, form.baseRev);
  const discardEdits = () => {
    clearAutosave(loadedSlug);
    form.loadLatest();
  };
  const published = status === "published" && !deletedElsewhere;
  const heading = post ? `Edit post: ${post.title}` : "New post";

  return (
    <AdminPage
      title={heading}
      description={<PostStatusLine post={post} published={published} />}
      actions={
        <Button onClick={() => void leaveForm(form.dirty, writes.confirm, discardEdits, () => leaveWhenClean(() => onClose()))}>Back to the posts</Button>
      }
    >
      {writes.dialog}
      <AutosavePrompt slug={loadedSlug} current={form.values} rev={post?.rev ?? null} onRestore={form.setValues} />
      <EditorNotices
        editor={editor}
        noun="post"
        what="your changes to this post"
        onSaveAsNew={deletedElsewhere ? () => void write("draft", "draft", true) : undefined}
        copyText={() => form.values.body}
      />
      {save.status === "saved" ? <PostSavedMessage action={action} published={published} slug={loadedSlug} /> : null}
      <form
        ref={formRef}
        noValidate
        aria-label={heading}
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void write(status, "draft");
        }}
      >
        <PendingPicturesProvider value={editor.pictures}>
          <PostFields
            form={form}
            post={post}
            loadedSlug={loadedSlug}
            allPosts={allPosts}
            otherTags={otherTags}
            slugEdited={slugEdited}
            onSlugEdited={() => setSlugEdited(true)}
          />
        </PendingPicturesProvider>
        <PostSeriesFields form={form} allPosts={allPosts} loadedSlug={loadedSlug} />
        {status === "draft" && !deletedElsewhere ? (
          <PostSchedule
            stored={post && loadedSlug ? { slug: loadedSlug, rev: post.rev, title: post.title } : null}
            dirty={form.dirty}
            saveDraft={() => write("draft", "draft")}
          />
        ) : null}
        {post && loadedSlug && !deletedElsewhere ? <PostRevisions slug={loadedSlug} current={post} onRestore={(v) => void writes.restoreVersion(v)} /> : null}
        {loadedSlug && !deletedElsewhere ? <PostMail slug={loadedSlug} /> : null}
        {writes.restored ? <StatusMessage kind="info">{writes.restored}</StatusMessage> : null}
        <PostActionBar
          save={save}
          error={editor.saveError}
          action={action}
          published={published}
          canDelete={post !== null && !deletedElsewhere}
          values={form.values}
          publishedAt={post?.publishedAt}
          onPublish={() => void write("published", "publish")}
          onUnpublish={() => void write("draft", "unpublish")}
          onDelete={() => void writes.remove()}
          sending={<PictureSending pictures={editor.pictures} />}
          notice={
            <ConflictNotice
              editor={editor}
              noun="post"
              onLoadLatest={discardEdits}
              onKeepMine={(rev) => void write(status, "draft", false, rev)}
              keptWhere="this post's earlier versions"
              labels={POST_FIELD_LABELS}
              copyText={() => form.values.body}
            />
          }
        />
      </form>
    </AdminPage>
  );
}
