// Rules of the supporting documents step (spec 002 sections 5 and 9), pure so they are tested
// without a browser: allowed types, 10 MB, 100 files, the image size an image is rescaled to
// (within 1024x768, at least 40x40), the proof-of-address date (within 3 months) and the spec's
// messages. The server checks the same from the bytes (server/src/framework/docContent.ts).

import {
  MAX_DOC_BYTES,
  MAX_DOC_FILES,
  PROOF_OF_ADDRESS,
  docMessages as shared,
  formatSize,
} from '@payd/schemas';

export { MAX_DOC_BYTES, MAX_DOC_FILES, PROOF_OF_ADDRESS, formatSize };
export const IMAGE_MAX = { width: 1024, height: 768 } as const;
export const IMAGE_MIN = { width: 40, height: 40 } as const;
export const JPEG_QUALITY = 0.85;

/** Document types (ref_codes docType); the server's lookup GetDocTypeCdList gives the labels. */
export const defaultDocTypes = [
  { key: 'ID', label: 'Identity document' },
  { key: 'POA', label: 'Proof of address' },
  { key: 'OTH', label: 'Other' },
];

export const docMessages = {
  ...shared,
  problemLoading: (name: string) => `problem loading file ${name}`,
};

/** The allowed types: png, jpeg, gif, pdf, Word, Excel, csv (by MIME type or extension). */
const allowed: { ext: string[]; mime: string[]; image?: boolean }[] = [
  { ext: ['png'], mime: ['image/png'], image: true },
  { ext: ['jpg', 'jpeg', 'jfif'], mime: ['image/jpeg', 'image/pjpeg'], image: true },
  { ext: ['gif'], mime: ['image/gif'], image: true },
  { ext: ['pdf'], mime: ['application/pdf'] },
  {
    ext: ['doc', 'docx'],
    mime: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  {
    ext: ['xls', 'xlsx'],
    mime: ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  { ext: ['csv'], mime: ['text/csv', 'application/csv', 'text/comma-separated-values'] },
];

/** The `accept` attribute of the file picker. */
export const acceptAttribute = allowed.flatMap((a) => [...a.mime, ...a.ext.map((e) => `.${e}`)]).join(',');
/** Dropzone's accept map (MIME → extensions). */
export const acceptMap: Record<string, string[]> = Object.fromEntries(
  allowed.flatMap((a) => a.mime.map((m) => [m, a.ext.map((e) => `.${e}`)])),
);

const extOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

function kindOf(file: { name: string; type: string }) {
  const ext = extOf(file.name);
  const mime = file.type.toLowerCase();
  return allowed.find((a) => (mime && a.mime.includes(mime)) || a.ext.includes(ext));
}

export function isAllowedType(file: { name: string; type: string }): boolean {
  return Boolean(kindOf(file));
}

/** Images are rescaled and sent as JPEG. */
export function isImage(file: { name: string; type: string }): boolean {
  return Boolean(kindOf(file)?.image);
}

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * The message for a set of picked files next to what the record already holds, or null when they
 * may all be uploaded. Too many files refuses the whole set; otherwise the first file with a
 * wrong type or too large a size names the problem.
 */
export function checkPicked(files: readonly PickedFile[], alreadyStored: number): string | null {
  if (files.length === 0) return null;
  if (alreadyStored + files.length > MAX_DOC_FILES) return docMessages.tooMany(MAX_DOC_FILES);
  for (const f of files) if (!isAllowedType(f)) return docMessages.typeNotAllowed;
  for (const f of files) if (f.size > MAX_DOC_BYTES) return docMessages.tooLarge(MAX_DOC_BYTES);
  return null;
}

/**
 * The size an image is drawn at: scaled down (aspect kept) to fit 1024x768, scaled up when a side
 * would be under 40 px; a side that still breaks a bound (extreme shapes) is clamped.
 */
export function fitImage(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new Error('The image has no size');
  let scale = Math.min(1, IMAGE_MAX.width / width, IMAGE_MAX.height / height);
  if (width * scale < IMAGE_MIN.width || height * scale < IMAGE_MIN.height)
    scale = Math.max(IMAGE_MIN.width / width, IMAGE_MIN.height / height);
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));
  return {
    width: clamp(width * scale, IMAGE_MIN.width, IMAGE_MAX.width),
    height: clamp(height * scale, IMAGE_MIN.height, IMAGE_MAX.height),
  };
}

/** The file name of the JPEG an image becomes ('scan.PNG' → 'scan.jpg'). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The earliest date a proof of address may bear on `today`: 3 calendar months back. */
export function poaEarliest(today: Date): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 3, today.getDate());
  // 31 May less 3 months is 28/29 February, not 2 or 3 March.
  if (d.getDate() !== today.getDate()) d.setDate(0);
  return isoDay(d);
}

/** The message for a document's type and date, or null when they are fine. */
export function checkDocMeta(docType: string, docDate: string, today: Date): string | null {
  if (!docType) return docMessages.docType;
  if (docType !== PROOF_OF_ADDRESS) return null;
  if (!docDate) return docMessages.proofOfAddressDate;
  if (docDate > isoDay(today) || docDate < poaEarliest(today)) return docMessages.proofOfAddress;
  return null;
}

/** Upload progress in whole percent (0-100) from the bytes sent so far. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}
