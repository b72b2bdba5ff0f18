// The media library's live read (admin only), through the SDK like the other admin hooks.
import { PATHS, decodeCollection, useLiveQuery, type LiveResult, type WithId } from "shared-content";
import { MediaRecordSchema, type MediaRecord } from "../media";
import { sdkSource } from "./sdk-source";

/** Every picture's record, newest first. */
export function useMediaLibrary(): LiveResult<WithId<MediaRecord>[]> {
  return useLiveQuery<WithId<MediaRecord>[]>(
    `admin:${PATHS.media}`,
    (next, fail) => sdkSource(PATHS.media, undefined, next, fail),
    (value) => decodeCollection(MediaRecordSchema, value, PATHS.media).sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id)),
    [],
  );
}
