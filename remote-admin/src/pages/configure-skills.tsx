import { useCallback, useMemo } from "react";
import { useSkills, type Skill, type WithId } from "shared-content/admin";
import { Button, FormGrid, TextField, type FieldErrors, type FormState } from "../ui";
import { categoryFix, duplicateSkill, skillCategories } from "../lib/labels";
import { CollectionEditor } from "../editors/collection-editor";
import { CategoryPanel } from "../editors/category-panel";
import styles from "./list-item.module.css";

interface SkillForm {
  name: string;
  category: string;
}

export const skillToForm = (r: WithId<Skill> | null): SkillForm => ({ name: r?.name ?? "", category: r?.category ?? "" });
export const skillToFields = (f: SkillForm) => ({ name: f.name.trim(), category: f.category.trim() });

/** One skill per name in a category, and one spelling per category (the home page shows one card each). */
function checkSkill(values: SkillForm, record: WithId<Skill> | null, skills: WithId<Skill>[]): FieldErrors {
  const errors: FieldErrors = {};
  const fix = categoryFix(values.category, skillCategories(skills, record?.id));
  if (fix) errors.category = fix.message;
  const twin = values.name.trim() ? duplicateSkill(values.name, values.category, skills, record?.id) : undefined;
  if (twin) errors.name = twin;
  return errors;
}

/** /admin-panel/configure-skills: skills grouped by category, reorderable within a category. */
export default function ConfigureSkills() {
  const live = useSkills();
  const categories = useMemo(() => [...new Set(live.data.map((s) => s.category))].sort((a, b) => a.localeCompare(b)), [live.data]);
  const renderForm = useCallback(
    (form: FormState<SkillForm>, record: WithId<Skill> | null) => {
      const fix = form.errors.category ? categoryFix(form.values.category, skillCategories(live.data, record?.id)) : undefined;
      return (
        <FormGrid>
          <TextField label="Skill" required value={form.values.name} onChange={(v) => form.set("name", v)} error={form.errors.name} maxLength={60} />
          <TextField
            label="Category"
            required
            list="skill-categories"
            value={form.values.category}
            onChange={(v) => form.set("category", v)}
            error={form.errors.category}
            maxLength={60}
            hint="Pick an existing category or type a new one."
            action={
              fix ? (
                <Button size="small" onClick={() => form.set("category", fix.use)}>
                  Use “{fix.use}”
                </Button>
              ) : undefined
            }
          />
          <datalist id="skill-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </FormGrid>
      );
    },
    [categories, live.data],
  );
  return (
    <CollectionEditor
      kind="skills"
      title="Skills"
      description={`Skills appear on the home page grouped by category (${categories.length} ${categories.length === 1 ? "category" : "categories"}). Categories show in the order of their first skill.`}
      noun="skill"
      live={live}
      reorderable
      groupBy={(s) => s.category}
      before={live.data.length > 0 ? <CategoryPanel skills={live.data} /> : undefined}
      toForm={skillToForm}
      toFields={skillToFields}
      renderForm={renderForm}
      checkAgainst={checkSkill}
      itemLabel={(s) => s.name}
      searchFields={(s) => [s.name, s.category]}
      renderItem={(s) => <span className={styles.title}>{s.name}</span>}
    />
  );
}
