// Chromium's canvas writes an sRGB colour profile (an ICCP chunk of about 460 bytes) into every
// WebP it encodes. On a 20 px placeholder that is 70% of the file, and the placeholder is inlined
// in the page twice (markup and page data): at 100x the demo, the films page's first window
// carried 24 KB of profiles. Without a profile a browser assumes sRGB, which is what it said.
// The format: https://developers.google.com/speed/webp/docs/riff_container

/** The VP8X flags of the chunks dropped here: ICC profile, EXIF, XMP. */
const METADATA = { ICCP: 0x20, EXIF: 0x08, "XMP ": 0x04 } as const;
const IMAGE_CHUNKS = new Set(["VP8 ", "VP8L"]);

const fourCC = (bytes: Uint8Array<ArrayBuffer>, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

interface Chunk {
  id: string;
  /** The whole chunk: header, payload and its padding byte. */
  bytes: Uint8Array<ArrayBuffer>;
}

function chunksOf(file: Uint8Array<ArrayBuffer>): Chunk[] | null {
  if (file.length < 12 || fourCC(file, 0) !== "RIFF" || fourCC(file, 8) !== "WEBP") return null;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 12; at < file.length; ) {
    if (at + 8 > file.length) return null;
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size & 1);
    if (end > file.length) return null;
    chunks.push({ id: fourCC(file, at), bytes: file.subarray(at, end) });
    at = end;
  }
  return chunks;
}

function riff(chunks: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  const size = 4 + chunks.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(8 + size);
  out.set([0x52, 0x49, 0x46, 0x46]); // RIFF
  new DataView(out.buffer).setUint32(4, size, true);
  out.set([0x57, 0x45, 0x42, 0x50], 8); // WEBP
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The same WebP without its colour profile, EXIF and XMP chunks. A still image with nothing else
 * to say becomes the simple format (its one VP8/VP8L chunk); otherwise the extended header stays
 * with those flags cleared. Anything it cannot read is returned unchanged.
 */
export function webpWithoutMetadata(file: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const chunks = chunksOf(file);
  if (!chunks) return file;
  const kept = chunks.filter((c) => !(c.id in METADATA));
  if (kept.length === chunks.length) return file;
  const header = kept[0]?.id === "VP8X" ? kept[0] : undefined;
  if (!header) return riff(kept.map((c) => c.bytes));
  const flags = header.bytes[8]! & ~(METADATA.ICCP | METADATA.EXIF | METADATA["XMP "]);
  const rest = kept.slice(1);
  if (flags === 0 && rest.length === 1 && IMAGE_CHUNKS.has(rest[0]!.id)) return riff([rest[0]!.bytes]);
  const cleared = header.bytes.slice();
  cleared[8] = flags;
  return riff([cleared, ...rest.map((c) => c.bytes)]);
}
