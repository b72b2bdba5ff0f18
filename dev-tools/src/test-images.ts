// Test pictures built in the test itself: EXIF spliced into a JPEG a browser encoded, and readers
// of what an encoded file carries (its size, any EXIF). Shared by remote-admin's browser test of
// the upload pipeline, the e2e specs and bench:media.

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** A little-endian TIFF IFD entry. */
const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];

/**
 * An APP1 Exif segment with an Orientation tag and a GPS position (what a phone writes), as bytes.
 * Layout: "Exif\0\0", TIFF header, IFD0 (Orientation, GPSInfo pointer), GPS IFD, rationals.
 */
/** What an Exif segment records: an orientation and a GPS position. */
export interface ExifOptions {
  orientation?: number;
  latitude?: number;
  longitude?: number;
}

export function exifSegment({ orientation = 6, latitude = 57.7089, longitude = 11.9746 }: ExifOptions = {}): Buffer {
  const dms = (deg: number) => {
    const d = Math.floor(deg);
    const m = Math.floor((deg - d) * 60);
    const s = Math.round(((deg - d) * 60 - m) * 60 * 100);
    return [...u32(d), ...u32(1), ...u32(m), ...u32(1), ...u32(s), ...u32(100)];
  };
  // Offsets are from the TIFF header's start.
  const ifd0At = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size;
  const gpsSize = 2 + 4 * 12 + 4;
  const latAt = gpsAt + gpsSize;
  const lonAt = latAt + 24;
  const tiff = [
    ...[0x49, 0x49, 0x2a, 0x00],
    ...u32(ifd0At),
    ...u16(2),
    ...entry(0x0112, 3, 1, [...u16(orientation), 0, 0]),
    ...entry(0x8825, 4, 1, u32(gpsAt)),
    ...u32(0),
    ...u16(4),
    ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]), // GPSLatitudeRef "N"
    ...entry(0x0002, 5, 3, u32(latAt)),
    ...entry(0x0003, 2, 2, [0x45, 0, 0, 0]), // GPSLongitudeRef "E"
    ...entry(0x0004, 5, 3, u32(lonAt)),
    ...u32(0),
    ...dms(latitude),
    ...dms(longitude),
  ];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = body.length + 2;
  return Buffer.from([0xff, 0xe1, (length >> 8) & 0xff, length & 0xff, ...body]);
}

/** The JPEG with an Exif segment inserted right after its start-of-image marker. */
export function withExif(jpeg: Uint8Array, options?: ExifOptions): Buffer {
  const bytes = Buffer.from(jpeg);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("not a JPEG");
  return Buffer.concat([bytes.subarray(0, 2), exifSegment(options), bytes.subarray(2)]);
}

/** The JPEG's marker segments before the image data: [{ marker, start, length }]. */
function jpegSegments(bytes: Buffer) {
  const segments: { marker: number; start: number; length: number }[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    segments.push({ marker, start: at, length });
    if (marker === 0xda) break; // start of scan: image data follows
    at += 2 + length;
  }
  return segments;
}

/** The RIFF chunks of a WebP file: [{ id, start, length }]. */
function webpChunks(bytes: Buffer) {
  const chunks: { id: string; start: number; length: number }[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32LE(at + 4);
    chunks.push({ id: bytes.toString("latin1", at, at + 4), start: at + 8, length });
    at += 8 + length + (length % 2);
  }
  return chunks;
}

/** Whether an encoded JPEG or WebP carries EXIF (or XMP) metadata. */
export function hasMetadata(data: Uint8Array): boolean {
  const bytes = Buffer.from(data);
  if (bytes.toString("latin1", 0, 4) === "RIFF") return webpChunks(bytes).some((c) => c.id === "EXIF" || c.id === "XMP ");
  return jpegSegments(bytes).some((s) => s.marker === 0xe1);
}

/** The pixel size an encoded JPEG or WebP declares. */
export function imageSize(data: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(data);
  if (bytes.toString("latin1", 0, 4) === "RIFF") {
    for (const c of webpChunks(bytes)) {
      if (c.id === "VP8 ") return { width: bytes.readUInt16LE(c.start + 6) & 0x3fff, height: bytes.readUInt16LE(c.start + 8) & 0x3fff };
      if (c.id === "VP8L") {
        const bits = bytes.readUInt32LE(c.start + 1);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (c.id === "VP8X") return { width: bytes.readUIntLE(c.start + 4, 3) + 1, height: bytes.readUIntLE(c.start + 7, 3) + 1 };
    }
    throw new Error("WebP without an image chunk");
  }
  const sof = jpegSegments(bytes).find((s) => s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker));
  if (!sof) throw new Error("JPEG without a frame header");
  return { height: bytes.readUInt16BE(sof.start + 5), width: bytes.readUInt16BE(sof.start + 7) };
}
