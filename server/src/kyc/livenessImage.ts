// Pictures the liveness service accepts: JPEG only (the browser widget sends its camera frame as
// JPEG and supporting documents are stored as JPEG), recognised by content, bounded in size.
import jpeg from 'jpeg-js';
import type { RgbImage } from './livenessProvider.ts';

/** Largest picture accepted, in bytes (a 1280x720 camera frame is about 150 kB). */
export const MAX_PICTURE_BYTES = 3 * 1024 * 1024;
/** Smallest side of an accepted selfie / document picture. */
export const MIN_PICTURE_SIDE = 40;
export const MAX_PICTURE_SIDE = 4096;

export class PictureError extends Error {}

/** True when the bytes start like a JPEG file. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Bytes of base64 text, refusing anything that is not base64 or too large. */
export function base64Bytes(base64: string): Buffer {
  const clean = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new PictureError('The picture is not valid base64.');
  if ((clean.length * 3) / 4 > MAX_PICTURE_BYTES) throw new PictureError('The picture is too large.');
  return Buffer.from(clean, 'base64');
}

/** `data:image/jpeg;base64,...` → bytes (null when the text is no data URI). */
export function dataUriBytes(uri: string): Buffer | null {
  const match = /^data:([a-z0-9.+/-]+);base64,(.*)$/is.exec(uri.trim());
  if (!match) return null;
  return base64Bytes(match[2]!);
}

/** Decodes a JPEG into RGB bytes, within the size limits. */
export function decodeJpeg(bytes: Uint8Array): RgbImage {
  if (!isJpeg(bytes)) throw new PictureError('The picture must be a JPEG image.');
  if (bytes.length > MAX_PICTURE_BYTES) throw new PictureError('The picture is too large.');
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: 17,
      maxMemoryUsageInMB: 128,
    });
  } catch {
    throw new PictureError('The picture could not be read.');
  }
  const { width, height } = decoded;
  if (Math.min(width, height) < MIN_PICTURE_SIDE || Math.max(width, height) > MAX_PICTURE_SIDE)
    throw new PictureError('The picture size is not accepted.');
  return { width, height, data: decoded.data };
}
