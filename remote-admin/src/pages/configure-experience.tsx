import { useCallback } from "react";
import { Markdown, useExperience, type CreateFields, type Experience, type WithId } from "shared-content/admin";
import { visuallyHidden } from "shared-ui";
import { Button, CheckboxField, FormGrid, ListFieldset, MarkdownEditor, TextAreaField, TextField, moveItem, type FormState, errorFor } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { joinList, optionalText, splitList } from "../lib/form-values";
import items from "./list-item.module.css";
import styles from "./configure-experience.module.css";

interface ProjectForm {
  key: string;
  name: string;
  description: string;
  technologies: string;
}

interface ExperienceForm {
  company: string;
  companyUrl: string;
  role: string;
  location: string;
  start: string;
  end: string;
  current: boolean;
  summary: string;
  projects: ProjectForm[];
}

let keySeq = 0;
const newKey = () => `p${++keySeq}`;

export function experienceToForm(r: WithId<Experience> | null): ExperienceForm {
  return {
    company: r?.company ?? "",
    companyUrl: r?.companyUrl ?? "",
    role: r?.role ?? "",
    location: r?.location ?? "",
    start: r?.start ?? "",
    end: r?.end ?? "",
    current: r ? r.end === undefined : false,
    summary: r?.summary ?? "",
    projects: (r?.projects ?? []).map((p) => ({ key: newKey(), name: p.name, description: p.description ?? "", technologies: joinList(p.technologies) })),
  };
}

export function experienceToFields(f: ExperienceForm): CreateFields<"experience"> {
  return {
    company: f.company.trim(),
    companyUrl: optionalText(f.companyUrl),
    role: f.role.trim(),
    location: optionalText(f.location),
    start: f.start.trim(),
    end: f.current ? undefined : f.end.trim(),
    summary: optionalText(f.summary),
    projects: f.projects.map((p) => ({ name: p.name.trim(), description: optionalText(p.description), technologies: splitList(p.technologies) })),
  };
}

const period = (r: Experience) => `${r.start} – ${r.end ?? "present"}`;

/** /admin-panel/configure-experience */
export default function ConfigureExperience() {
  const live = useExperience();
  const renderForm = useCallback((form: FormState<ExperienceForm>) => <ExperienceFields form={form} />, []);
  return (
    <CollectionEditor
      kind="experience"
      title="Experience"
      description="Positions shown as a timeline on the home page, with their projects and technologies."
      noun="experience entry"
      live={live}
      reorderable
      toForm={experienceToForm}
      toFields={experienceToFields}
      renderForm={renderForm}
      itemLabel={(r) => `${r.role} at ${r.company}`}
      renderItem={(r) => (
        <div>
          <div className={items.title}>
            {r.role} · {r.company}
          </div>
          <div className={items.meta}>
            {period(r)}
            {r.location ? ` · ${r.location}` : ""} · {r.projects.length} {r.projects.length === 1 ? "project" : "projects"}
          </div>
        </div>
      )}
    />
  );
}

function ExperienceFields({ form }: { form: FormState<ExperienceForm> }) {
  const { values, set, errors, field } = form;
  // A missing "end" reads as "present", so the end-before-start check has its own message key.
  const endError = errors.end ?? (errors[""] && !values.current ? errors[""] : undefined);
  const setProject = (index: number, patch: Partial<ProjectForm>) =>
    set(
      "projects",
      values.projects.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    );
  return (
    <>
      <FormGrid>
        <TextField label="Role" required {...field("role")} maxLength={120} />
        <TextField label="Company" required {...field("company")} maxLength={120} />
        <TextField label="Company website" type="url" {...field("companyUrl")} hint="Optional, starting with https://" />
        <TextField label="Location" {...field("location")} maxLength={100} />
        <TextField label="Start month" required type="month" placeholder="YYYY-MM" {...field("start")} />
        <div className={styles.endGroup}>
          <TextField
            label="End month"
            type="month"
            placeholder="YYYY-MM"
            value={values.current ? "" : values.end}
            disabled={values.current}
            onChange={(v) => set("end", v)}
            error={endError}
          />
          <CheckboxField label="I work here now (no end month)" checked={values.current} onChange={(c) => set("current", c)} />
        </div>
      </FormGrid>
      <MarkdownEditor label="Summary (markdown)" {...field("summary")} rows={8} renderPreview={(md) => <Markdown source={md} />} />
      <ListFieldset
        legend="Projects in this position"
        items={values.projects}
        empty={<p className={items.meta}>No projects yet.</p>}
        rowClassName={styles.project}
        renderRow={(p, i) => (
          <>
            <FormGrid>
              <TextField
                label={`Project ${i + 1} name`}
                required
                value={p.name}
                onChange={(v) => setProject(i, { name: v })}
                error={errors[`projects.${i}.name`]}
              />
              <TextField
                label={`Project ${i + 1} technologies`}
                value={p.technologies}
                onChange={(v) => setProject(i, { technologies: v })}
                error={errorFor(errors, `projects.${i}.technologies`)}
                hint="Comma separated, e.g. React, TypeScript"
              />
            </FormGrid>
            <TextAreaField
              label={`Project ${i + 1} description`}
              value={p.description}
              onChange={(v) => setProject(i, { description: v })}
              error={errors[`projects.${i}.description`]}
              rows={2}
              maxLength={400}
            />
            <div className={styles.projectActions}>
              {/* The name starts with the visible words (label in name): "Move up project 2". */}
              <Button size="small" disabled={i === 0} onClick={() => set("projects", moveItem(values.projects, i, i - 1))}>
                Move up<span className={visuallyHidden}> project {i + 1}</span>
              </Button>
              <Button size="small" disabled={i === values.projects.length - 1} onClick={() => set("projects", moveItem(values.projects, i, i + 1))}>
                Move down<span className={visuallyHidden}> project {i + 1}</span>
              </Button>
              <Button
                size="small"
                variant="danger"
                onClick={() =>
                  set(
                    "projects",
                    values.projects.filter((_, j) => j !== i),
                  )
                }
                aria-label={`Remove project ${i + 1}${p.name ? ` “${p.name}”` : ""}`}
              >
                Remove project
              </Button>
            </div>
          </>
        )}
        error={errors.projects}
        addLabel="Add project"
        onAdd={() => set("projects", [...values.projects, { key: newKey(), name: "", description: "", technologies: "" }])}
      />
    </>
  );
}
