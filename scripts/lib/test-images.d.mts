export interface ExifOptions {
  orientation?: number;
  latitude?: number;
  longitude?: number;
}
export function exifSegment(options?: ExifOptions): Buffer;
export function withExif(jpeg: Uint8Array, options?: ExifOptions): Buffer;
export function hasMetadata(data: Uint8Array): boolean;
export function imageSize(data: Uint8Array): { width: number; height: number };
