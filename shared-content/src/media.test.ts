import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  ImageRefSchema,
  MediaRecordFieldsSchema,
  mediaBytes,
  mediaIdOfPath,
  mediaIdOfUrl,
  mediaObjectPath,
  mediaSize,
  mediaStorageOf,
  mediaUrl,
  mediaWidths,
  pictureSources,
  shareImage,
} from "./media";

const storage = { origin: "http://127.0.0.1:9199", bucket: "demo-portfolio.appspot.com" };
const id = "0123456789abcdef-4000x3000";

describe("media ids and the width ladder", () => {
  it("reads the intrinsic size from the id", () => {
    expect(mediaSize(id)).toEqual({ width: 4000, height: 3000 });
    expect(() => mediaSize("../etc-1x1")).toThrow(/not a media id/);
  });

  it("caps the ladder at the original's width and at the top rung", () => {
    expect(mediaWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(mediaWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(mediaWidths(640)).toEqual([320, 640]);
    expect(mediaWidths(200)).toEqual([200]);
  });

  it("names variants by id, width and format", () => {
    expect(mediaObjectPath(id, 640, "webp")).toBe(`media/${id}/640.webp`);
    expect(mediaObjectPath(id, 640, "jpeg")).toBe(`media/${id}/640.jpg`);
    expect(mediaUrl(storage, id, 320, "jpeg")).toBe(`http://127.0.0.1:9199/v0/b/demo-portfolio.appspot.com/o/media%2F${id}%2F320.jpg?alt=media`);
  });
});

describe("what pages derive", () => {
  it("gives a WebP source and a JPEG img over the whole ladder", () => {
    const picture = pictureSources(storage, id);
    expect(picture).toMatchObject({ width: 4000, height: 3000 });
    expect(picture.sources).toHaveLength(1);
    expect(picture.sources[0]?.type).toBe("image/webp");
    expect(picture.sources[0]?.srcset.split(", ")).toHaveLength(5);
    expect(picture.srcset).toContain("1920.jpg?alt=media 1920w");
    expect(picture.src).toContain("1280.jpg");
  });

  it("shares the largest JPEG up to 1280 px with its size", () => {
    expect(shareImage(storage, id)).toEqual({ url: mediaUrl(storage, id, 1280, "jpeg"), width: 1280, height: 960, type: "image/jpeg" });
    expect(shareImage(storage, "0123456789abcdef-800x600").width).toBe(800);
  });

  it("recognises its own variant URLs and nothing else", () => {
    expect(mediaIdOfUrl(storage, mediaUrl(storage, id, 640, "webp"))).toBe(id);
    expect(mediaIdOfUrl(storage, "https://example.com/photo.jpg")).toBeNull();
    expect(mediaIdOfUrl(storage, `${storage.origin}/v0/b/${storage.bucket}/o/other%2Fx.jpg?alt=media`)).toBeNull();
  });

  it("finds the storage in the runtime config, the emulator when local", () => {
    const firebase = { apiKey: "k", authDomain: "d", projectId: "p", appId: "a", databaseURL: "u", storageBucket: "b" };
    expect(mediaStorageOf({ firebase })).toEqual({ origin: "https://firebasestorage.googleapis.com", bucket: "b" });
    expect(mediaStorageOf({ firebase, emulators: { storage: { host: "127.0.0.1", port: 9199 } } })).toEqual({ origin: "http://127.0.0.1:9199", bucket: "b" });
    expect(mediaStorageOf({ firebase: { ...firebase, storageBucket: "" } })).toBeNull();
  });
});

describe("ImageRef", () => {
  it("requires alt text and a real id", () => {
    expect(v.safeParse(ImageRefSchema, { id, alt: "A red door" }).success).toBe(true);
    const noAlt = v.safeParse(ImageRefSchema, { id, alt: "  " });
    expect(noAlt.success).toBe(false);
    expect(noAlt.issues?.[0].message).toBe("Describe the image in the alt text");
    expect(v.safeParse(ImageRefSchema, { id: "photo.jpg", alt: "x" }).success).toBe(false);
    expect(v.safeParse(ImageRefSchema, { id, alt: "x", placeholder: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("the media library's record", () => {
  const record = {
    alt: "A red bicycle",
    name: "bicycle.jpg",
    variants: { "320": { webp: 9000, jpeg: 14000 }, "640": { webp: 25000, jpeg: 41000 } },
    createdAt: 1,
  };
  it("accepts a record and sums its variants' bytes", () => {
    expect(v.is(MediaRecordFieldsSchema, record)).toBe(true);
    expect(mediaBytes(record)).toBe(89000);
  });
  it("refuses missing alt text, a width that is not a number, an empty variant and unknown fields", () => {
    expect(v.is(MediaRecordFieldsSchema, { ...record, alt: " " })).toBe(false);
    expect(v.is(MediaRecordFieldsSchema, { ...record, variants: { big: { webp: 1, jpeg: 1 } } })).toBe(false);
    expect(v.is(MediaRecordFieldsSchema, { ...record, variants: { "320": { webp: 0, jpeg: 1 } } })).toBe(false);
    expect(v.is(MediaRecordFieldsSchema, { ...record, gps: "57.7,11.9" })).toBe(false);
  });
  it("reads the id of a variant's object path", () => {
    expect(mediaIdOfPath(`media/${id}/640.webp`)).toBe(id);
    expect(mediaIdOfPath(`media/${id}/original.png`)).toBeNull();
    expect(mediaIdOfPath("media/not-an-id/640.jpg")).toBeNull();
  });
});
