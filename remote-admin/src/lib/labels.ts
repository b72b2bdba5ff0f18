// Near-duplicate labels: a skill category or post tag typed in another case than one
// in use ("languages" beside "Languages") would show twice on the site. The comparison itself is
// shared-content's `existingSpelling`; this file words the messages and the suggested fix.
import { existingSpelling, normaliseTag, sameLabel, type Skill, type WithId } from "shared-content/admin";
import { joinList, splitList } from "./form-values";

export interface SpellingFix {
  message: string;
  /** The spelling already in use, offered instead of the typed one. */
  use: string;
}

/** Categories of the skills other than `exceptId`, most used first (ties: in display order). */
export function skillCategories(skills: readonly WithId<Skill>[], exceptId?: string): string[] {
  const counts = new Map<string, number>();
  for (const s of [...skills].sort((a, b) => a.order - b.order)) {
    if (s.id !== exceptId) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
}

/** A category typed differently from one in use: refuse it and offer the existing spelling. */
export function categoryFix(category: string, known: readonly string[]): SpellingFix | undefined {
  const typed = category.trim();
  const match = existingSpelling(typed, known);
  if (match === undefined || match === typed) return undefined;
  return { message: `A category “${match}” already exists — use it.`, use: match };
}

/** A skill with the same name (in any case) already in the same category. */
export function duplicateSkill(name: string, category: string, skills: readonly WithId<Skill>[], exceptId?: string): string | undefined {
  const twin = skills.find((s) => s.id !== exceptId && sameLabel(s.name, name) && sameLabel(s.category, category));
  return twin ? `“${twin.name}” is already in “${twin.category}”.` : undefined;
}

/**
 * Tags in a comma-separated field that repeat a tag in use with another spelling. Case alone
 * does not count: every tag is saved in lower case (normaliseTag).
 */
export function tagFixes(tagsText: string, known: readonly string[]): { typed: string; use: string }[] {
  return splitList(tagsText).flatMap((typed) => {
    const use = existingSpelling(typed, known);
    return use !== undefined && normaliseTag(use) !== normaliseTag(typed) ? [{ typed, use }] : [];
  });
}

export function tagFixMessage(fixes: readonly { typed: string; use: string }[]): string | undefined {
  const [first] = fixes;
  if (!first) return undefined;
  if (fixes.length === 1) return `The tag “${first.typed}” already exists as “${first.use}” — use it.`;
  return `These tags already exist with another spelling — use ${fixes.map((f) => `“${f.use}” for “${f.typed}”`).join(", ")}.`;
}

/** The tags field with every near-duplicate replaced by the spelling in use. */
export function applyTagFixes(tagsText: string, fixes: readonly { typed: string; use: string }[]): string {
  const replace = new Map(fixes.map((f) => [f.typed, f.use]));
  return joinList(splitList(tagsText).map((t) => replace.get(t) ?? t));
}
