// shared-content/admin: everything of the public entry, plus the admin panel's reads and
// writes through the Firebase SDK (loaded on first use from shared-auth). The live hooks of
// the public entry are re-declared here over the SDK, so the admin sees its own saves at once
// (local names take precedence over `export *`).
import { makeContentHooks } from "shared-content";
import { sdkSource } from "./sdk-source";

export * from "shared-content";
// Pictures' contract (ids, ladder, ImageRef, the library's record): the upload pipeline and the library build on it.
export * from "../media";
export { setDatabaseForTests } from "./db";
// The editors' near-duplicate checks (skills, tags): admin-only, so not in the public entry.
export { sameLabel, existingSpelling } from "../search";
// The films' statistics of a list of films, as the film writes keep them (tests build expected figures with it).
export { filmStatsOf } from "../film-stats";
export { useAllPosts, useAdminPost, useRevisions, useSubmissions, useCollection } from "./admin-hooks";
// Scheduled publishing, the owner's side (the job is shared-content/server's).
export { useSchedules, useSchedulerRun, schedulePost, cancelSchedule, type ScheduledPost } from "./schedule";
export { schedulerHealth, type SchedulerHealth } from "../scheduler-health";
export { formatMomentWithZone } from "../dates";
export type { PostSchedule, SchedulerRun, PostSeries } from "../schemas";
export {
  saveAbout,
  saveContact,
  createRecord,
  newRecordId,
  updateRecord,
  deleteRecord,
  reorderRecords,
  isOrderedKind,
  approveSubmission,
  rejectSubmission,
  rejectSubmissions,
  savePost,
  publishPost,
  unpublishPost,
  deletePost,
  setReadTimeoutMs,
  type CreateFields,
  type SavePostOptions,
} from "./writes";
export {
  storeMedia,
  readMediaRecord,
  findMediaUses,
  updateMediaAlt,
  replaceMedia,
  deleteMedia,
  findMediaOrphans,
  removeOrphan,
  uploadFailureMessage,
  UPLOAD_RETRY_MS,
  type MediaUpload,
  type UploadProgress,
  type StoreOptions,
  type MediaOrphans,
} from "./media-library";
export { describeUses, markdownAlt, type MediaUse, type MediaUseKind } from "./media-uses";
export { useMediaLibrary } from "./media-hooks";
export { setStorageForTests, siteMediaStorage, type StorageConnection } from "./storage";
export {
  exportAll,
  countRecords,
  importAll,
  previewImport,
  analyseImport,
  notAnExportReason,
  type ContentTree,
  type ImportIssue,
  type ImportSummary,
  type ImportPlan,
  type RecordDetail,
  type FieldChange,
} from "./data-transfer";

export const {
  useAbout,
  useContact,
  useExperience,
  useSkills,
  useProjects,
  useRecommendations,
  useQuotes,
  useQuote,
  useBlogIndex,
  useBlogPost,
  usePostNeighbourhood,
  useFilms,
  useFilmStats,
  useFilmTop,
} = makeContentHooks(sdkSource);
