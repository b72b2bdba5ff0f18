import { compareNames } from "shared-content";
import type { LoadState } from "shared-ui";
import { AsyncSection } from "../ui/async-section";
import type { Skill } from "./types";
import chips from "../ui/chips.module.css";
import styles from "./skills-section.module.css";

export interface SkillGroup {
  category: string;
  skills: Skill[];
}

/** Categories in the order of their first (lowest-order) skill; skills by order, then name. */
export function groupSkills(skills: readonly Skill[]): SkillGroup[] {
  const sorted = [...skills].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || compareNames(a.name, b.name));
  const groups = new Map<string, Skill[]>();
  for (const s of sorted) {
    const key = s.category.trim() || "Other";
    const list = groups.get(key);
    if (list) list.push(s);
    else groups.set(key, [s]);
  }
  return [...groups].map(([category, list]) => ({ category, skills: list }));
}

export function SkillsSection({ state }: { state: LoadState<Skill[]> }) {
  return (
    <AsyncSection id="skills" title="Skills" state={state} isEmpty={(l) => l.length === 0} emptyText="No skills have been listed yet.">
      {(skills) => (
        <div className={styles.grid}>
          {groupSkills(skills).map((g) => (
            <div key={g.category} className={styles.group}>
              <h3 className={styles.category}>{g.category}</h3>
              <ul className={chips.chips}>
                {g.skills.map((s) => (
                  <li key={s.id} className={styles.skill}>
                    {s.name}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </AsyncSection>
  );
}
