// Makes the browser save bytes as a file: the staff screens' documents, the customer's KYC
// documents and the transactions export all download through here.

/** Saves `data` as `fileName` (the object URL is released 10 s later). */
export function downloadBytes(data: Uint8Array, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type: mimeType }));
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
