// The content the scale benchmarks grow: copies of the demo's posts, films and quotes under new
// keys and earlier dates (so lengths are realistic), written as the owner. The writes carry no
// change marks: a benchmark grows the content before it measures, never while a page is open.
import type { IndexEntry } from "./command";
import { ownerRead, ownerWrite } from "./local-stack";

const DAY = 86_400_000;
const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);

// The demo's records as this benchmark copies them (the fields it changes, the rest as they are).
type Post = { publishedAt: number; createdAt: number; updatedAt: number; [field: string]: unknown };
type Film = { watchedOn: string; [field: string]: unknown };
export type Quote = { author: string; [field: string]: unknown };
type Tally = { count: number; [field: string]: unknown };
export interface Demo {
  posts: Record<string, Post>;
  index: Record<string, IndexEntry>;
  films: Record<string, Film>;
  quotes: Record<string, Quote>;
  filmStats: { count: number; minutes: number; ratingHalves: number; decades?: Record<string, number> } | null;
  filmTallies: { directors?: Record<string, Tally>; countries?: Record<string, Tally> } | null;
}

/** The demo's posts, films and quotes, read once: the templates of the grown content. */
export async function readDemo(databaseUrl: string): Promise<Demo> {
  const [posts, index, films, quotes, filmStats, filmTallies] = await Promise.all(
    ["blog/posts", "blog/index", "films", "quotes", "filmStats", "filmTallies"].map((p) => ownerRead(databaseUrl, p)),
  );
  return { posts: posts ?? {}, index: index ?? {}, films: films ?? {}, quotes: quotes ?? {}, filmStats, filmTallies };
}

/** Writes copies `from`..`to - 1` of every demo post, film and quote (copy k is k weeks older). */
export async function grow(databaseUrl: string, demo: Demo, from: number, to: number) {
  const patch = async (path: string, records: Record<string, unknown>) => {
    const entries = Object.entries(records);
    for (let i = 0; i < entries.length; i += 2000) await ownerWrite(databaseUrl, path, Object.fromEntries(entries.slice(i, i + 2000)), "PATCH");
  };
  const posts: Record<string, Post> = {};
  const index: Record<string, IndexEntry> = {};
  const films: Record<string, Film> = {};
  const quotes: Record<string, Quote> = {};
  for (let k = from; k < to; k += 1) {
    for (const [slug, entry] of Object.entries(demo.index)) {
      const post = demo.posts[slug];
      if (!post) continue;
      const at = (t: number) => t - k * 7 * DAY;
      const title = `${entry.title} (${k + 1})`;
      index[`${slug}-${k}`] = { ...entry, title, publishedAt: at(entry.publishedAt) };
      posts[`${slug}-${k}`] = { ...post, title, publishedAt: at(post.publishedAt), createdAt: at(post.createdAt), updatedAt: at(post.updatedAt) };
    }
    for (const [id, film] of Object.entries(demo.films)) films[`${id}-${k}`] = { ...film, watchedOn: shiftDay(film.watchedOn, k * 7) };
    for (const [id, quote] of Object.entries(demo.quotes)) quotes[`${id}-${k}`] = quote;
  }
  await patch("blog/posts", posts);
  await patch("blog/index", index);
  await patch("films", films);
  await patch("quotes", quotes);
  // The films' statistics and tallies (shared-content's film-stats.ts) after growing: every copy
  // repeats a demo film's year, minutes, rating, directors and countries, so at `to` times the
  // demo each figure and each name's count is `to` times the demo's, exactly (a database without
  // the records stays without, as the page expects).
  if (!demo.filmStats || !demo.filmTallies) return;
  if (demo.filmStats.count !== Object.keys(demo.films).length) console.warn("filmStats does not count the demo's films: the films page's numbers are off.");
  const times = (counts: Record<string, number> | undefined) => Object.fromEntries(Object.entries(counts ?? {}).map(([key, n]) => [key, n * to]));
  const tallies = (list: Record<string, Tally> | undefined) =>
    Object.fromEntries(Object.entries(list ?? {}).map(([key, t]) => [key, { ...t, count: t.count * to }]));
  const { count, minutes, ratingHalves, decades } = demo.filmStats;
  await ownerWrite(
    databaseUrl,
    "",
    {
      filmStats: { count: count * to, minutes: minutes * to, ratingHalves: ratingHalves * to, decades: times(decades) },
      filmTallies: { directors: tallies(demo.filmTallies.directors), countries: tallies(demo.filmTallies.countries) },
    },
    "PATCH",
  );
}
