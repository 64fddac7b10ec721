// What the user does with the open record of a master/detail screen: open one from the list, start
// a new or a copy, edit a field, save and delete.
import { useCallback } from 'react';
import { isApiError } from '../api/errors.ts';
import { notify } from '../notifications/notify.ts';
import { i18n } from '../i18n/language.ts';
import {
  copyDetailRow,
  copyRecord,
  deleteBody,
  deleteDetailRow,
  isSaved,
  saveBody,
  type RecordKeys,
} from './record.ts';
import { serverFieldErrors, validateRecord } from './validation.ts';
import type { ScreenColumns } from './columns.ts';
import type { ScreenService } from './screenService.ts';
import type { RecordState } from './useRecordState.ts';
import type { AuthRow } from '@payd/schemas';

export interface RecordActionArgs {
  svc: ScreenService;
  keys: RecordKeys;
  columns: ScreenColumns;
  /** The screen's flags, which a new record or a copy starts with. */
  screenFlags: AuthRow | undefined;
  reloadList: () => Promise<void>;
  state: RecordState;
}

/** Opening a record, a new one or a copy, and editing its master fields. */
export function useRecordOpening({ svc, keys, screenFlags, state }: RecordActionArgs) {
  const { current, setCurrent, setRowFlags, setDetailIndex, setLoadingRecord, setLoadError } = state;
  const { setFieldErrors, setErrMsg, show, clearRecord, failed } = state;

  const open = useCallback(
    async (key: string) => {
      setLoadingRecord(true);
      setLoadError(null);
      try {
        const [mst, dtl, flags] = await Promise.all([
          svc.getById(key),
          svc.getDtlById(key),
          svc.getAuthRow(key),
        ]);
        show({ mst, dtl }, flags);
        setErrMsg(null);
      } catch {
        clearRecord();
        const message = i18n._('framework.failedToLoad', { id: key });
        setLoadError(message);
        notify({ msgType: 'E', message });
      } finally {
        setLoadingRecord(false);
      }
    },
    [svc, show, clearRecord, setLoadingRecord, setLoadError, setErrMsg],
  );

  const newRecord = useCallback(async () => {
    try {
      const mst = await svc.getNewMst();
      show({ mst, dtl: [] }, screenFlags);
      setErrMsg(null);
      setLoadError(null);
    } catch (e) {
      failed(e);
    }
  }, [svc, screenFlags, show, failed, setErrMsg, setLoadError]);

  const copy = useCallback(() => {
    if (!current) return;
    setCurrent(copyRecord(current, keys));
    setRowFlags(screenFlags);
    setDetailIndex(null);
  }, [current, keys, screenFlags, setCurrent, setRowFlags, setDetailIndex]);

  const setField = useCallback(
    (name: string, value: unknown) => {
      setCurrent((c) => (c ? { ...c, mst: { ...c.mst, [name]: value } } : c));
      setFieldErrors((f) => {
        if (!(name in f)) return f;
        const { [name]: _gone, ...rest } = f;
        return rest;
      });
    },
    [setCurrent, setFieldErrors],
  );

  return { open, newRecord, copy, setField };
}

/** Saving the record (staying on it or closing it) and deleting it. */
export function useRecordSaving({ svc, keys, columns, reloadList, state }: RecordActionArgs) {
  const { loaded, current, setSaving, setFieldErrors, setErrMsg, show, clearRecord, failed } = state;

  const save = useCallback(
    async (close: boolean): Promise<boolean> => {
      if (!current) return false;
      const errors = validateRecord(current, columns);
      if (errors.length) {
        setFieldErrors(serverFieldErrors(errors));
        notify({ msgType: 'E', message: i18n._('framework.correctFields'), validationErrors: errors });
        return false;
      }
      setSaving(true);
      setErrMsg(null);
      try {
        const reply = await svc.saveData(saveBody(current, columns, keys, loaded?.dtl ?? []));
        notify({ msgType: 'S', message: reply.message || i18n._('framework.saved') });
        void reloadList();
        if (close) {
          clearRecord();
        } else {
          const key = String(reply.mst[keys.mstKey] ?? '');
          const [dtl, flags] = await Promise.all([svc.getDtlById(key), svc.getAuthRow(key)]);
          show({ mst: reply.mst, dtl }, flags);
        }
        return true;
      } catch (e) {
        // A failed save keeps errMsg and validationErrors (spec 001 section 7).
        if (isApiError(e)) {
          setErrMsg(e.message);
          setFieldErrors(serverFieldErrors(e.validationErrors));
        }
        failed(e);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [
      current,
      columns,
      svc,
      keys,
      loaded,
      reloadList,
      show,
      clearRecord,
      failed,
      setSaving,
      setErrMsg,
      setFieldErrors,
    ],
  );

  const remove = useCallback(async () => {
    if (!current || !isSaved(current.mst, keys)) return;
    setSaving(true);
    try {
      const reply = await svc.delMst(deleteBody(current.mst, keys));
      notify({ msgType: 'S', message: reply.message || i18n._('framework.deleted') });
      clearRecord();
      void reloadList();
    } catch (e) {
      if (isApiError(e)) setErrMsg(e.message);
      failed(e);
    } finally {
      setSaving(false);
    }
  }, [current, keys, svc, clearRecord, reloadList, failed, setSaving, setErrMsg]);

  return { save, remove };
}

/** Adding, copying, deleting and editing the detail rows of the open record. */
export function useDetailRows({ svc, keys, state }: RecordActionArgs) {
  const { current, setCurrent, detailIndex, setDetailIndex, failed } = state;

  const insertRow = useCallback(async () => {
    if (!current) return;
    try {
      const row = { ...(await svc.getNewDtl()), _mode: 'new' };
      setCurrent({ ...current, dtl: [...current.dtl, row] });
      setDetailIndex(current.dtl.length);
    } catch (e) {
      failed(e);
    }
  }, [svc, current, failed, setCurrent, setDetailIndex]);

  const copyRow = useCallback(() => {
    if (!current || detailIndex === null || !current.dtl[detailIndex]) return;
    setCurrent({ ...current, dtl: [...current.dtl, copyDetailRow(current.dtl[detailIndex]!, keys)] });
    setDetailIndex(current.dtl.length);
  }, [current, detailIndex, keys, setCurrent, setDetailIndex]);

  const deleteRow = useCallback(() => {
    if (!current || detailIndex === null || !current.dtl[detailIndex]) return;
    setCurrent({ ...current, dtl: deleteDetailRow(current.dtl, detailIndex, keys) });
    setDetailIndex(null);
  }, [current, detailIndex, keys, setCurrent, setDetailIndex]);

  const setDetailField = useCallback(
    (name: string, value: unknown) => {
      setCurrent((c) => {
        if (!c || detailIndex === null) return c;
        return { ...c, dtl: c.dtl.map((r, i) => (i === detailIndex ? { ...r, [name]: value } : r)) };
      });
    },
    [detailIndex, setCurrent],
  );

  return { insertRow, copyRow, deleteRow, setDetailField };
}
