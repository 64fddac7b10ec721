// GetDocZipDownload's archive: the shared store-only writer (packages/schemas files/zipStore.ts)
// over names made unique and flat.
import { zipStore, type ZipFile } from '@payd/files';

export type ZipEntry = ZipFile & { modified: Date };

/** Names made unique ('a.pdf', 'a (2).pdf') and stripped of directory parts. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const base = raw.replace(/[\\/]/g, '_').replace(/^\.+/, '') || 'document';
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    if (n === 1) return base;
    const dot = base.lastIndexOf('.');
    return dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
  });
}

export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const zip = zipStore(entries);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
