// Admin reads (the rules deny these to anyone but an admin), through the SDK.
import type * as v from "valibot";
import {
  PATHS,
  decodeCollection,
  type BlogPost,
  type LiveRead,
  type CollectionKind,
  type LiveResult,
  type RecommendationSubmission,
  type RecordOf,
  type Subscribe,
  type WithId,
} from "shared-content";
import { BlogPostSchema, COLLECTION_SCHEMAS, RecommendationSubmissionSchema } from "../schemas";
import { decodeOne } from "../decode";
import { draftPath, postPath, revisionsPath } from "../paths";
import { useLiveQuery } from "../hooks/use-live-query";
import { sdkSource } from "./sdk-source";

const at =
  ({ path }: LiveRead): Subscribe =>
  (next, fail) =>
    sdkSource(path, undefined, next, fail);

/** The admin's read of a whole path. */
const whole = (path: string): LiveRead => ({ path });

/** A whole path, live, as only the admin reads it (scope "admin": its own key, never server-rendered). */
export function useAdminRead<T>(path: string, decode: (value: unknown) => T, initial: T): LiveResult<T> {
  const read = whole(path);
  return useLiveQuery<T>(read, at(read), decode, initial, { scope: "admin" });
}

/** Published posts and drafts together (the two reads): { published, drafts } once both have arrived. */
const publishedAndDraft =
  ([{ path: published }, { path: drafts }]: readonly [LiveRead, LiveRead]): Subscribe =>
  (next, fail) => {
    const values: { published?: unknown; drafts?: unknown } = {};
    // A move (publish, unpublish) changes both in one update: report once, not the moment between.
    let queued = false;
    const emit = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        if ("published" in values && "drafts" in values) next({ ...values });
      });
    };
    const stops = [
      sdkSource(published, undefined, (value) => ((values.published = value), emit()), fail),
      sdkSource(drafts, undefined, (value) => ((values.drafts = value), emit()), fail),
    ];
    return () => stops.forEach((stop) => stop());
  };

/** Every post with its body, drafts included, most recently updated first. Admin only. */
export function useAllPosts(): LiveResult<WithId<BlogPost>[]> {
  const reads = [whole(PATHS.posts), whole(PATHS.drafts)] as const;
  return useLiveQuery<WithId<BlogPost>[]>(
    reads,
    publishedAndDraft(reads),
    (value) => {
      const { published, drafts } = value as { published: unknown; drafts: unknown };
      return [...decodeCollection(BlogPostSchema, published, PATHS.posts), ...decodeCollection(BlogPostSchema, drafts, PATHS.drafts)].sort(
        (a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id),
      );
    },
    [],
    { scope: "admin" },
  );
}

/** One post in any status (drafts too); null when absent. Admin only. */
export function useAdminPost(slug: string): LiveResult<WithId<BlogPost> | null> {
  const reads = [whole(postPath(slug)), whole(draftPath(slug))] as const;
  return useLiveQuery<WithId<BlogPost> | null>(
    reads,
    publishedAndDraft(reads),
    (value) => {
      const { published, drafts } = value as { published: unknown; drafts: unknown };
      const post = published !== null ? decodeOne(BlogPostSchema, published, postPath(slug)) : decodeOne(BlogPostSchema, drafts, draftPath(slug));
      return post ? { ...post, id: slug } : null;
    },
    null,
    { scope: "admin" },
  );
}

/** A post's earlier versions (key = "v" + when it was saved), newest first. Admin only. */
export function useRevisions(slug: string): LiveResult<WithId<BlogPost>[]> {
  const path = revisionsPath(slug);
  return useAdminRead<WithId<BlogPost>[]>(path, (value) => decodeCollection(BlogPostSchema, value, path).sort((a, b) => b.updatedAt - a.updatedAt), []);
}

/** Pending recommendation submissions, oldest first. Admin only. */
export function useSubmissions(): LiveResult<WithId<RecommendationSubmission>[]> {
  return useAdminRead<WithId<RecommendationSubmission>[]>(
    PATHS.submissions,
    (value) => decodeCollection(RecommendationSubmissionSchema, value, PATHS.submissions).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)),
    [],
  );
}

/** A whole collection, unsorted-by-meaning (key order), for editors that sort themselves. */
export function useCollection<K extends CollectionKind>(kind: K): LiveResult<WithId<RecordOf<K>>[]> {
  const path = PATHS[kind];
  const schema = COLLECTION_SCHEMAS[kind] as v.GenericSchema<unknown, RecordOf<K>>;
  return useAdminRead<WithId<RecordOf<K>>[]>(path, (value) => decodeCollection(schema, value, path), []);
}
