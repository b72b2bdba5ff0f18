// The media library's live read (admin only), through the SDK like the other admin hooks.
import { PATHS, decodeCollection, type LiveResult, type WithId } from "shared-content";
import { MediaRecordSchema, type MediaRecord } from "../media";
import { useAdminRead } from "./admin-hooks";

/** Every picture's record, newest first. */
export function useMediaLibrary(): LiveResult<WithId<MediaRecord>[]> {
  return useAdminRead<WithId<MediaRecord>[]>(
    PATHS.media,
    (value) => decodeCollection(MediaRecordSchema, value, PATHS.media).sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id)),
    [],
  );
}
