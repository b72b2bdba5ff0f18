// The page of media-pipeline.pw.ts: the pipeline's modules as the admin runs them, on window.
import { checkFile } from "../src/media/image-file-check";
import { processImage } from "../src/media/process-image";
import { PLACEHOLDER_MAX, PLACEHOLDER_PATTERN } from "shared-content/admin";

const toBase64 = async (blob: Blob) => {
  let binary = "";
  for (const b of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(b);
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A `width` x `height` JPEG: the top half red, the bottom half blue (so a rotation shows). */
async function twoColourJpeg(width: number, height: number): Promise<string> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#f00";
  ctx.fillRect(0, 0, width, height / 2);
  ctx.fillStyle = "#00f";
  ctx.fillRect(0, height / 2, width, height / 2);
  return toBase64(await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 }));
}

/** The colour at (x, y) of a picture, as "r,g,b" rounded to red, blue or other. */
async function colourAt(blob: Blob, x: number, y: number): Promise<string> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(bitmap, 0, 0);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(Math.round(x * bitmap.width), Math.round(y * bitmap.height), 1, 1).data;
  return r > 200 && g < 60 && b < 60 ? "red" : b > 200 && r < 60 && g < 60 ? "blue" : `${r},${g},${b}`;
}

async function run(base64: string, name: string) {
  const file = new File([fromBase64(base64)], name, { type: "image/jpeg" });
  const check = await checkFile(file);
  const processed = await processImage(file);
  const largest = processed.variants.at(-1)!;
  return {
    check,
    id: processed.id,
    width: processed.width,
    height: processed.height,
    placeholder: processed.placeholder,
    variants: await Promise.all(
      processed.variants.map(async (v) => ({
        width: v.width,
        height: v.height,
        webp: { type: v.blobs.webp.type, data: await toBase64(v.blobs.webp) },
        jpeg: { type: v.blobs.jpeg.type, data: await toBase64(v.blobs.jpeg) },
      })),
    ),
    // Left and right middle of the largest variant, both formats.
    colours: {
      webp: [await colourAt(largest.blobs.webp, 0.1, 0.5), await colourAt(largest.blobs.webp, 0.9, 0.5)],
      jpeg: [await colourAt(largest.blobs.jpeg, 0.1, 0.5), await colourAt(largest.blobs.jpeg, 0.9, 0.5)],
    },
  };
}

async function checkBytes(base64: string, name: string, size?: number) {
  const bytes = fromBase64(base64);
  const file = new File(size === undefined ? [bytes] : [bytes, new Uint8Array(size - bytes.length)], name);
  return checkFile(file);
}

async function processError(base64: string, name: string) {
  try {
    await processImage(new File([fromBase64(base64)], name));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

Object.assign(window, {
  pipeline: { twoColourJpeg, run, checkBytes, processError, contract: { placeholderMax: PLACEHOLDER_MAX, placeholderPattern: PLACEHOLDER_PATTERN.source } },
});
