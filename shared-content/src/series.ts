// A series as visitors read it: blog/series/{series slug} holds its published parts, keyed by post
// slug, each written with its post (blog.ts, postUpdates), so a post page or the series page reads
// its series in one small read.
import { compareCodeUnits } from "./text-order";
import { decodeCollection } from "./decode";
import { SeriesPartSchema, type SeriesPart, type WithId } from "./schemas";

export interface Series {
  slug: string;
  /** The series' name, as its parts spell it (the newest spelling wins if they differ). */
  title: string;
  /** The published parts in reading order: by part number, then slug. */
  parts: WithId<SeriesPart>[];
}

/** A series from its record (null when it has no published part). */
export function seriesOf(slug: string, raw: unknown, path: string): Series | null {
  const parts = decodeCollection(SeriesPartSchema, raw, path).sort((a, b) => a.part - b.part || compareCodeUnits(a.id, b.id));
  if (parts.length === 0) return null;
  return { slug, title: parts[parts.length - 1]!.seriesTitle, parts };
}

/** Where a post stands in its series, "Part n of m" (n counts published parts), or null when it is not among them. */
export function partPosition(series: Series, postSlug: string): { n: number; m: number } | null {
  const index = series.parts.findIndex((p) => p.id === postSlug);
  return index < 0 ? null : { n: index + 1, m: series.parts.length };
}
