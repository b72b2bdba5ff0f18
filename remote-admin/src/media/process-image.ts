// The upload pipeline's image work, in the browser: decode with the EXIF orientation applied,
// redraw every width of the ladder on a canvas (a redraw carries no metadata: EXIF, GPS and
// colour-profile tags are gone), encode WebP and JPEG, make the inline placeholder, and name
// the picture by the SHA-256 of the original file (media.ts: the id is content-addressed).
// Measured on the 4000x3000 case (docs/media.md): it runs on the main thread;
// decoding and encoding happen off it in Chromium, and what remains are the draws.
import { MEDIA_FORMATS, PLACEHOLDER_MAX, mediaWidths, type MediaFormat } from "shared-content/admin";
import { webpWithoutMetadata } from "./webp-metadata";

/** One width of the ladder, in every format. */
export interface ProcessedVariant {
  width: number;
  height: number;
  blobs: Record<MediaFormat, Blob>;
}

export interface ProcessedImage {
  /** "<16 hex of SHA-256>-<W>x<H>" (media.ts). */
  id: string;
  width: number;
  height: number;
  variants: ProcessedVariant[];
  /** A ~20 px wide image as a data URI, within PLACEHOLDER_MAX. */
  placeholder: string;
}

/** Encoder quality per format: visually clean photos at about half JPEG's bytes for WebP. */
export const QUALITY: Record<MediaFormat, number> = { webp: 0.8, jpeg: 0.82 };
const MIME: Record<MediaFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };
/** The largest picture decoded (in pixels): beyond, a browser tab runs out of memory. */
export const MAX_PIXELS = 100_000_000;

export class ImageProcessingError extends Error {}

/** The id of an original: its SHA-256's first 16 hex digits, then its upright size. */
export async function mediaIdOf(bytes: ArrayBuffer, width: number, height: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest.subarray(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex}-${width}x${height}`;
}

/** The height of a `width` wide copy of a `w` x `h` picture. */
export const scaledHeight = (w: number, h: number, width: number) => Math.max(1, Math.round((h * width) / w));

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: AnyCanvas, type: string, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Draws `source` at `width` x `height`. JPEG has no transparency: its copy is drawn on white (a
 * transparent PNG would otherwise turn black).
 */
function draw(source: CanvasImageSource & { width: number; height: number }, width: number, height: number, format: MediaFormat): AnyCanvas {
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!ctx) throw new ImageProcessingError("This browser could not prepare the picture (no 2D canvas). Try again in a recent Chrome, Edge or Firefox.");
  if (format === "jpeg") {
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** Encodes `canvas` as `format`, refusing what a browser silently encodes as something else (PNG, when it cannot encode WebP). */
async function encodeAs(canvas: AnyCanvas, format: MediaFormat, quality = QUALITY[format]): Promise<Blob> {
  const blob = await encode(canvas, MIME[format], quality);
  if (!blob || blob.type !== MIME[format]) {
    throw new ImageProcessingError(
      format === "webp"
        ? "This browser cannot save pictures as WebP, which the site serves. Upload from a recent Chrome, Edge or Firefox."
        : "This browser could not save the picture as JPEG. Try again in a recent Chrome, Edge or Firefox.",
    );
  }
  return blob;
}

const dataUri = (bytes: Uint8Array, type: string) => {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:${type};base64,${btoa(binary)}`;
};

/** Placeholder widths and qualities tried in turn until one fits PLACEHOLDER_MAX. */
const PLACEHOLDER_TRIES: { width: number; quality: number }[] = [
  { width: 20, quality: 0.5 },
  { width: 16, quality: 0.4 },
  { width: 12, quality: 0.3 },
];

/** A tiny WebP of the picture as a data URI, blurred up by the page until the picture paints. */
export async function makePlaceholder(source: CanvasImageSource & { width: number; height: number }): Promise<string> {
  for (const { width, quality } of PLACEHOLDER_TRIES) {
    const w = Math.min(width, source.width);
    const canvas = draw(source, w, scaledHeight(source.width, source.height, w), "jpeg");
    const webp = webpWithoutMetadata(new Uint8Array(await (await encodeAs(canvas, "webp", quality)).arrayBuffer()));
    const uri = dataUri(webp, "image/webp");
    if (uri.length <= PLACEHOLDER_MAX) return uri;
  }
  throw new ImageProcessingError("Could not make a small enough placeholder for this picture.");
}

/** Decodes the file upright (EXIF orientation applied). */
export async function decodeUpright(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageProcessingError("The picture could not be read: the file may be damaged or cut short. Open it on your computer to check, then try again.");
  }
}

export interface ProcessOptions {
  /** Called after each step, with the share of the work done (0..1). */
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

/** Everything the upload stores for one original file. */
export async function processImage(file: Blob, { onProgress, signal }: ProcessOptions = {}): Promise<ProcessedImage> {
  const [bytes, bitmap] = await Promise.all([file.arrayBuffer(), decodeUpright(file)]);
  try {
    const { width, height } = bitmap;
    if (width * height > MAX_PIXELS) {
      throw new ImageProcessingError(
        `The picture is ${width} x ${height} pixels, more than the ${MAX_PIXELS / 1_000_000} million pixels a browser can safely resize. Export a smaller copy and upload that.`,
      );
    }
    const id = await mediaIdOf(bytes, width, height);
    const widths = mediaWidths(width);
    const steps = widths.length * MEDIA_FORMATS.length + 1;
    let done = 0;
    const step = () => {
      signal?.throwIfAborted();
      onProgress?.(++done / steps);
    };
    // Largest first: the smaller widths are drawn from the top rung's copy, not from the
    // original (a 12-megapixel draw is the main thread's longest task; one is enough).
    const variants: ProcessedVariant[] = [];
    let source: CanvasImageSource & { width: number; height: number } = bitmap;
    for (const w of [...widths].reverse()) {
      const h = scaledHeight(width, height, w);
      const blobs = {} as Record<MediaFormat, Blob>;
      for (const format of MEDIA_FORMATS) {
        const canvas = draw(source, w, h, format);
        if (format === "webp" && source === bitmap) source = canvas; // keeps transparency for the smaller WebPs
        blobs[format] = await encodeAs(canvas, format);
        step();
      }
      variants.unshift({ width: w, height: h, blobs });
    }
    const placeholder = await makePlaceholder(source);
    step();
    return { id, width, height, variants, placeholder };
  } finally {
    bitmap.close();
  }
}
