// Pictures: the one contract between the admin's upload pipeline (which makes the variants) and
// every page that shows them (which only derives URLs). docs/media.md.
//
// A picture is stored in Firebase Storage as a ladder of variants under media/{id}/, where the id
// is content-addressed and self-describing: "<16 hex of the original's SHA-256>-<W>x<H>". From the
// id alone a page knows the intrinsic size, the widths that exist and every variant's path, so
// content stores a small `ImageRef` beside each image URL and no page reads the media library.
// Variants are never overwritten (a new original is a new id), so they are served immutable.
import * as v from "valibot";
import type { RuntimeConfig } from "runtime-config";
import { LIMITS } from "./limits";

/** Widths made for every picture, capped at the original's width. */
export const MEDIA_LADDER = [320, 640, 960, 1280, 1920] as const;
/** Formats of every width, preferred first: WebP for browsers, JPEG as the fallback and for link previews. */
export const MEDIA_FORMATS = ["webp", "jpeg"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
const EXTENSION: Record<MediaFormat, string> = { webp: "webp", jpeg: "jpg" };
const CONTENT_TYPE: Record<MediaFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };
/** Link previews (og:image, JSON-LD, feeds) use the largest JPEG variant up to this width. */
export const SHARE_IMAGE_MAX_WIDTH = 1280;
/** Variants never change under their path. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Where variants live in the bucket. */
export const MEDIA_PREFIX = "media/";
/** The Storage REST origin in production (locally the runtime config names the emulator). */
export const STORAGE_ORIGIN = "https://firebasestorage.googleapis.com";

export const MEDIA_ID_PATTERN = /^[0-9a-f]{16}-[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$/;
/** A placeholder small enough to inline in every page: a tiny raster as a data URI. */
export const PLACEHOLDER_PATTERN = /^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/;
export const PLACEHOLDER_MAX = 2000;

export const mediaIdSchema = v.pipe(v.string("A media id must be text"), v.regex(MEDIA_ID_PATTERN, "Not a media id"));

/** Alt text describes the picture for people who cannot see it; required wherever a picture is used. */
export const altTextSchema = v.pipe(
  v.string("Alt text must be text"),
  v.trim(),
  v.minLength(1, "Describe the image in the alt text"),
  v.maxLength(LIMITS.alt.max, `Alt text must be at most ${LIMITS.alt.max} characters`),
);

/** Where to keep the picture's subject when a layout crops it, in percent of width and height. */
export const FocusSchema = v.strictObject({
  x: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  y: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
});

/** A picture as content uses it (a post's cover, the avatar, ...): stored beside the image URL field. */
export const ImageRefSchema = v.strictObject({
  id: mediaIdSchema,
  alt: altTextSchema,
  placeholder: v.optional(v.pipe(v.string(), v.maxLength(PLACEHOLDER_MAX), v.regex(PLACEHOLDER_PATTERN, "Not a placeholder image"))),
  focus: v.optional(FocusSchema),
});
export type ImageRef = v.InferOutput<typeof ImageRefSchema>;
export type Focus = v.InferOutput<typeof FocusSchema>;

/** The intrinsic size an id carries. */
export function mediaSize(id: string): { width: number; height: number } {
  const match = /-([0-9]+)x([0-9]+)$/.exec(id);
  if (!match || !MEDIA_ID_PATTERN.test(id)) throw new Error(`not a media id: ${id}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** The widths a picture of this original width has: the ladder below it, and the original capped at the top rung. */
export function mediaWidths(originalWidth: number): number[] {
  const top = Math.min(originalWidth, MEDIA_LADDER[4]);
  return [...MEDIA_LADDER.filter((w) => w < top), top];
}

/** The height of a variant of `width`, from the original's proportions. */
export const variantHeight = (id: string, width: number) => {
  const size = mediaSize(id);
  return Math.max(1, Math.round((size.height * width) / size.width));
};

/** The bucket path of one variant: media/{id}/{width}.{webp|jpg}. */
export const mediaObjectPath = (id: string, width: number, format: MediaFormat) => `${MEDIA_PREFIX}${id}/${width}.${EXTENSION[format]}`;
export const mediaContentType = (format: MediaFormat) => CONTENT_TYPE[format];

/** Where a site's pictures are read from: the Storage origin and the bucket. */
export interface MediaStorage {
  origin: string;
  bucket: string;
}

/** The storage the runtime config names (`firebase.storageBucket`, and locally `emulators.storage`); null without a bucket. */
export function mediaStorageOf(config: Pick<RuntimeConfig, "firebase" | "emulators">): MediaStorage | null {
  const bucket = config.firebase.storageBucket;
  if (!bucket) return null;
  const local = config.emulators?.storage;
  return { origin: local ? `http://${local.host}:${local.port}` : STORAGE_ORIGIN, bucket };
}

/** The public URL of an object (published media is readable by everyone, so no token is needed). */
export const storageObjectUrl = (storage: MediaStorage, path: string) =>
  `${storage.origin}/v0/b/${encodeURIComponent(storage.bucket)}/o/${encodeURIComponent(path)}?alt=media`;

export const mediaUrl = (storage: MediaStorage, id: string, width: number, format: MediaFormat) =>
  storageObjectUrl(storage, mediaObjectPath(id, width, format));

export interface PictureSources {
  width: number;
  height: number;
  /** One `<source>` per modern format, preferred first. */
  sources: { type: string; srcset: string }[];
  /** The JPEG ladder for the `<img>` itself. */
  srcset: string;
  /** The `<img src>`: the JPEG variant a browser without srcset should load. */
  src: string;
}

/** Everything a `<picture>` needs, derived from the id. */
export function pictureSources(storage: MediaStorage, id: string): PictureSources {
  const { width, height } = mediaSize(id);
  const widths = mediaWidths(width);
  const ladder = (format: MediaFormat) => widths.map((w) => `${mediaUrl(storage, id, w, format)} ${w}w`).join(", ");
  return {
    width,
    height,
    sources: MEDIA_FORMATS.filter((f) => f !== "jpeg").map((f) => ({ type: CONTENT_TYPE[f], srcset: ladder(f) })),
    srcset: ladder("jpeg"),
    src: mediaUrl(storage, id, shareWidth(width), "jpeg"),
  };
}

const shareWidth = (originalWidth: number) => {
  const widths = mediaWidths(originalWidth);
  return [...widths].reverse().find((w) => w <= SHARE_IMAGE_MAX_WIDTH) ?? MEDIA_LADDER[0];
};

/** The image link previews use: the largest JPEG up to SHARE_IMAGE_MAX_WIDTH, with its size. */
export function shareImage(storage: MediaStorage, id: string): { url: string; width: number; height: number; type: string } {
  const width = shareWidth(mediaSize(id).width);
  return { url: mediaUrl(storage, id, width, "jpeg"), width, height: variantHeight(id, width), type: CONTENT_TYPE.jpeg };
}

/** The media id of a URL that points at a variant in `storage`, else null (an image typed by hand). */
export function mediaIdOfUrl(storage: MediaStorage, url: string): string | null {
  const prefix = `${storage.origin}/v0/b/${encodeURIComponent(storage.bucket)}/o/`;
  if (!url.startsWith(prefix)) return null;
  return mediaIdOfPath(decodeURIComponent(url.slice(prefix.length).split("?")[0] ?? ""));
}

// --- the media library: one record per picture, admin only ---------------------------------

/** The largest file the upload accepts (the original, before it is resized): documented, and named in the refusal. */
export const MEDIA_INPUT_MAX_BYTES = 25 * 1024 * 1024;
/** The largest variant the pipeline makes fits well below this (a 1920 px JPEG); a record holding more is not ours. */
export const MEDIA_VARIANT_MAX_BYTES = 10 * 1024 * 1024;
/** A ladder width as a record key ("320" ... "1920"). */
export const VARIANT_WIDTH_KEY_PATTERN = /^[1-9][0-9]{0,3}$/;

const variantBytesSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MEDIA_VARIANT_MAX_BYTES));
/** The bytes of each format of one width. */
export const VariantBytesSchema = v.strictObject({ webp: variantBytesSchema, jpeg: variantBytesSchema });
export type VariantBytes = v.InferOutput<typeof VariantBytesSchema>;

/**
 * `media/{id}`: what the library knows of a picture beyond its id. Written only once every
 * variant is stored, so a record means the files exist (the library lists the exceptions as
 * orphans). `alt`, `placeholder` and `focus` are the defaults a new use copies into its ImageRef.
 */
export const MediaRecordFieldsSchema = v.strictObject({
  alt: altTextSchema,
  placeholder: ImageRefSchema.entries.placeholder,
  focus: v.optional(FocusSchema),
  /** The original file's name, for search and recognition. */
  name: v.pipe(v.string(), v.trim(), v.minLength(LIMITS.fileName.min), v.maxLength(LIMITS.fileName.max)),
  /** Bytes of each stored variant, keyed by width. */
  variants: v.record(v.pipe(v.string(), v.regex(VARIANT_WIDTH_KEY_PATTERN)), VariantBytesSchema),
  createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type MediaRecordFields = v.InferOutput<typeof MediaRecordFieldsSchema>;
export const MediaRecordSchema = v.strictObject({
  ...MediaRecordFieldsSchema.entries,
  rev: v.pipe(v.number(), v.integer(), v.minValue(1)),
  updatedAt: v.number(),
});
export type MediaRecord = v.InferOutput<typeof MediaRecordSchema>;

/** Total bytes of a record's variants. */
export const mediaBytes = (record: Pick<MediaRecordFields, "variants">) => Object.values(record.variants).reduce((sum, b) => sum + b.webp + b.jpeg, 0);

/** The id of an object path under media/ (media/{id}/{w}.{ext}), or null. */
export function mediaIdOfPath(path: string): string | null {
  const id = /^media\/([^/]+)\/[0-9]+\.(webp|jpg)$/.exec(path)?.[1];
  return id !== undefined && MEDIA_ID_PATTERN.test(id) ? id : null;
}
