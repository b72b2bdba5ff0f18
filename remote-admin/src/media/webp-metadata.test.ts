import { describe, expect, it } from "vitest";
import { webpWithoutMetadata } from "./webp-metadata";

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const chunk = (id: string, payload: number[]) => [...ascii(id), ...u32(payload.length), ...payload, ...(payload.length % 2 ? [0] : [])];
const webp = (...chunks: number[][]) => {
  const body = [...ascii("WEBP"), ...chunks.flat()];
  return new Uint8Array([...ascii("RIFF"), ...u32(body.length), ...body]);
};
/** A VP8X header: flags, 3 reserved bytes, canvas width-1 and height-1 (24 bits each). */
const vp8x = (flags: number) => chunk("VP8X", [flags, 0, 0, 0, 19, 0, 0, 14, 0, 0]);
const image = chunk("VP8 ", [1, 2, 3, 4, 5]); // odd size: a padding byte follows
const profile = chunk(
  "ICCP",
  Array.from({ length: 456 }, (_, i) => i & 0xff),
);

describe("webpWithoutMetadata", () => {
  it("turns what Chromium's canvas writes (VP8X + ICCP + VP8) into the simple format", () => {
    const out = webpWithoutMetadata(webp(vp8x(0x20), profile, image));
    expect([...out]).toEqual([...webp(image)]);
    expect(new DataView(out.buffer).getUint32(4, true)).toBe(out.length - 8);
  });

  it("keeps the extended header, with the profile's flag cleared, when other chunks need it", () => {
    const alpha = chunk("ALPH", [9, 9]);
    const out = webpWithoutMetadata(webp(vp8x(0x20 | 0x10), profile, alpha, image));
    expect([...out]).toEqual([...webp(vp8x(0x10), alpha, image)]);
  });

  it("drops EXIF and XMP too", () => {
    const out = webpWithoutMetadata(webp(vp8x(0x08 | 0x04), image, chunk("EXIF", [1, 2]), chunk("XMP ", [3])));
    expect([...out]).toEqual([...webp(image)]);
  });

  it("returns a file without metadata, or one it cannot read, unchanged", () => {
    const plain = webp(image);
    expect(webpWithoutMetadata(plain)).toBe(plain);
    const cut = webp(vp8x(0x20), profile, image).subarray(0, 40);
    expect(webpWithoutMetadata(cut)).toBe(cut);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(webpWithoutMetadata(png)).toBe(png);
  });
});
