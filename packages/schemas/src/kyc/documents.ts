// Supporting documents (spec 002 sections 5 and 9): the limits and the messages the server sends
// and the web shows next to the field, in one place so the two cannot drift apart.

/** Largest document: 10485760 bytes ('10 MB'). */
export const MAX_DOC_BYTES = 10_485_760;
/** Most files a customer's KYC record takes. */
export const MAX_DOC_FILES = 100;
/** Document type codes (ref_codes docType). */
export const DOC_TYPE_CODES = ['ID', 'POA', 'OTH'] as const;
export const PROOF_OF_ADDRESS = 'POA';

/** Bytes as the spec shows sizes: units up to YB, factor 1024 (10485760 → '10 MB'). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : Number(v.toFixed(2))} ${units[i]}`;
}

export const docMessages = {
  typeNotAllowed: 'Selected file type is not allowed',
  tooLarge: (max: number = MAX_DOC_BYTES) => `Maximum allowed upload file size is ${formatSize(max)}`,
  tooMany: (n: number = MAX_DOC_FILES) => `Maximum allowed amount of files is ${n}`,
  proofOfAddress: 'Proof of address must be dated within 3 months',
  proofOfAddressDate: 'Please enter the date of the proof of address',
  docType: 'Please select a document type',
  pdfActiveContent: 'PDF files with scripts, launch actions or attached files are not accepted',
  pdfEncrypted: 'Encrypted or password-protected PDF files are not accepted',
} as const;
