// Public entry of shared-content (see README.md for the contract and the data layout). Nothing
// in its static import graph imports firebase/* (tests/entry-graph.test.ts): a visitor's page
// reads through the REST stream. The SDK-based admin API is shared-content/admin.
//
// Every name here is shipped to every visitor and listed in every remote's federation glue, so the
// entry exports what the screens, the shell and the admin entry use, by name; the rest of each
// module stays internal (tests/entry-graph.test.ts checks each export has a user).
export { LIMITS, BLOG_PAGE_SIZE, BLOG_SCAN_WINDOW, URL_PATTERN, ID_PATTERN } from "./limits";
export {
  AboutFieldsSchema,
  ContactFieldsSchema,
  BlogPostInputSchema,
  BlogPostSchema,
  BlogIndexEntrySchema,
  RecommendationSubmissionSchema,
  slugSchema,
  validate,
  COLLECTION_SCHEMAS,
  COLLECTION_FIELD_SCHEMAS,
} from "./schemas";
export type {
  Link,
  About,
  AboutFields,
  Contact,
  ContactFields,
  ExperienceProject,
  Experience,
  ExperienceFields,
  Skill,
  SkillFields,
  Project,
  ProjectFields,
  Recommendation,
  RecommendationFields,
  RecommendationSubmissionInput,
  RecommendationSubmission,
  PostStatus,
  BlogPostInput,
  BlogPost,
  BlogIndexEntry,
  Quote,
  QuoteFields,
  Film,
  FilmFields,
  WithId,
  FieldErrors,
  CollectionSchemas,
  RecordOf,
  FieldsOf,
} from "./schemas";
export { PATHS, COLLECTION_KINDS, ORDERED_KINDS, recordPath, postPath, draftPath, storedPostPath, revisionsPath, revisionKey, submissionPath } from "./paths";
export type { CollectionKind, OrderedKind } from "./paths";
export { SITE_PATHS, postUrl, ADMIN_SECTIONS, DATA_TOOL, REDIRECTS, redirectFor, type AdminSection, type AdminSectionSlug, type SitePage } from "./site-urls";
export {
  ContentError,
  ConflictError,
  isContentError,
  isConflictError,
  toContentError,
  contentErrorMessage,
  loadFailureMessage,
  type ContentErrorCode,
} from "./errors";
export { decodeOne, decodeCollection, byPublishedDesc } from "./decode";
export { useLiveQuery, type LiveResult, type LiveStatus, type LiveQueryOptions, type Subscribe } from "./hooks/use-live-query";
// The public live hooks over the REST stream (the admin entry re-declares them over the SDK).
export * from "./hooks/use-content";
export { makeContentHooks, byAuthor } from "./hooks/content-hooks";
export type { LiveSource, LiveQuerySpec, LiveRead, ReadScope } from "./live/source";
/** The one public write. Its code (with the visitor's anonymous identity) loads when a visitor first sends a recommendation. */
export const submitRecommendation = async (...args: Parameters<typeof import("./submit-recommendation").submitRecommendation>) =>
  (await import("./submit-recommendation")).submitRecommendation(...args);
export { cleanForWrite, parseInput, stripEmpty } from "./input";
export { matchesSearch } from "./search";
// The one browser-storage helper lives in shared-auth (its session hint needs it); screens take it from here.
export { storageKey, readStored, writeStored, removeStored } from "shared-auth/browser-storage";
export { FILM_ORDERS, byWatchedDesc } from "./films";
export { formatMonth, formatDay, formatShortDay, formatMoment, monthSpan, formatDuration } from "./dates";
// The films' statistics as the films page shows them (the write side is the admin entry's).
export { averageRating, filmsByDecade, type FilmStats, type FilmTally, type TallyKind } from "./film-stats";
export { readingMinutes, slugify, indexEntryOf, postUpdates, postRemoval, tagsOf, normaliseTag, type StoredPost } from "./blog";
export { Markdown, loadMarkdownRenderer, type MarkdownProps } from "./markdown/markdown";
export { safeUrl, safeImageUrl } from "./markdown/safe-url";
export { RenderStore, RenderProvider, type ContentSnapshot, type SnapshotEntry } from "./snapshot/render-store";
export { usePageMeta, formatTitle, isPreviewImage } from "./page/page-meta";
export { PageHead, PageHeadProvider, type PageMeta } from "./page/page-head";
// Pictures as visitors get them: one component for every image field, and the link-preview image (docs/architecture.md, "Pictures").
export { Picture, type PictureProps } from "./picture/picture";
export { useMediaStorage } from "./snapshot/media-storage";
export { previewImageOf, type PreviewImage } from "./picture-markup";
export type { ImageRef, MediaStorage } from "./media";
export { SiteNameProvider, useSiteName } from "./page/site-name";
