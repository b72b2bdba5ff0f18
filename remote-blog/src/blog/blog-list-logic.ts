import type { PostSummary } from "../ui/types";

export function newestFirst<T extends PostSummary>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.publishedAt - a.publishedAt || a.id.localeCompare(b.id));
}

/** Tags with how many posts carry them, most used first. */
export function tagCounts(posts: readonly PostSummary[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of posts) for (const t of new Set(p.tags ?? [])) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

export function withTag<T extends PostSummary>(posts: readonly T[], tag: string | null): T[] {
  if (!tag) return [...posts];
  const wanted = tag.toLowerCase();
  return posts.filter((p) => (p.tags ?? []).some((t) => t.toLowerCase() === wanted));
}
