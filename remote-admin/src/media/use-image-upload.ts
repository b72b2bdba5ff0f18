// One picture's way from a chosen file to a stored picture, as state a control shows: checked
// (refused in words before anything is sent), prepared (the variants made in the browser, a
// preview), then uploaded with progress and Cancel. Only a finished upload is handed to the
// form (onStored), so nothing half-uploaded is ever referenced.
import { useCallback, useEffect, useRef, useState } from "react";
import { shareImage, siteMediaStorage, storeMedia, type Focus, type ImageRef, type MediaStorage } from "shared-content/admin";
import { checkFile } from "./image-file-check";
import { ImageProcessingError, processImage, type ProcessedImage } from "./process-image";

export type UploadState =
  | { phase: "idle" }
  | { phase: "preparing"; name: string; done: number }
  | { phase: "ready"; name: string; processed: ProcessedImage; preview: string }
  | { phase: "uploading"; name: string; processed: ProcessedImage; preview: string; sent: number; total: number }
  | { phase: "failed"; message: string; name?: string; processed?: ProcessedImage; preview?: string };

/** The file a control holds chosen but not stored yet: being prepared, or prepared (a failed upload may be tried again). */
export function heldPicture(state: UploadState): { name: string; ready: boolean } | null {
  if (state.phase === "preparing") return { name: state.name, ready: false };
  if (state.phase === "ready" || (state.phase === "failed" && state.processed)) return { name: state.name ?? "image", ready: true };
  return null;
}

/** A stored picture as a field takes it: the share JPEG URL for the URL field, the ImageRef beside it. */
export interface StoredImage {
  url: string;
  image: ImageRef;
  name: string;
  reused: boolean;
}

const toDataUri = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("could not read the preview"));
    reader.readAsDataURL(blob);
  });

const messageOf = (error: unknown) =>
  error instanceof ImageProcessingError || (error instanceof Error && "code" in error) ? error.message : "The picture could not be prepared. Try again.";

const CANCELLED = "The upload was cancelled; nothing was saved. Choose the picture again to upload it.";

/** What an upload came to: the stored picture, or why it failed (also shown by the control). */
export type UploadOutcome = { stored: StoredImage } | { failed: string };

/** How a prepared picture is stored: storeMedia, or the library's replaceMedia. */
export type StoreImage = typeof storeMedia;

export function useImageUpload(store: StoreImage = storeMedia) {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  const storage = useRef<MediaStorage | null>(siteMediaStorage());
  // Leaving the screen mid-way stops the work; nothing was recorded yet.
  useEffect(() => () => abort.current?.abort(), []);

  /** Checks and prepares a file (nothing is sent yet). */
  const choose = useCallback(async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "preparing", name: file.name, done: 0 });
    const check = await checkFile(file);
    if (!check.ok) {
      setState({ phase: "failed", message: check.message, name: file.name });
      return;
    }
    try {
      const processed = await processImage(file, { signal: controller.signal, onProgress: (done) => setState({ phase: "preparing", name: file.name, done }) });
      // The smallest WebP: a preview the admin's CSP admits (data:), unlike an object URL.
      const preview = await toDataUri(processed.variants[0]?.blobs.webp ?? file);
      if (!controller.signal.aborted) setState({ phase: "ready", name: file.name, processed, preview });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: "failed", message: messageOf(error), name: file.name });
    }
  }, []);

  /** Uploads the prepared picture with its alt text (and focal point); resolves once it is stored, or failed. */
  const upload = useCallback(
    async (alt: string, focus?: Focus): Promise<UploadOutcome> => {
      const held = state.phase === "ready" || state.phase === "failed" ? state : null;
      const processed = held?.processed;
      if (!held || !processed) return { failed: "No picture is ready to upload." };
      const { name = "image", preview = "" } = held;
      if (!storage.current) {
        const message = "Picture uploads are not set up on this site: the runtime configuration names no storage bucket.";
        setState({ phase: "failed", name, processed, preview, message });
        return { failed: message };
      }
      const controller = new AbortController();
      abort.current = controller;
      const total = processed.variants.reduce((sum, v) => sum + v.blobs.webp.size + v.blobs.jpeg.size, 0);
      setState({ phase: "uploading", name, processed, preview, sent: 0, total });
      try {
        const { record, reused } = await store(
          { id: processed.id, name, alt, placeholder: processed.placeholder, ...(focus ? { focus } : {}), variants: processed.variants },
          { signal: controller.signal, onProgress: (p) => setState({ phase: "uploading", name, processed, preview, sent: p.sentBytes, total: p.totalBytes }) },
        );
        setState({ phase: "idle" });
        const image: ImageRef = {
          id: processed.id,
          alt,
          ...(record.placeholder ? { placeholder: record.placeholder } : {}),
          ...(focus ? { focus } : {}),
        };
        return { stored: { url: shareImage(storage.current, processed.id).url, image, name, reused } };
      } catch (error) {
        // Cancel lets the picture go (a form's Save will not send it); any other failure keeps it for another try.
        if (controller.signal.aborted) {
          setState({ phase: "failed", name, message: CANCELLED });
          return { failed: CANCELLED };
        }
        const message = messageOf(error);
        setState({ phase: "failed", name, processed, preview, message });
        return { failed: message };
      }
    },
    [state, store],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    setState((s) => (s.phase === "uploading" ? { phase: "failed", name: s.name, message: CANCELLED } : { phase: "idle" }));
  }, []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, choose, upload, cancel, reset };
}
