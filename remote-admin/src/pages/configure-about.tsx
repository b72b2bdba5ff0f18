import { useCallback } from "react";
import { AboutFieldsSchema, Markdown, saveAbout, useAbout, type ImageRef } from "shared-content/admin";
import { FormGrid, MarkdownEditor, TextField, type FormState } from "../ui";
import { ImageField } from "../media/image-field";
import { SingleRecordForm } from "../editors/single-record-form";
import { formCodec, kept, optional, text, type FormValues } from "../lib/form-codec";

const aboutForm = formCodec({
  name: optional,
  headline: text,
  location: optional,
  avatarUrl: optional,
  avatarImage: kept<ImageRef>(),
  cvUrl: optional,
  bio: text,
});
type AboutForm = FormValues<typeof aboutForm>;

/** /admin-panel/configure-about: the about section of the home page. */
export default function ConfigureAbout() {
  const live = useAbout();
  const renderForm = useCallback((form: FormState<AboutForm>) => {
    const { field } = form;
    return (
      <>
        <TextField label="Your name" {...field("name")} maxLength={120} hint="Optional: shown in link previews and search results" />
        <TextField label="Headline" required {...field("headline")} maxLength={160} />
        <FormGrid>
          <TextField label="Location" {...field("location")} maxLength={100} hint="Optional" />
          <ImageField form={form} purpose="avatar" label="Avatar URL" urlKey="avatarUrl" imageKey="avatarImage" />
          <TextField label="CV URL" type="url" {...field("cvUrl")} hint="Optional, https://…" />
        </FormGrid>
        <MarkdownEditor
          label="Bio (markdown)"
          required
          {...field("bio")}
          rows={14}
          hint="The preview is rendered exactly as on the home page."
          renderPreview={(md) => <Markdown source={md} />}
        />
      </>
    );
  }, []);
  return (
    <SingleRecordForm
      title="About"
      description="The introduction at the top of the home page."
      live={live}
      schema={AboutFieldsSchema}
      toForm={aboutForm.toForm}
      toFields={aboutForm.toFields}
      save={saveAbout}
      renderForm={renderForm}
      what="your changes to the about section"
      keepAs="about"
      noun="about section"
      publicLink={{ href: "/", label: "View the home page" }}
    />
  );
}
