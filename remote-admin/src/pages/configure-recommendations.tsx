import { useCallback } from "react";
import { useRecommendations } from "shared-content/admin";
import { FormGrid, ImageUrlField, TextAreaField, TextField, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { LinksEditor, links } from "../editors/links-editor";
import { formCodec, optional, startingAt, text, type FormValues } from "../lib/form-codec";
import items from "./list-item.module.css";
import { ModerationQueue } from "./moderation-queue";

const recommendationForm = formCodec({
  fullName: text,
  role: text,
  relationship: text,
  text,
  avatarUrl: optional,
  links,
  date: startingAt(text, () => new Date().toISOString().slice(0, 10)),
});
type RecommendationForm = FormValues<typeof recommendationForm>;

/** /admin-panel/configure-recommendations: the moderation queue, then the published list. */
export default function ConfigureRecommendations() {
  const live = useRecommendations();
  const renderForm = useCallback((form: FormState<RecommendationForm>) => {
    const { values, set, errors, field } = form;
    return (
      <>
        <FormGrid>
          <TextField label="Full name" required {...field("fullName")} maxLength={80} />
          <TextField label="Role" required {...field("role")} maxLength={120} hint="E.g. Engineering manager at Acme" />
          <TextField label="Relationship" required {...field("relationship")} maxLength={120} hint="E.g. Managed me for two years" />
          <TextField label="Date" required type="date" {...field("date")} />
          <ImageUrlField label="Avatar URL" {...field("avatarUrl")} />
        </FormGrid>
        <TextAreaField label="Recommendation" required {...field("text")} rows={8} maxLength={3000} hint="20 to 3000 characters." />
        <LinksEditor legend="Links" name="links" links={values.links} onChange={(links) => set("links", links)} errors={errors} />
      </>
    );
  }, []);
  return (
    <CollectionEditor
      kind="recommendations"
      title="Recommendations"
      description="Approve or reject what visitors submitted, and edit the recommendations shown on the home page."
      noun="recommendation"
      live={live}
      reorderable
      before={<ModerationQueue />}
      toForm={recommendationForm.toForm}
      toFields={recommendationForm.toFields}
      renderForm={renderForm}
      itemLabel={(r) => r.fullName}
      searchFields={(r) => [r.fullName, r.role, r.relationship, r.text]}
      renderItem={(r) => (
        <div>
          <div className={items.title}>{r.fullName}</div>
          <p className={items.meta}>
            {r.role} · {r.relationship} · {r.date}
          </p>
          <p className={`${items.text} ${items.clamp}`}>{r.text}</p>
        </div>
      )}
    />
  );
}
