import { useState } from "react";
import { updateRecord, type Skill, type WithId } from "shared-content/admin";
import { Button, Panel, SaveButton, StatusMessage, TextField, useSaveState } from "../ui";
import { categoryFix, skillCategories } from "../lib/labels";
import { describeWriteError } from "../lib/write-errors";
import styles from "./category-panel.module.css";

/** The skill categories with counts, and renaming one (every skill in it is updated). */
export function CategoryPanel({ skills }: { skills: WithId<Skill>[] }) {
  const counts = new Map<string, number>();
  for (const s of [...skills].sort((a, b) => a.order - b.order)) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const save = useSaveState(describeWriteError);
  const trimmed = name.trim();
  // Renaming to a category's exact spelling merges the two; another spelling of it would split the card.
  const fix = renaming === null ? undefined : categoryFix(trimmed, skillCategories(skills.filter((s) => s.category !== renaming)));
  const error =
    renaming === null ? undefined : !trimmed ? "Category is required" : trimmed.length > 60 ? "Category must be at most 60 characters" : fix?.message;

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (renaming === null || error) return;
    const from = renaming;
    const members = skills.filter((s) => s.category === from);
    const ok = await save.run(async () => {
      // One compare-and-set write per skill: a skill changed elsewhere meanwhile is refused.
      for (const s of members) await updateRecord("skills", s.id, { name: s.name, category: trimmed, order: s.order }, s.rev);
    });
    if (ok) {
      setDone(`Renamed “${from}” to “${trimmed}” (${members.length} ${members.length === 1 ? "skill" : "skills"}).`);
      setRenaming(null);
    }
  };

  return (
    <Panel title={`Categories (${counts.size})`}>
      {done ? <StatusMessage kind="success">{done}</StatusMessage> : null}
      <ul className={styles.list}>
        {[...counts.entries()].map(([category, count]) => (
          <li key={category} className={styles.item}>
            <span>
              {category} <span className={styles.count}>({count})</span>
            </span>
            <Button
              size="small"
              className={styles.rename}
              aria-label={`Rename the category “${category}”`}
              onClick={() => {
                setRenaming(category);
                setName(category);
                setDone(null);
                save.reset();
              }}
            >
              Rename
            </Button>
          </li>
        ))}
      </ul>
      {renaming !== null ? (
        <form className={styles.form} onSubmit={(e) => void rename(e)} noValidate aria-label={`Rename the category ${renaming}`}>
          <TextField
            label={`New name for “${renaming}”`}
            required
            value={name}
            onChange={setName}
            error={error}
            maxLength={60}
            autoFocus
            action={
              fix ? (
                <Button size="small" onClick={() => setName(fix.use)}>
                  Use “{fix.use}”
                </Button>
              ) : undefined
            }
          />
          <div className={styles.actions}>
            <SaveButton type="submit" status={save.status} error={save.error} label="Rename category" busyLabel="Renaming…" successText="" disabled={!!error} />
            <Button onClick={() => setRenaming(null)}>Cancel</Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}
