// Pictures a form holds prepared but not sent: an owner who chose a picture and described it
// means it to be in what they save. So Save and Publish send every such picture first, with
// its control's own progress and Cancel and the same alt-text rule as its Upload button, and
// save only once all of them are stored; one that cannot be sent stops the save, named.
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import styles from "./media.module.css";

/** The form's values with a stored picture in place (its URL and ImageRef, a markdown line). */
export type PicturePatch = (values: Record<string, unknown>) => Record<string, unknown>;

/** One prepared picture, as its control offers it to the form's save. */
export interface PendingPicture {
  /** How a message names it: "the cover image “photo.jpg”". */
  label: string;
  /**
   * Why it cannot be sent as it is (no alt text yet, still being prepared), shown on its own
   * field and focused there; null when it can.
   */
  check: () => string | null;
  /** Uploads it; resolves with the change to the form's values, or rejects with the reason in words. */
  send: () => Promise<PicturePatch>;
}

/** A save stopped because a picture the form holds could not be sent: its message names the picture. */
export class PictureNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PictureNotSentError";
  }
}

export interface PendingPictures {
  /** A control holds `picture` (or nothing any more, null) under its own key. */
  register: (key: string, picture: PendingPicture | null) => void;
  /** How many prepared pictures the form holds. */
  count: number;
  /** The picture a save is sending now ("the cover image “photo.jpg”"), else null. */
  sending: string | null;
  /** Checks every prepared picture, then sends them in turn; resolves with all their changes in one. */
  sendAll: () => Promise<PicturePatch>;
}

const same: PicturePatch = (values) => values;

/** The form's list of prepared pictures (the record editor makes one for its form). */
export function usePendingPictureList(): PendingPictures {
  const pictures = useRef(new Map<string, PendingPicture>());
  const [count, setCount] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const register = useCallback((key: string, picture: PendingPicture | null) => {
    if (picture) pictures.current.set(key, picture);
    else pictures.current.delete(key);
    setCount(pictures.current.size);
  }, []);
  const sendAll = useCallback(async (): Promise<PicturePatch> => {
    const all = [...pictures.current.values()];
    for (const picture of all) {
      const problem = picture.check();
      if (problem) throw new PictureNotSentError(`Not saved: ${problem}`);
    }
    let patch = same;
    for (const picture of all) {
      let next: PicturePatch;
      setSending(picture.label);
      try {
        next = await picture.send();
      } catch (error) {
        throw new PictureNotSentError(`Not saved: ${picture.label} could not be uploaded. ${error instanceof Error ? error.message : ""}`.trim());
      } finally {
        setSending(null);
      }
      const before = patch;
      patch = (values) => next(before(values));
    }
    return patch;
  }, []);
  return useMemo(() => ({ register, count, sending, sendAll }), [register, count, sending, sendAll]);
}

/** Where a save stands while it sends a picture first (its progress bar and Cancel are by the picture). */
export function PictureSending({ pictures }: { pictures: PendingPictures }) {
  return pictures.sending ? (
    <p role="status" className={styles.sending}>
      Uploading {pictures.sending} before saving…
    </p>
  ) : null;
}

const PendingPicturesContext = createContext<PendingPictures | null>(null);

/** The form whose save sends the prepared pictures of the controls inside it. */
export const PendingPicturesProvider = PendingPicturesContext.Provider;

/**
 * Offers a control's prepared picture (null: none) to the save of the form around it. Outside
 * such a form (the media library's Replace) nothing is offered.
 */
export function usePendingPicture(picture: PendingPicture | null): void {
  const list = useContext(PendingPicturesContext);
  const key = useId();
  const latest = useRef(picture);
  latest.current = picture;
  const held = picture !== null;
  // The list calls the latest closures (the alt text typed since), through a stable entry.
  useEffect(() => {
    if (!list) return;
    list.register(
      key,
      held
        ? {
            get label() {
              return latest.current?.label ?? "";
            },
            check: () => latest.current?.check() ?? null,
            send: () => latest.current?.send() ?? Promise.resolve(same),
          }
        : null,
    );
    return () => list.register(key, null);
  }, [list, key, held]);
}
