import { compareCodeUnits, matchesSearch } from "shared-content";
import type { PostSummary } from "../ui/types";

export function newestFirst<T extends PostSummary>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.publishedAt - a.publishedAt || compareCodeUnits(a.id, b.id));
}

/** Tags with how many posts carry them, most used first. */
export function tagCounts(posts: readonly PostSummary[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of posts) for (const t of new Set(p.tags ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || compareCodeUnits(a.tag, b.tag));
}

export function withTag<T extends PostSummary>(posts: readonly T[], tag: string | null): T[] {
  if (!tag) return [...posts];
  const wanted = tag.toLowerCase();
  return posts.filter((p) => (p.tags ?? []).some((t) => t.toLowerCase() === wanted));
}

/** Posts whose title, summary or tags hold every word of `query` (case and accents ignored). */
export function matchingQuery<T extends PostSummary>(posts: readonly T[], query: string): T[] {
  return posts.filter((p) => matchesSearch(query, [p.title, p.summary, ...(p.tags ?? [])]));
}

/** The posts around `slug` in publication order, and up to `max` others that share its tags. */
export function neighbours<T extends PostSummary>(posts: readonly T[], slug: string, max = 3): { newer: T | null; older: T | null; related: T[] } {
  const ordered = newestFirst(posts);
  const at = ordered.findIndex((p) => p.id === slug);
  if (at < 0) return { newer: null, older: null, related: [] };
  const own = new Set((ordered[at]!.tags ?? []).map((t) => t.toLowerCase()));
  const related = ordered
    .filter((p) => p.id !== slug)
    .map((p) => ({ p, shared: (p.tags ?? []).filter((t) => own.has(t.toLowerCase())).length }))
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.p.publishedAt - a.p.publishedAt)
    .slice(0, max)
    .map((x) => x.p);
  return { newer: ordered[at - 1] ?? null, older: ordered[at + 1] ?? null, related };
}
