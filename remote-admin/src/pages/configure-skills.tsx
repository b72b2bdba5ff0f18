import { useCallback, useMemo } from "react";
import { useSkills, type Skill, type WithId } from "shared-content/admin";
import { FormGrid, TextField, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { CategoryPanel } from "../editors/category-panel";
import styles from "./list-item.module.css";

interface SkillForm {
  name: string;
  category: string;
}

export const skillToForm = (r: WithId<Skill> | null): SkillForm => ({ name: r?.name ?? "", category: r?.category ?? "" });
export const skillToFields = (f: SkillForm) => ({ name: f.name.trim(), category: f.category.trim() });

/** /admin-panel/configure-skills: skills grouped by category, reorderable within a category. */
export default function ConfigureSkills() {
  const live = useSkills();
  const categories = useMemo(() => [...new Set(live.data.map((s) => s.category))].sort((a, b) => a.localeCompare(b)), [live.data]);
  const renderForm = useCallback(
    (form: FormState<SkillForm>) => (
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
        />
        <datalist id="skill-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </FormGrid>
    ),
    [categories],
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
      itemLabel={(s) => s.name}
      searchFields={(s) => [s.name, s.category]}
      renderItem={(s) => <span className={styles.title}>{s.name}</span>}
    />
  );
}
