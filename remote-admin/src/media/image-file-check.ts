// The first step of an upload, before anything is decoded or sent: what the file really is (its
// bytes, not its name or the type the browser guessed from the name) and whether the site takes
// it. Every refusal is a sentence the owner can act on.
import { MEDIA_INPUT_MAX_BYTES } from "shared-content/admin";

/** The formats browsers decode that the pipeline takes as input. */
export type InputFormat = "jpeg" | "png" | "webp" | "avif" | "gif";
/** What the first bytes say a file is. */
export type SniffedFormat = InputFormat | "svg" | "heic" | null;

/** How many bytes of a file sniffImageFormat needs. */
export const SNIFF_BYTES = 1024;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The ISO base media file brands (major and compatible) of an AVIF or HEIC file, else []. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** The real format of a file from its first bytes (magic numbers), or null when it is none of them. */
export function sniffImageFormat(head: Uint8Array): SniffedFormat {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  const brands = ftypBrands(head);
  if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
  if (brands.some((b) => ["heic", "heix", "heim", "heis", "mif1"].includes(b))) return "heic";
  // SVG is text: an optional BOM, XML declaration, comments or doctype, then an <svg> element.
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, "");
  if (/^\s*</.test(text) && /<svg[\s>]/i.test(text)) return "svg";
  return null;
}

const ACCEPTED = "JPEG, PNG, WebP, AVIF or GIF";
/** The file input's accept list: a hint for the file chooser only; the bytes decide. */
export const ACCEPT_IMAGES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const MAX_MB = MEDIA_INPUT_MAX_BYTES / (1024 * 1024);

export type FileCheck = { ok: true; format: InputFormat } | { ok: false; message: string };

/** Whether the site takes this file, from its name, size and first bytes; the refusal in plain words. */
export function checkImageFile(file: { name: string; size: number }, head: Uint8Array): FileCheck {
  const name = `“${file.name || "The file"}”`;
  if (file.size === 0) return { ok: false, message: `${name} is empty (0 bytes). Choose the picture again.` };
  if (file.size > MEDIA_INPUT_MAX_BYTES) {
    return {
      ok: false,
      message: `${name} is ${megabytes(file.size)}; the largest picture you can upload is ${MAX_MB} MB. Export a smaller copy (a lower resolution or quality) and upload that.`,
    };
  }
  const format = sniffImageFormat(head);
  if (format === "svg") {
    return {
      ok: false,
      message: `${name} is an SVG drawing. SVG files can carry scripts that would run on your site, so they are not accepted. Save it as a PNG and upload that instead.`,
    };
  }
  if (format === "heic") {
    return {
      ok: false,
      message: `${name} is a HEIC photo (the iPhone's format), which browsers cannot read. Export it as JPEG (on the iPhone: Settings › Camera › Formats › Most Compatible) and upload that.`,
    };
  }
  if (format === null) {
    return {
      ok: false,
      message: `${name} is not a picture the site can use: its content is not ${ACCEPTED} image data, whatever its name says. Choose a photo or an image file.`,
    };
  }
  return { ok: true, format };
}

/** The same check for a File (reads its first bytes). */
export async function checkFile(file: File): Promise<FileCheck> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkImageFile(file, head);
}
