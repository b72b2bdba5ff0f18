// Public API of shared-content (see README.md for the contract and the data layout).
export * from "./limits";
export * from "./schemas";
export * from "./paths";
export {
  ContentError,
  ConflictError,
  isContentError,
  isConflictError,
  toContentError,
  contentErrorMessage,
  type ContentErrorCode,
} from "./errors";
export { decodeOne, decodeCollection, byOrder, byPublishedDesc, resetDecodeWarnings } from "./decode";
export { setDatabaseForTests } from "./db";
export { useLiveQuery, setLoadTimeoutMs, type LiveResult, type LiveStatus } from "./hooks/use-live-query";
export {
  useAbout,
  useContact,
  useExperience,
  useSkills,
  useProjects,
  useRecommendations,
  useQuotes,
  useBlogIndex,
  useBlogPost,
  useFilms,
  useAllPosts,
  useAdminPost,
  useSubmissions,
  useCollection,
  type PagedLiveResult,
  type PageOptions,
  type FilmOrder,
} from "./hooks/use-content";
export {
  saveAbout,
  saveContact,
  createRecord,
  updateRecord,
  deleteRecord,
  reorderRecords,
  submitRecommendation,
  approveSubmission,
  rejectSubmission,
  savePost,
  publishPost,
  unpublishPost,
  deletePost,
  cleanForWrite,
  parseInput,
  setWriteTimeoutMs,
  type CreateFields,
  type SavePostOptions,
} from "./writes";
export { readingMinutes, slugify, indexEntryOf, tagsOf, groupSkillsByCategory } from "./blog";
export {
  exportAll,
  importAll,
  previewImport,
  analyseImport,
  type ContentTree,
  type ImportIssue,
  type ImportSummary,
  type ImportPlan,
} from "./data-transfer";
export { Markdown, loadMarkdownRenderer, type MarkdownProps } from "./markdown/markdown";
export { safeUrl, isExternalUrl } from "./markdown/safe-url";
