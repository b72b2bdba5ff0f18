// The live reads of the public screens, built over a source (live/source.ts): the public entry
// builds them over the REST stream (no SDK for visitors), shared-content/admin over the SDK
// (the admin sees its own saves at once). Every value is decoded; collections come back as
// arrays of records with their key as `id`, already sorted.
import { useCallback, useMemo, useRef, useState } from "react";
import * as v from "valibot";
import { byKey, byOrder, byPublishedDesc, byText, decodeCollection, decodeOne } from "../decode";
import { BLOG_PAGE_SIZE, FILMS_PAGE_SIZE, ID_PATTERN, POST_NEIGHBOURHOOD, QUOTES_PAGE_SIZE, SLUG_PATTERN } from "../limits";
import { seriesOf, type Series } from "../series";
import type { LiveQuerySpec, LiveRead, LiveSource } from "../live/source";
import { FILM_ORDERS } from "../films";
import { FILM_TOP_SIZE, FilmStatsSchema, FilmTallySchema, byTallyDesc, type FilmStats, type FilmTally, type TallyKind } from "../film-stats";
import { PATHS, postPath, recordPath, seriesPath } from "../paths";
import {
  AboutSchema,
  BlogIndexEntrySchema,
  BlogPostSchema,
  ContactSchema,
  ExperienceSchema,
  FilmSchema,
  ProjectSchema,
  QuoteSchema,
  RecommendationSchema,
  SkillSchema,
  type About,
  type BlogIndexEntry,
  type BlogPost,
  type Contact,
  type Experience,
  type Film,
  type Project,
  type Quote,
  type Recommendation,
  type Skill,
  type WithId,
} from "../schemas";
import { useLiveQuery, type LiveResult, type Subscribe } from "./use-live-query";

/** A paged live list: `limit` grows by one page on loadMore(). */
export interface PagedLiveResult<T> extends LiveResult<T[]> {
  /** More records exist past the current window. */
  hasMore: boolean;
  loadMore: () => void;
  /** The current window size (null = everything). */
  limit: number | null;
  /** A bigger window is loading; `data` still holds the previous one. */
  loadingMore: boolean;
}

export interface PageOptions {
  /** Records per page; default BLOG_PAGE_SIZE / FILMS_PAGE_SIZE. */
  pageSize?: number;
  /** Load everything at once (for a tag filter or a full search). */
  all?: boolean;
  /** false: not asked for yet, so no read (reports ready and empty). Default true. */
  enabled?: boolean;
}

export type FilmOrder = keyof typeof FILM_ORDERS;
const filmCompare: Record<FilmOrder, (a: WithId<Film>, b: WithId<Film>) => number> = FILM_ORDERS;

/** Quotes in the database's order of `author` (ties by key), which the quotes page windows. */
export const byAuthor = (a: WithId<Quote>, b: WithId<Quote>): number => byText(a.author, b.author) || byKey(a.id, b.id);

/** How many children a plain value has (object keys or array items). */
const sizeOf = (value: unknown): number => (value !== null && typeof value === "object" ? Object.keys(value).length : 0);

export interface ContentHooks {
  useAbout(): LiveResult<About | null>;
  useContact(): LiveResult<Contact | null>;
  /** Sorted by `order` ascending. */
  useExperience(): LiveResult<WithId<Experience>[]>;
  /** Sorted by `order` ascending; see groupSkillsByCategory. */
  useSkills(): LiveResult<WithId<Skill>[]>;
  /** Free-time projects, sorted by `order` ascending. */
  useProjects(): LiveResult<WithId<Project>[]>;
  /** Approved recommendations, sorted by `order` ascending. */
  useRecommendations(): LiveResult<WithId<Recommendation>[]>;
  /** Quotes by author (A first; ties by key), in windows of `pageSize` (default QUOTES_PAGE_SIZE). */
  useQuotes(options?: PageOptions): PagedLiveResult<WithId<Quote>>;
  /** One quote by id (a deep link); null when there is none. */
  useQuote(id: string): LiveResult<WithId<Quote> | null>;
  /** Published posts from the list index (never bodies), newest first, `pageSize` at a time. */
  useBlogIndex(options?: PageOptions): PagedLiveResult<WithId<BlogIndexEntry>>;
  /**
   * One published post by slug; a draft or unknown slug gives `ready` with null (not found).
   * It follows the post's record in blog/posts, which holds published posts only (drafts live
   * apart, in blog/drafts, where visitors cannot read), so an open page shows the post when it
   * is published and "not found" when it is unpublished, without ever asking for a draft.
   */
  useBlogPost(slug: string): LiveResult<WithId<BlogPost> | null>;
  /**
   * The list entries published nearest a post (its own included), POST_NEIGHBOURHOOD on each
   * side, newest first: two bounded queries, whatever the size of the blog. `null`: not known
   * yet (no read).
   */
  usePostNeighbourhood(publishedAt: number | null): LiveResult<WithId<BlogIndexEntry>[]>;
  /** A series' published parts in order (one small record); null when it has none. `null` slug: no read. */
  useSeries(seriesSlug: string | null): LiveResult<Series | null>;
  /** Films, highest `orderBy` first (default: most recently watched), in windows of `pageSize`. */
  useFilms(options?: PageOptions & { orderBy?: FilmOrder }): PagedLiveResult<WithId<Film>>;
  /** The films' statistics record (one small read at any size of the log); null in a database that has none yet. */
  useFilmStats(): LiveResult<FilmStats | null>;
  /** The FILM_TOP_SIZE directors or countries with the most films, most first: one indexed query, at any number of names. */
  useFilmTop(kind: TallyKind): LiveResult<FilmTally[]>;
}

/** The subscription to a read, from one source: the hooks pass useLiveQuery the read and its subscription. */
type SubscribeAt = (read: LiveRead) => Subscribe;

const subscriptionsOf =
  (source: LiveSource): SubscribeAt =>
  ({ path, query }) =>
  (next, fail, seed) =>
    source(path, query, next, fail, seed);

function useSingle<S extends v.GenericSchema>(at: SubscribeAt, path: string, schema: S): LiveResult<v.InferOutput<S> | null> {
  const read = { path };
  return useLiveQuery(read, at(read), (value) => decodeOne(schema, value, path), null);
}

function useOrderedCollection<S extends v.GenericSchema>(at: SubscribeAt, path: string, schema: S) {
  const read = { path };
  return useLiveQuery<WithId<v.InferOutput<S>>[]>(
    read,
    at(read),
    (value) => (decodeCollection(schema, value, path) as WithId<{ order: number }>[]).sort(byOrder) as WithId<v.InferOutput<S>>[],
    [],
  );
}

/** What a paged list reads: where, in which database order, decoded how and shown in which order. */
interface PagedList<T extends { id: string }> {
  path: string;
  orderKey: string;
  schema: v.GenericSchema<unknown, Omit<T, "id">>;
  compare: (a: T, b: T) => number;
  defaultPageSize: number;
  /** Which end of the database's order the window starts from: `compare` shows that end first. */
  from: "last" | "first";
}

function usePaged<T extends { id: string }>(at: SubscribeAt, list: PagedList<T>, options: PageOptions): PagedLiveResult<T> {
  const { path, orderKey, schema, compare, from } = list;
  const pageSize = Math.max(1, options.pageSize ?? list.defaultPageSize);
  const [pages, setPages] = useState(1);
  const limit = options.all ? null : pageSize * pages;
  // One extra record tells whether there is more.
  const query: LiveQuerySpec =
    limit === null ? { orderBy: orderKey } : from === "last" ? { orderBy: orderKey, limitToLast: limit + 1 } : { orderBy: orderKey, limitToFirst: limit + 1 };
  const read = { path, query };
  const result = useLiveQuery<{ items: T[]; hasMore: boolean }>(
    read,
    at(read),
    (value) => {
      const items = (decodeCollection(schema, value, path) as T[]).sort(compare);
      return limit === null ? { items, hasMore: false } : { items: items.slice(0, limit), hasMore: sizeOf(value) > limit };
    },
    { items: [], hasMore: false },
    { enabled: options.enabled },
  );
  const loadMore = useCallback(() => setPages((n) => n + 1), []);
  // While a bigger window or another order loads, keep showing the records already there (no
  // flash of empty, the reader keeps their place); an error drops them.
  const lastReady = useRef<{ items: T[]; hasMore: boolean } | null>(null);
  if (result.status === "ready" && options.enabled !== false) lastReady.current = { items: result.data.items, hasMore: result.data.hasMore };
  if (result.status === "error") lastReady.current = null;
  const previous = lastReady.current;
  if (result.status === "loading" && previous) {
    return { status: "ready", data: previous.items, error: null, retry: result.retry, hasMore: previous.hasMore, loadMore, limit, loadingMore: true };
  }
  return {
    status: result.status,
    data: result.data.items,
    error: result.error,
    retry: result.retry,
    hasMore: result.data.hasMore,
    loadMore,
    limit,
    loadingMore: false,
  };
}

/**
 * One record at `path`, with its key as id: null when it is absent, or when `shown` refuses it.
 * Disabled (no read) when the key cannot name a record.
 */
function useRecord<S extends v.GenericSchema>(
  at: SubscribeAt,
  path: string,
  id: string,
  schema: S,
  { enabled = true, shown = () => true }: { enabled?: boolean; shown?: (record: v.InferOutput<S>) => boolean } = {},
): LiveResult<WithId<v.InferOutput<S>> | null> {
  const read = { path };
  return useLiveQuery<WithId<v.InferOutput<S>> | null>(
    read,
    at(read),
    (value) => {
      const decoded = decodeOne(schema, value, path);
      return decoded && shown(decoded) ? { ...decoded, id } : null;
    },
    null,
    { enabled },
  );
}

function useQuoteById(at: SubscribeAt, id: string): LiveResult<WithId<Quote> | null> {
  // An id the database cannot hold (".", "#", ...) names no quote: no read.
  return useRecord(at, recordPath("quotes", id), id, QuoteSchema, { enabled: ID_PATTERN.test(id) });
}

function useTopTallies(at: SubscribeAt, kind: TallyKind): LiveResult<FilmTally[]> {
  const path = `${PATHS.filmTallies}/${kind}`;
  const read = { path, query: { orderBy: "count", limitToLast: FILM_TOP_SIZE } };
  return useLiveQuery<FilmTally[]>(
    read,
    at(read),
    (value) =>
      decodeCollection(FilmTallySchema, value, path)
        .filter((t) => t.count > 0)
        .map(({ name, count }) => ({ name, count }))
        .sort(byTallyDesc),
    [],
  );
}

function useNeighbourEntries(at: SubscribeAt, publishedAt: number | null): LiveResult<WithId<BlogIndexEntry>[]> {
  const path = PATHS.blogIndex;
  const enabled = publishedAt !== null;
  const newer: LiveRead = { path, query: { orderBy: "publishedAt", startAt: publishedAt ?? 0, limitToFirst: POST_NEIGHBOURHOOD + 1 } };
  const older: LiveRead = { path, query: { orderBy: "publishedAt", endAt: publishedAt ?? 0, limitToLast: POST_NEIGHBOURHOOD + 1 } };
  const decode = (value: unknown) => decodeCollection(BlogIndexEntrySchema, value, path);
  const above = useLiveQuery(newer, at(newer), decode, [], { enabled });
  const below = useLiveQuery(older, at(older), decode, [], { enabled });
  const data = useMemo(() => {
    const bySlug = new Map([...above.data, ...below.data].map((e) => [e.id, e]));
    return [...bySlug.values()].sort(byPublishedDesc);
  }, [above.data, below.data]);
  const failed = above.status === "error" ? above : below.status === "error" ? below : null;
  if (failed) return { status: "error", data: [], error: failed.error, retry: failed.retry };
  const status = above.status === "ready" && below.status === "ready" ? "ready" : "loading";
  return { status, data: status === "ready" ? data : [], error: null, retry: above.retry };
}

function usePublishedPost(at: SubscribeAt, slug: string): LiveResult<WithId<BlogPost> | null> {
  // blog/posts holds published posts only (drafts live apart), so a missing post is null.
  return useRecord(at, postPath(slug), slug, BlogPostSchema, { shown: (post) => post.status === "published" });
}

function useSeriesRecord(at: SubscribeAt, seriesSlug: string | null): LiveResult<Series | null> {
  const slug = seriesSlug ?? "";
  const path = seriesPath(slug);
  // A slug the database cannot hold names no series: no read.
  const read = { path };
  return useLiveQuery<Series | null>(read, at(read), (value) => seriesOf(slug, value, path), null, { enabled: SLUG_PATTERN.test(slug) });
}

/** The public hooks over one source. */
export function makeContentHooks(source: LiveSource): ContentHooks {
  const at = subscriptionsOf(source);
  return {
    useAbout: () => useSingle(at, PATHS.about, AboutSchema),
    useContact: () => useSingle(at, PATHS.contact, ContactSchema),
    useExperience: () => useOrderedCollection(at, PATHS.experience, ExperienceSchema),
    useSkills: () => useOrderedCollection(at, PATHS.skills, SkillSchema),
    useProjects: () => useOrderedCollection(at, PATHS.projects, ProjectSchema),
    useRecommendations: () => useOrderedCollection(at, PATHS.recommendations, RecommendationSchema),
    useQuotes: (options = {}) =>
      usePaged<WithId<Quote>>(
        at,
        { path: PATHS.quotes, orderKey: "author", schema: QuoteSchema, compare: byAuthor, defaultPageSize: QUOTES_PAGE_SIZE, from: "first" },
        options,
      ),
    useQuote: (id) => useQuoteById(at, id),
    useBlogIndex: (options = {}) =>
      usePaged<WithId<BlogIndexEntry>>(
        at,
        {
          path: PATHS.blogIndex,
          orderKey: "publishedAt",
          schema: BlogIndexEntrySchema,
          compare: byPublishedDesc,
          defaultPageSize: BLOG_PAGE_SIZE,
          from: "last",
        },
        options,
      ),
    useFilms: (options = {}) => {
      const orderBy = options.orderBy ?? "watchedOn";
      return usePaged<WithId<Film>>(
        at,
        { path: PATHS.films, orderKey: orderBy, schema: FilmSchema, compare: filmCompare[orderBy], defaultPageSize: FILMS_PAGE_SIZE, from: "last" },
        options,
      );
    },
    useFilmStats: () => useSingle(at, PATHS.filmStats, FilmStatsSchema),
    useFilmTop: (kind) => useTopTallies(at, kind),
    usePostNeighbourhood: (publishedAt) => useNeighbourEntries(at, publishedAt),
    useBlogPost: (slug) => usePublishedPost(at, slug),
    useSeries: (seriesSlug) => useSeriesRecord(at, seriesSlug),
  };
}
