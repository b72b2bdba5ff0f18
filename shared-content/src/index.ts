// Public entry of shared-content (see README.md for the contract and the data layout). Nothing
// in its static import graph imports firebase/* (tests/entry-graph.test.ts): a visitor's page
// reads through the REST stream. The SDK-based admin API is shared-content/admin.
export * from "./limits";
export * from "./schemas";
export * from "./paths";
export { SITE_PATHS, postUrl, ADMIN_SECTIONS, DATA_TOOL, REDIRECTS, redirectFor, type AdminSection, type AdminSectionSlug } from "./site-urls";
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
export { decodeOne, decodeCollection, byOrder, byPublishedDesc, byKey, byText, resetDecodeWarnings } from "./decode";
export { useLiveQuery, setLoadTimeoutMs, type LiveResult, type LiveStatus, type LiveQueryOptions, type Subscribe } from "./hooks/use-live-query";
// The public live hooks over the REST stream (the admin entry re-declares them over the SDK).
export * from "./hooks/use-content";
export { makeContentHooks, byAuthor } from "./hooks/content-hooks";
export { queryKey, type LiveSource, type LiveQuerySpec } from "./live/source";
export { submitRecommendation } from "./submit-recommendation";
export { cleanForWrite, parseInput, stripEmpty } from "./input";
export { matchesSearch, normaliseSearchText } from "./search";
export { storageKey, readStored, writeStored, removeStored, onStoredChange } from "./browser-storage";
export { FILM_ORDERS, byWatchedDesc } from "./films";
export {
  FilmStatsSchema,
  filmStatsOf,
  filmStatsChange,
  applyFilmStatsChange,
  filmStatsIncrements,
  filmStatsRecords,
  filmTalliesOf,
  filmTalliesRecord,
  applyFilmTalliesChange,
  tallyKey,
  byTallyDesc,
  FilmTallySchema,
  FILM_TOP_SIZE,
  TALLY_KINDS,
  type FilmTallies,
  type FilmTally,
  type TallyKind,
  averageRating,
  filmsByDecade,
  decadeOf,
  DECADE_PATTERN,
  FILM_STATS_MAX,
  type FilmStats,
  type FilmStatsChange,
  type CountedFilm,
} from "./film-stats";
export { readingMinutes, slugify, indexEntryOf, postUpdates, postRemoval, tagsOf, normaliseTag, groupSkillsByCategory, type StoredPost } from "./blog";
export { Markdown, loadMarkdownRenderer, type MarkdownProps } from "./markdown/markdown";
export { safeUrl, safeImageUrl, isExternalUrl } from "./markdown/safe-url";
export { RenderStore, RenderProvider, useRenderStore, type ContentSnapshot, type SnapshotEntry } from "./snapshot/render-store";
export { usePageMeta, formatTitle } from "./page/page-meta";
export { PageHead, PageHeadProvider, type PageMeta } from "./page/page-head";
export { SITE_NAME, SiteNameProvider, useSiteName } from "./page/site-name";
