// Live reads for the public screens and the admin panel. Every value is decoded; collections
// come back as arrays of records with their key as `id`, already sorted.
import { useCallback, useRef, useState } from "react";
import { limitToLast, orderByChild, query, ref, type DataSnapshot } from "firebase/database";
import * as v from "valibot";
import { byOrder, byPublishedDesc, decodeCollection, decodeOne } from "../decode";
import { BLOG_PAGE_SIZE, FILMS_PAGE_SIZE } from "../limits";
import { PATHS, blogIndexPath, postPath, type CollectionKind } from "../paths";
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
  RecommendationSubmissionSchema,
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
  type RecommendationSubmission,
  type Skill,
  type WithId,
  COLLECTION_SCHEMAS,
  type RecordOf,
} from "../schemas";
import { useLiveQuery, type LiveResult } from "./use-live-query";

/** Children of a snapshot in the order the query delivered them. */
function childEntries(snapshot: DataSnapshot): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  snapshot.forEach((child) => {
    if (child.key !== null) out[child.key] = child.val();
  });
  return out;
}

function useSingle<S extends v.GenericSchema>(path: string, schema: S): LiveResult<v.InferOutput<S> | null> {
  return useLiveQuery(
    path,
    (db) => ref(db, path),
    (snapshot) => decodeOne(schema, snapshot.val(), path),
    null,
  );
}

function useOrderedCollection<S extends v.GenericSchema>(path: string, schema: S) {
  return useLiveQuery<WithId<v.InferOutput<S>>[]>(
    path,
    (db) => ref(db, path),
    (snapshot) => (decodeCollection(schema, childEntries(snapshot), path) as WithId<{ order: number }>[]).sort(byOrder) as WithId<v.InferOutput<S>>[],
    [],
  );
}

export const useAbout = (): LiveResult<About | null> => useSingle(PATHS.about, AboutSchema);
export const useContact = (): LiveResult<Contact | null> => useSingle(PATHS.contact, ContactSchema);
/** Sorted by `order` ascending. */
export const useExperience = (): LiveResult<WithId<Experience>[]> => useOrderedCollection(PATHS.experience, ExperienceSchema);
/** Sorted by `order` ascending; see groupSkillsByCategory. */
export const useSkills = (): LiveResult<WithId<Skill>[]> => useOrderedCollection(PATHS.skills, SkillSchema);
/** Free-time projects, sorted by `order` ascending. */
export const useProjects = (): LiveResult<WithId<Project>[]> => useOrderedCollection(PATHS.projects, ProjectSchema);
/** Approved recommendations, sorted by `order` ascending. */
export const useRecommendations = (): LiveResult<WithId<Recommendation>[]> =>
  useOrderedCollection(PATHS.recommendations, RecommendationSchema);

/** All quotes, sorted by author then text. */
export function useQuotes(): LiveResult<WithId<Quote>[]> {
  return useLiveQuery<WithId<Quote>[]>(
    PATHS.quotes,
    (db) => ref(db, PATHS.quotes),
    (snapshot) =>
      decodeCollection(QuoteSchema, childEntries(snapshot), PATHS.quotes).sort(
        (a, b) => a.author.localeCompare(b.author) || a.text.localeCompare(b.text) || a.id.localeCompare(b.id),
      ),
    [],
  );
}

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
}

function usePaged<T extends { id: string }>(
  path: string,
  orderKey: string,
  schema: v.GenericSchema<unknown, Omit<T, "id">>,
  compare: (a: T, b: T) => number,
  options: PageOptions,
  defaultPageSize: number,
): PagedLiveResult<T> {
  const pageSize = Math.max(1, options.pageSize ?? defaultPageSize);
  const [pages, setPages] = useState(1);
  const limit = options.all ? null : pageSize * pages;
  const result = useLiveQuery<{ items: T[]; hasMore: boolean }>(
    `${path}?orderBy=${orderKey}&limit=${limit ?? "all"}`,
    // One extra record tells whether there is more.
    (db) => (limit === null ? query(ref(db, path), orderByChild(orderKey)) : query(ref(db, path), orderByChild(orderKey), limitToLast(limit + 1))),
    (snapshot) => {
      const items = (decodeCollection(schema, childEntries(snapshot), path) as T[]).sort(compare);
      return limit === null ? { items, hasMore: false } : { items: items.slice(0, limit), hasMore: snapshot.size > limit };
    },
    { items: [], hasMore: false },
  );
  const loadMore = useCallback(() => setPages((n) => n + 1), []);
  // While a bigger window loads, keep showing the records already there (no flash of empty).
  const base = `${path}?orderBy=${orderKey}`;
  const lastReady = useRef<{ base: string; items: T[]; hasMore: boolean } | null>(null);
  if (result.status === "ready") lastReady.current = { base, items: result.data.items, hasMore: result.data.hasMore };
  const previous = lastReady.current?.base === base ? lastReady.current : null;
  if (result.status === "loading" && previous) {
    return { status: "ready", data: previous.items, error: null, retry: result.retry, hasMore: previous.hasMore, loadMore, limit, loadingMore: true };
  }
  return { status: result.status, data: result.data.items, error: result.error, retry: result.retry, hasMore: result.data.hasMore, loadMore, limit, loadingMore: false };
}

/** Published posts from the list index (never bodies), newest first, `pageSize` at a time. */
export function useBlogIndex(options: PageOptions = {}): PagedLiveResult<WithId<BlogIndexEntry>> {
  return usePaged<WithId<BlogIndexEntry>>(PATHS.blogIndex, "publishedAt", BlogIndexEntrySchema, byPublishedDesc, options, BLOG_PAGE_SIZE);
}

export type FilmOrder = "watchedOn" | "rating" | "year";
const filmCompare: Record<FilmOrder, (a: WithId<Film>, b: WithId<Film>) => number> = {
  watchedOn: (a, b) => b.watchedOn.localeCompare(a.watchedOn) || a.title.localeCompare(b.title),
  rating: (a, b) => b.rating - a.rating || b.watchedOn.localeCompare(a.watchedOn) || a.title.localeCompare(b.title),
  year: (a, b) => b.year - a.year || a.title.localeCompare(b.title),
};

/** Films, highest `orderBy` first (default: most recently watched), in windows of `pageSize`. */
export function useFilms(options: PageOptions & { orderBy?: FilmOrder } = {}): PagedLiveResult<WithId<Film>> {
  const orderBy = options.orderBy ?? "watchedOn";
  return usePaged<WithId<Film>>(PATHS.films, orderBy, FilmSchema, filmCompare[orderBy], options, FILMS_PAGE_SIZE);
}

/**
 * One published post by slug; a draft or unknown slug gives `ready` with null (not found).
 * It follows the post's list-index entry (public, present exactly while published), so an
 * open page shows the post when it is published and "not found" when it is unpublished,
 * without ever asking for a draft.
 */
export function useBlogPost(slug: string): LiveResult<WithId<BlogPost> | null> {
  const path = postPath(slug);
  const listed = useLiveQuery<boolean>(`listed:${slug}`, (db) => ref(db, blogIndexPath(slug)), (snapshot) => snapshot.exists(), false);
  const isListed = listed.status === "ready" && listed.data;
  const post = useLiveQuery<WithId<BlogPost> | null>(
    `public:${path}`,
    (db) => ref(db, path),
    (snapshot) => {
      const decoded = decodeOne(BlogPostSchema, snapshot.val(), path);
      return decoded && decoded.status === "published" ? { ...decoded, id: slug } : null;
    },
    null,
    { deniedMeansEmpty: true, enabled: isListed },
  );
  if (listed.status !== "ready") return { status: listed.status, data: null, error: listed.error, retry: listed.retry };
  return post;
}

// --- admin reads (the rules deny these to anyone but an admin) ------------------------------

/** Every post with its body, drafts included, most recently updated first. Admin only. */
export function useAllPosts(): LiveResult<WithId<BlogPost>[]> {
  return useLiveQuery<WithId<BlogPost>[]>(
    PATHS.posts,
    (db) => ref(db, PATHS.posts),
    (snapshot) => decodeCollection(BlogPostSchema, childEntries(snapshot), PATHS.posts).sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id)),
    [],
  );
}

/** One post in any status (drafts too); null when absent. Admin only. */
export function useAdminPost(slug: string): LiveResult<WithId<BlogPost> | null> {
  const path = postPath(slug);
  return useLiveQuery<WithId<BlogPost> | null>(
    `admin:${path}`,
    (db) => ref(db, path),
    (snapshot) => {
      const post = decodeOne(BlogPostSchema, snapshot.val(), path);
      return post ? { ...post, id: slug } : null;
    },
    null,
  );
}

/** Pending recommendation submissions, oldest first. Admin only. */
export function useSubmissions(): LiveResult<WithId<RecommendationSubmission>[]> {
  return useLiveQuery<WithId<RecommendationSubmission>[]>(
    PATHS.submissions,
    (db) => ref(db, PATHS.submissions),
    (snapshot) =>
      decodeCollection(RecommendationSubmissionSchema, childEntries(snapshot), PATHS.submissions).sort(
        (a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
      ),
    [],
  );
}

/** A whole collection, unsorted-by-meaning (key order), for editors that sort themselves. */
export function useCollection<K extends CollectionKind>(kind: K): LiveResult<WithId<RecordOf<K>>[]> {
  const path = PATHS[kind];
  const schema = COLLECTION_SCHEMAS[kind] as v.GenericSchema<unknown, RecordOf<K>>;
  return useLiveQuery<WithId<RecordOf<K>>[]>(
    `collection:${path}`,
    (db) => ref(db, path),
    (snapshot) => decodeCollection(schema, childEntries(snapshot), path),
    [],
  );
}
