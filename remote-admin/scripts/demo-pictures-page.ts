// The page of demo-pictures.ts, in Chromium: draws each demo picture on a canvas (generated art:
// gradients, shapes and text, so nothing is downloaded and nothing large is committed), saves it
// as a PNG "original" and runs it through the admin's own upload pipeline (process-image.ts), so
// the seed's variants, ids and placeholders are exactly what an upload of that file makes.
import { processImage } from "../src/media/process-image";
import { PICTURES } from "./demo-pictures/pictures";

const toBase64 = async (blob: Blob) => {
  let binary = "";
  for (const b of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(b);
  return btoa(binary);
};

/** Draws one picture, saves it as a PNG original, and runs it through the upload pipeline. */
async function make(key: string) {
  const picture = PICTURES.find((p) => p.key === key);
  if (!picture) throw new Error(`no demo picture ${key}`);
  const canvas = new OffscreenCanvas(picture.width, picture.height);
  picture.draw(canvas.getContext("2d")!, picture.width, picture.height);
  const original = await canvas.convertToBlob({ type: "image/png" });
  const processed = await processImage(new File([original], picture.name, { type: "image/png" }));
  return {
    key,
    name: picture.name,
    alt: picture.alt,
    id: processed.id,
    placeholder: processed.placeholder,
    variants: await Promise.all(
      processed.variants.map(async (v) => ({ width: v.width, webp: await toBase64(v.blobs.webp), jpeg: await toBase64(v.blobs.jpeg) })),
    ),
  };
}

Object.assign(window, { demoPictures: { keys: PICTURES.map((p) => p.key), make } });
