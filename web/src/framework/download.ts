// Makes the browser save bytes as a file: the staff screens' documents, the customer's KYC
// documents and the transactions export all download through here.

/** The types a saved file keeps: the document types the server accepts, zip and the exports. */
const SAVED_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/zip',
]);

/**
 * The type given to a saved file's bytes: any other type (text/html, image/svg+xml, a script...)
 * becomes application/octet-stream, so nothing a server sent can be opened as a page of this origin.
 */
export function savedType(mimeType: string): string {
  const t = mimeType.split(';')[0]!.trim().toLowerCase();
  return SAVED_TYPES.has(t) ? t : 'application/octet-stream';
}

/**
 * Saves `data` as `fileName`: always a download (the anchor's download attribute), never shown
 * in the page (the object URL is released 10 s later).
 */
export function downloadBytes(data: Uint8Array, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type: savedType(mimeType) }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a base64 payload (a document the server sent) as `fileName`. */
export function downloadBase64(base64: string, fileName: string, mimeType: string): void {
  downloadBytes(
    Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
    fileName,
    mimeType,
  );
}
