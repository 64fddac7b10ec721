// Images are rescaled in the browser (canvas) to fit 1024x768 and at least 40x40 (docRules.ts
// fitImage) and sent as JPEG; other documents go as they are. Returns what the upload sends.
import { JPEG_QUALITY, docMessages, fitImage, isImage, jpegName } from './docRules.ts';

export interface PreparedDoc {
  fileName: string;
  mimeType: string;
  base64: string;
  size: number;
  lastModified: number;
  width?: number;
  height?: number;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) s += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(s);
}

async function rescaleToJpeg(file: File): Promise<{ blob: Blob; width: number; height: number }> {
  // createImageBitmap applies the EXIF orientation; animated GIFs give their first frame.
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitImage(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    // JPEG has no transparency: transparent parts become white, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) throw new Error('no jpeg');
    return { blob, ...size };
  } finally {
    bitmap.close();
  }
}

/** The document as it is uploaded; rejects with 'problem loading file {name}' when unreadable. */
export async function prepareDoc(file: File): Promise<PreparedDoc> {
  try {
    if (isImage(file)) {
      const { blob, width, height } = await rescaleToJpeg(file);
      return {
        fileName: jpegName(file.name),
        mimeType: 'image/jpeg',
        base64: toBase64(new Uint8Array(await blob.arrayBuffer())),
        size: blob.size,
        lastModified: file.lastModified,
        width,
        height,
      };
    }
    return {
      fileName: file.name,
      mimeType: file.type || 'application/octet-stream',
      base64: toBase64(new Uint8Array(await file.arrayBuffer())),
      size: file.size,
      lastModified: file.lastModified,
    };
  } catch {
    throw new Error(docMessages.problemLoading(file.name));
  }
}
