// shared-content/admin: everything of the public entry, plus the admin panel's reads and
// writes through the Firebase SDK (loaded on first use from shared-auth). The live hooks of
// the public entry are re-declared here over the SDK, so the admin sees its own saves at once
// (local names take precedence over `export *`).
import { makeContentHooks } from "../hooks/content-hooks";
import { sdkSource } from "./sdk-source";

export * from "shared-content";
// Pure helpers only the admin panel uses, imported relatively so that visitors' singleton does
// not carry them (tests/public-surface.test.ts).
export { ID_PATTERN } from "../limits";
export {
  AboutFieldsSchema,
  ContactFieldsSchema,
  BlogPostInputSchema,
  BlogPostSchema,
  RecommendationSubmissionSchema,
  slugSchema,
  validate,
  COLLECTION_SCHEMAS,
  COLLECTION_FIELD_SCHEMAS,
} from "../schemas";
export { COLLECTION_KINDS, ORDERED_KINDS, recordPath, postPath, draftPath, storedPostPath, revisionsPath, revisionKey, submissionPath } from "../paths";
export { ContentError, isContentError } from "../errors";
export { decodeOne } from "../decode";
export { useLiveQuery } from "../hooks/use-live-query";
export { makeContentHooks } from "../hooks/content-hooks";
export { cleanForWrite, parseInput } from "../input";
export { storageKey, readStored, writeStored, removeStored } from "shared-auth/browser-storage";
export { byWatchedDesc } from "../films";
export { formatShortDay, formatMoment } from "../dates";
export { slugify, indexEntryOf, postUpdates, postRemoval, tagsOf, normaliseTag } from "../blog";
export { loadMarkdownRenderer } from "../markdown/markdown";
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
export type { PostSchedule, SchedulerRun } from "../schedule-schemas";
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
export { setStorageForTests, type StorageConnection } from "./storage";
/** Where this site's pictures are read from (the runtime config's bucket), or null when it names none. */
export { configuredMediaStorage as siteMediaStorage } from "../snapshot/media-storage";
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
  useSeries,
  useFilms,
  useFilmStats,
  useFilmTop,
} = makeContentHooks(sdkSource);
export {
  useSubscribers,
  useSendRounds,
  usePostMail,
  usePostSendRound,
  saveMailChoice,
  removeSubscriber,
  importSubscribers,
  subscribersCsv,
  parseSubscribersCsv,
  recipientsOf,
  useRoundLedger,
  type ParsedImport,
  type Recipient,
} from "./subscribers";
export { sendTestMail, sendImportConfirmations, type MailRequestResult } from "./mail-requests";
export { type Subscriber, type SendRound, type MailChoice } from "../subscriptions";
