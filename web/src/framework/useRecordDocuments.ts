// The open record's documents: one opened (downloaded) from its field, or all of them in one zip
// (GetDocZipDownload).
import { useState } from 'react';
import { notifyFailure } from '../notifications/notify.ts';
import { downloadBase64 } from './download.ts';
import { countDocuments } from './record.ts';
import type { ColumnMeta } from './columns.ts';
import type { ScreenService } from './screenService.ts';
import type { DocumentInfo, WireRow } from '@payd/schemas';

export function useRecordDocuments(
  svc: ScreenService,
  recordKey: string | null,
  mst: WireRow | undefined,
  columns: readonly ColumnMeta[],
) {
  const [zipping, setZipping] = useState(false);

  const openDocument = async (column: string, doc: DocumentInfo) => {
    if (!recordKey) return;
    try {
      const d = await svc.getDoc(recordKey, doc.DocId, column);
      downloadBase64(d.base64, d.DocName, d.MimeType);
    } catch (e) {
      notifyFailure(e);
    }
  };

  const downloadZip = async () => {
    if (!recordKey) return;
    setZipping(true);
    try {
      const z = await svc.getDocZip(recordKey);
      downloadBase64(z.base64, z.fileName, z.mimeType);
    } catch (e) {
      notifyFailure(e);
    } finally {
      setZipping(false);
    }
  };

  return { openDocument, downloadZip, zipping, documentCount: countDocuments(mst, columns) };
}

export type RecordDocuments = ReturnType<typeof useRecordDocuments>;
