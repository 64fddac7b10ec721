// The open record of a master/detail screen as it is edited: what was loaded, what the user has
// changed, the row's access flags, the selected detail row, and the errors and progress shown.
import { useCallback, useState } from 'react';
import { ClientErrorType } from '@payd/schemas';
import { isApiError } from '../api/errors.ts';
import { notifyFailure } from '../notifications/notify.ts';
import { isDirty, type EditedRecord } from './record.ts';
import type { AuthRow } from '@payd/schemas';

export const isAccessDenied = (e: unknown) =>
  (isApiError(e) && e.errorType === ClientErrorType.accessDenied) ||
  /access denied/i.test(String((e as Error)?.message ?? ''));

export function useRecordState() {
  const [loaded, setLoaded] = useState<EditedRecord | null>(null);
  const [current, setCurrent] = useState<EditedRecord | null>(null);
  const [rowFlags, setRowFlags] = useState<AuthRow | undefined>(undefined);
  const [detailIndex, setDetailIndex] = useState<number | null>(null);
  const [loadingRecord, setLoadingRecord] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [errMsg, setErrMsg] = useState<string | null>(null);

  /** Shows a record as loaded from the server: nothing changed, no detail row selected. */
  const show = useCallback((rec: EditedRecord, flags: AuthRow | undefined) => {
    setLoaded(rec);
    setCurrent(rec);
    setRowFlags(flags);
    setDetailIndex(null);
    setFieldErrors({});
  }, []);

  const clearRecord = useCallback(() => {
    setLoaded(null);
    setCurrent(null);
    setRowFlags(undefined);
    setDetailIndex(null);
    setFieldErrors({});
    setErrMsg(null);
  }, []);

  const failed = useCallback(
    (e: unknown) => {
      // Spec 001 section 6: access-denied errors clear the stored master and detail.
      if (isAccessDenied(e)) clearRecord();
      notifyFailure(e);
    },
    [clearRecord],
  );

  return {
    loaded,
    current,
    setCurrent,
    rowFlags,
    setRowFlags,
    detailIndex,
    setDetailIndex,
    loadingRecord,
    setLoadingRecord,
    loadError,
    setLoadError,
    saving,
    setSaving,
    fieldErrors,
    setFieldErrors,
    errMsg,
    setErrMsg,
    dirty: isDirty(loaded, current),
    show,
    clearRecord,
    failed,
  };
}

export type RecordState = ReturnType<typeof useRecordState>;
