import { describe, expect, it } from "vitest";
import { checkImageFile, sniffImageFormat } from "./image-file-check";

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compatible);
};

describe("what a file really is, from its first bytes", () => {
  it("knows the formats the upload takes", () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImageFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffImageFormat(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    // An AVIF image sequence, and an AVIF whose major brand is generic.
    expect(sniffImageFormat(ftyp("avis"))).toBe("avif");
    expect(sniffImageFormat(ftyp("mif1", "avif"))).toBe("avif");
  });
  it("tells apart what it refuses: SVG (with an XML declaration or a BOM), HEIC, anything else", () => {
    expect(sniffImageFormat(bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg">'))).toBe("svg");
    expect(sniffImageFormat(bytes([0xef, 0xbb, 0xbf], "<svg>"))).toBe("svg");
    expect(sniffImageFormat(ftyp("heic", "mif1"))).toBe("heic");
    expect(sniffImageFormat(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
    expect(sniffImageFormat(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageFormat(bytes("<html><body>not svg</body></html>"))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});

describe("the refusals, in plain words", () => {
  const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0]);
  it("accepts an image whatever its name, and names the format it found", () => {
    expect(checkImageFile({ name: "photo.png", size: 1000 }, jpeg)).toEqual({ ok: true, format: "jpeg" });
  });
  it("refuses an empty file, one over 25 MB, SVG, HEIC and non-images", () => {
    expect(checkImageFile({ name: "a.jpg", size: 0 }, jpeg)).toMatchObject({ ok: false, message: expect.stringContaining("is empty") });
    expect(checkImageFile({ name: "a.jpg", size: 25 * 1024 * 1024 + 1 }, jpeg)).toMatchObject({ ok: false, message: expect.stringContaining("25 MB") });
    expect(checkImageFile({ name: "a.jpg", size: 25 * 1024 * 1024 }, jpeg)).toMatchObject({ ok: true });
    expect(checkImageFile({ name: "logo.svg", size: 10 }, bytes("<svg>"))).toMatchObject({ ok: false, message: expect.stringContaining("Save it as a PNG") });
    expect(checkImageFile({ name: "IMG_1.HEIC", size: 10 }, ftyp("heic"))).toMatchObject({ ok: false, message: expect.stringContaining("Export it as JPEG") });
    expect(checkImageFile({ name: "cv.jpg", size: 10 }, bytes("%PDF-1.7"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("its content is not JPEG, PNG, WebP, AVIF or GIF image data"),
    });
  });
});
