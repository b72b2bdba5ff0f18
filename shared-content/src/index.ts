// Public entry of shared-content (see README.md for the contract and the data layout). Nothing
// in its static import graph imports firebase/* (tests/entry-graph.test.ts): a visitor's page
// reads through the REST stream. The SDK-based admin API is shared-content/admin.
//
// Every name here is shipped to every visitor and listed in every remote's federation glue, so the
// entry exports only what visitors' code uses (the shell, the public screens, the renderer), by
// name; what only the admin panel uses the admin entry imports relatively, and the rest of each
// module stays internal (tests/public-surface.test.ts checks each export has a visitor user).
export { LIMITS, BLOG_PAGE_SIZE, BLOG_SCAN_WINDOW, URL_PATTERN } from "./limits";
export { BlogIndexEntrySchema } from "./schemas";
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
  SeriesPart,
  PostSeries,
  TocEntry,
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
export { PATHS } from "./paths";
export type { CollectionKind, OrderedKind } from "./paths";
export {
  SITE_PATHS,
  postUrl,
  feedUrl,
  ADMIN_SECTIONS,
  DATA_TOOL,
  REDIRECTS,
  redirectFor,
  type AdminSection,
  type AdminSectionSlug,
  type SitePage,
} from "./site-urls";
export { ConflictError, isConflictError, toContentError, contentErrorMessage, loadFailureMessage, type ContentErrorCode } from "./errors";
export { decodeCollection, byPublishedDesc } from "./decode";
export type { LiveResult, LiveStatus, LiveQueryOptions, Subscribe } from "./hooks/use-live-query";
// The public live hooks over the REST stream (the admin entry re-declares them over the SDK).
export * from "./hooks/use-content";
export { byAuthor } from "./hooks/content-hooks";
export type { LiveSource, LiveQuerySpec, LiveRead, ReadScope } from "./live/source";
export { restUrl } from "./live/rest-stream";
/** The one public write. Its code (with the visitor's anonymous identity) loads when a visitor first sends a recommendation. */
export const submitRecommendation = async (...args: Parameters<typeof import("./submit-recommendation").submitRecommendation>) =>
  (await import("./submit-recommendation")).submitRecommendation(...args);
export { stripEmpty } from "./input";
export { matchesSearch } from "./search";
export { compareCodeUnits, compareNames } from "./text-order";
export { FILM_ORDERS } from "./films";
export { formatMonth, formatDay, monthSpan, formatDuration } from "./dates";
// The shell's Releases screen (the release record) shows when each release happened.
export { formatMoment } from "./dates";
// The films' statistics as the films page shows them (the write side is the admin entry's).
export { averageRating, filmsByDecade, type FilmStats, type FilmTally, type TallyKind } from "./film-stats";
export { partPosition, type Series } from "./series";
export { readingMinutes, type StoredPost } from "./blog";
export { Markdown, MarkdownBody, useCompiledMarkdown, type MarkdownProps, type MarkdownState, type CompiledText } from "./markdown/markdown";
export { safeUrl, safeImageUrl } from "./markdown/safe-url";
export { RenderStore, RenderProvider, type ContentSnapshot, type SnapshotEntry } from "./snapshot/render-store";
export { usePageMeta, formatTitle, isPreviewImage } from "./page/page-meta";
export { PageHead, PageHeadProvider, type PageMeta } from "./page/page-head";
// Pictures as visitors get them: one component for every image field, and the link-preview image (docs/media.md).
export { Picture, type PictureProps } from "./picture/picture";
export { useMediaStorage } from "./snapshot/media-storage";
export { previewImageOf, type PreviewImage } from "./picture-markup";
export type { ImageRef, MediaStorage } from "./media";
export { SiteNameProvider, useSiteName } from "./page/site-name";
