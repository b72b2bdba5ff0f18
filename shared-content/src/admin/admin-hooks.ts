// Admin reads (the rules deny these to anyone but an admin), through the SDK.
import type * as v from "valibot";
import {
  BlogPostSchema,
  COLLECTION_SCHEMAS,
  PATHS,
  RecommendationSubmissionSchema,
  decodeCollection,
  decodeOne,
  postPath,
  useLiveQuery,
  type BlogPost,
  type CollectionKind,
  type LiveResult,
  type RecommendationSubmission,
  type RecordOf,
  type Subscribe,
  type WithId,
} from "shared-content";
import { sdkSource } from "./sdk-source";

const at =
  (path: string): Subscribe =>
  (next, fail) =>
    sdkSource(path, undefined, next, fail);

/** Every post with its body, drafts included, most recently updated first. Admin only. */
export function useAllPosts(): LiveResult<WithId<BlogPost>[]> {
  return useLiveQuery<WithId<BlogPost>[]>(
    PATHS.posts,
    at(PATHS.posts),
    (value) => decodeCollection(BlogPostSchema, value, PATHS.posts).sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id)),
    [],
  );
}

/** One post in any status (drafts too); null when absent. Admin only. */
export function useAdminPost(slug: string): LiveResult<WithId<BlogPost> | null> {
  const path = postPath(slug);
  return useLiveQuery<WithId<BlogPost> | null>(
    `admin:${path}`,
    at(path),
    (value) => {
      const post = decodeOne(BlogPostSchema, value, path);
      return post ? { ...post, id: slug } : null;
    },
    null,
  );
}

/** Pending recommendation submissions, oldest first. Admin only. */
export function useSubmissions(): LiveResult<WithId<RecommendationSubmission>[]> {
  return useLiveQuery<WithId<RecommendationSubmission>[]>(
    PATHS.submissions,
    at(PATHS.submissions),
    (value) =>
      decodeCollection(RecommendationSubmissionSchema, value, PATHS.submissions).sort(
        (a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
      ),
    [],
  );
}

/** A whole collection, unsorted-by-meaning (key order), for editors that sort themselves. */
export function useCollection<K extends CollectionKind>(kind: K): LiveResult<WithId<RecordOf<K>>[]> {
  const path = PATHS[kind];
  const schema = COLLECTION_SCHEMAS[kind] as v.GenericSchema<unknown, RecordOf<K>>;
  return useLiveQuery<WithId<RecordOf<K>>[]>(`collection:${path}`, at(path), (value) => decodeCollection(schema, value, path), []);
}
