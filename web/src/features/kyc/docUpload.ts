// The customer's supporting documents through KycPersonWs: GetKycPersonDoc15List, an upload
// (SaveKycPersonDoc15) that reports its progress, DelKycPersonDoc15 and GetDoc to open one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KycPerson, type ReplyOf } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../shell/session/session.tsx';
import { downloadBase64 } from '../../framework/download.ts';
import { kycPersonScreen } from './kycApi.ts';
import type { PreparedDoc } from './docImage.ts';
import { percent } from './docRules.ts';

export const DOC_COLUMN = 'KycPersonDoc15';

/** A stored document as GetKycPersonDoc15List lists it. */
export type StoredDoc = ReplyOf<typeof KycPerson.GetKycPersonDoc15List>[number];

export const docListKey = (mstId: string) => ['kyc', 'docs', mstId] as const;

export function useDocList(mstId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: docListKey(mstId ?? ''),
    enabled: Boolean(mstId),
    queryFn: async () =>
      mstId ? (await api.call(KycPerson.GetKycPersonDoc15List, { mstId, isMaster: true })).data : [],
  });
}

export function useInvalidateDocs() {
  const qc = useQueryClient();
  return (mstId: string) => qc.invalidateQueries({ queryKey: docListKey(mstId) });
}

/**
 * A fetch for one call made with XMLHttpRequest, whose upload reports progress (fetch cannot).
 * Only what the API client uses: POST, headers, a string body, an abort signal.
 */
export function progressFetch(onProgress: (pct: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'POST', String(input));
      for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>))
        xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(percent(e.loaded, e.total));
      };
      xhr.onload = () => {
        onProgress(100);
        resolve(
          new Response(xhr.responseText, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network error'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init?.body as string | undefined) ?? null);
    });
}

export async function uploadDoc(
  api: ApiClient,
  mstId: string,
  doc: PreparedDoc,
  meta: { docType: string; docDate: string },
  onProgress: (pct: number) => void,
): Promise<StoredDoc> {
  const r = await api.call(
    KycPerson.SaveKycPersonDoc15,
    {
      mstId,
      isMaster: true,
      screenColumnName: DOC_COLUMN,
      docJson: { ...doc, DocTypeCd: meta.docType, DocDate: meta.docDate || null },
      options: {},
    },
    { fetch: progressFetch(onProgress) },
  );
  if (!r.data) throw new Error('The document was saved but is not listed.');
  return r.data;
}

export async function deleteDoc(api: ApiClient, mstId: string, docId: number): Promise<void> {
  await api.call(KycPerson.DelKycPersonDoc15, {
    mstId,
    isMaster: true,
    screenColumnName: DOC_COLUMN,
    docIdList: [docId],
  });
}

/** Opens (downloads) a stored document. */
export async function openDoc(api: ApiClient, mstId: string, doc: StoredDoc): Promise<void> {
  const r = await api.call(kycPersonScreen.GetDoc, {
    mstId,
    docId: doc.DocId,
    isMaster: true,
    screenColumnName: DOC_COLUMN,
  });
  const d = r.data!;
  downloadBase64(d.base64, d.DocName, d.MimeType);
}
