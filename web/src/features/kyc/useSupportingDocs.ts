// State of the supporting documents step: the document type and date, the uploads in progress
// with their errors, and the document the customer is about to delete.
import { useState } from 'react';
import { useApi } from '../../shell/session/session.tsx';
import { notifyFailure } from '../../notifications/notify.ts';
import { prepareDoc } from './docImage.ts';
import { PROOF_OF_ADDRESS, checkDocMeta, checkPicked } from './docRules.ts';
import { uploadFailureMessage } from './docUploadFailure.ts';
import { deleteDoc, uploadDoc, useInvalidateDocs, type StoredDoc } from './docUpload.ts';

export interface InFlight {
  name: string;
  pct: number;
  stage: 'preparing' | 'uploading';
}

/** Uploads of the files the customer drops, one after the other, each prepared (images rescaled)
 * first; `storedCount` documents are already stored. */
export function useDocUploads(mstId: string | null, storedCount: number) {
  const api = useApi();
  const invalidate = useInvalidateDocs();
  const [docType, setDocType] = useState<string | null>(null);
  const [docDate, setDocDate] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const isPoa = docType === PROOF_OF_ADDRESS;

  const chooseType = (v: string | null) => {
    setDocType(v);
    setTypeError(null);
    setDateError(null);
  };
  const chooseDate = (v: string) => {
    setDocDate(v);
    setDateError(null);
  };

  const upload = async (files: File[]) => {
    if (!mstId) return;
    setFileError(null);
    const metaError = checkDocMeta(docType ?? '', docDate, new Date());
    if (metaError) {
      if (!docType) setTypeError(metaError);
      else setDateError(metaError);
      return;
    }
    const pickError = checkPicked(files, storedCount);
    if (pickError) {
      setFileError(pickError);
      return;
    }
    setInFlight(files.map((f) => ({ name: f.name, pct: 0, stage: 'preparing' })));
    const update = (i: number, patch: Partial<InFlight>) =>
      setInFlight((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    try {
      for (const [i, file] of files.entries()) {
        const prepared = await prepareDoc(file);
        update(i, { stage: 'uploading', name: prepared.fileName });
        await uploadDoc(api, mstId, prepared, { docType: docType!, docDate: isPoa ? docDate : '' }, (pct) =>
          update(i, { pct }),
        );
        await invalidate(mstId);
      }
    } catch (e) {
      const message = uploadFailureMessage(e);
      if (message !== null) setFileError(message);
      else notifyFailure(e);
      await invalidate(mstId);
    } finally {
      setInFlight([]);
    }
  };

  return {
    docType,
    chooseType,
    docDate,
    chooseDate,
    isPoa,
    typeError,
    dateError,
    fileError,
    inFlight,
    uploading: inFlight.length > 0,
    upload,
  };
}

export type DocUploads = ReturnType<typeof useDocUploads>;

/** The document waiting for the customer's confirmation of its deletion, and the deletion. */
export function useDocDeletion(mstId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateDocs();
  const [toDelete, setToDelete] = useState<StoredDoc | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete || !mstId) return;
    setDeleting(true);
    try {
      await deleteDoc(api, mstId, toDelete.DocId);
      await invalidate(mstId);
      setToDelete(null);
    } catch (e) {
      notifyFailure(e);
    } finally {
      setDeleting(false);
    }
  };

  return { toDelete, setToDelete, deleting, confirmDelete };
}
