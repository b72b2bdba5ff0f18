import { useDeferredValue, useMemo } from "react";
import { LIMITS, Markdown, tagsOf, type BlogPost, type WithId } from "shared-content/admin";
import { Button, FormGrid, MarkdownEditor, Panel, TextAreaField, TextField, errorFor } from "../ui";
import { applyTagFixes, tagFixes } from "../lib/labels";
import type { RecordForm } from "../lib/use-record-form";
import { coverAdvice, readingTimeLabel, withTitle, type PostForm } from "./post-form";
import { useBodyImages } from "../media/use-body-images";
import { ImageField } from "../media/image-field";
import styles from "./blog-editor.module.css";

export interface PostFieldsProps {
  form: RecordForm<PostForm>;
  post: WithId<BlogPost> | null;
  loadedSlug: string | null;
  allPosts: WithId<BlogPost>[];
  /** Tags of the other posts (the near-duplicate check offers their spelling). */
  otherTags: string[];
  slugEdited: boolean;
  onSlugEdited: () => void;
}

/** The post's fields: details (title, slug, tags, cover, summary) and the markdown body. */
export function PostFields({ form, post, loadedSlug, allPosts, otherTags, slugEdited, onSlugEdited }: PostFieldsProps) {
  const { values, set, setValues, errors, field } = form;
  const knownTags = useMemo(() => tagsOf(allPosts), [allPosts]);
  const fixes = errorFor(errors, "tags") ? tagFixes(values.tags, otherTags) : [];
  // Counting the words of a long body is work: done on a deferred copy, once per change.
  const body = useDeferredValue(values.body);
  const readingTime = useMemo(() => readingTimeLabel(body), [body]);
  const bodyImages = useBodyImages({ value: values.body, onChange: (v) => set("body", v), fieldKey: "body" });
  return (
    <>
      <Panel title="Details">
        <FormGrid>
          <TextField
            label="Title"
            required
            value={values.title}
            onChange={(v) => setValues((f) => withTitle(f, v, slugEdited))}
            error={errors.title}
            maxLength={LIMITS.headline.max}
          />
          <TextField
            label="Slug"
            required
            value={values.slug}
            onChange={(v) => {
              onSlugEdited();
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
            maxLength={LIMITS.slug.max}
          />
          <TextField
            label="Tags"
            {...field("tags")}
            hint={`Comma separated${knownTags.length ? `; used so far: ${knownTags.slice(0, 8).join(", ")}` : ""}`}
            action={
              fixes.length > 0 ? (
                <Button size="small" onClick={() => set("tags", applyTagFixes(values.tags, fixes))}>
                  {fixes.length === 1 ? `Use “${fixes[0]?.use}”` : "Use the existing spellings"}
                </Button>
              ) : undefined
            }
          />
          <ImageField
            form={form}
            purpose="cover"
            label="Cover image URL"
            urlKey="coverUrl"
            imageKey="coverImage"
            advice={form.values.coverImage ? undefined : coverAdvice(form.values.coverUrl)}
          />
        </FormGrid>
        <TextAreaField
          label="Summary"
          required
          {...field("summary")}
          rows={3}
          maxLength={LIMITS.summary.max}
          hint="Shown in the post list and as the page description; up to 400 characters."
        />
      </Panel>
      <Panel title="Body">
        <p className={styles.muted} aria-live="polite">
          Reading time: {readingTime}
        </p>
        <MarkdownEditor
          label="Body (markdown)"
          required
          {...field("body")}
          rows={24}
          maxLength={LIMITS.postBody.max}
          toolbar={bodyImages.toolbar}
          sourceProps={bodyImages.sourceProps}
          renderPreview={(md) => <Markdown source={md} />}
        />
      </Panel>
    </>
  );
}
