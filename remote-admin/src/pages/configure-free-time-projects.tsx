import { useCallback } from "react";
import { Markdown, useProjects, type ImageRef } from "shared-content/admin";
import { FormGrid, MarkdownEditor, TextField, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { ImageField } from "../media/image-field";
import { formCodec, kept, list, optional, text, type FormValues } from "../lib/form-codec";
import styles from "./list-item.module.css";

const projectForm = formCodec({
  title: text,
  summary: text,
  sourceUrl: optional,
  liveUrl: optional,
  imageUrl: optional,
  image: kept<ImageRef>(),
  technologies: list,
  date: text,
});
type ProjectForm = FormValues<typeof projectForm>;

/** /admin-panel/configure-free-time-projects */
export default function ConfigureFreeTimeProjects() {
  const live = useProjects();
  const renderForm = useCallback((form: FormState<ProjectForm>) => {
    const { field } = form;
    return (
      <>
        <FormGrid>
          <TextField label="Title" required {...field("title")} maxLength={120} />
          <TextField label="Month" required type="month" placeholder="YYYY-MM" {...field("date")} />
          <TextField label="Source code URL" type="url" {...field("sourceUrl")} hint="Optional" />
          <TextField label="Live site URL" type="url" {...field("liveUrl")} hint="Optional" />
          <ImageField form={form} purpose="project" label="Image URL" urlKey="imageUrl" imageKey="image" />
          <TextField label="Technologies" {...field("technologies")} hint="Comma separated" />
        </FormGrid>
        <MarkdownEditor label="Summary (markdown)" required {...field("summary")} rows={8} renderPreview={(md) => <Markdown source={md} />} />
      </>
    );
  }, []);
  return (
    <CollectionEditor
      kind="projects"
      title="Free-time projects"
      description="Side projects shown on the home page, in this order."
      noun="project"
      live={live}
      reorderable
      toForm={projectForm.toForm}
      toFields={projectForm.toFields}
      renderForm={renderForm}
      itemLabel={(p) => p.title}
      renderItem={(p) => (
        <div>
          <div className={styles.title}>{p.title}</div>
          <p className={styles.meta}>
            {p.date}
            {p.technologies.length ? ` · ${p.technologies.join(", ")}` : ""}
          </p>
        </div>
      )}
    />
  );
}
