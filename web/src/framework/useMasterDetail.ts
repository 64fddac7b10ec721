// State of one generic master/detail screen (spec 001 section 4 'Framework flow'): page loading,
// the search list with its paging, the open master and its details, dirty tracking, saving, and
// access denied clearing the stored master and detail.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ClientErrorType, defaultPageSizes } from '@payd/schemas';
import { useApi } from '../auth/session.tsx';
import { isApiError } from '../api/errors.ts';
import { notify, notifyFailure } from '../notifications/notify.ts';
import { screenColumns } from './columns.ts';
import { frameworkMessages } from './messages.ts';
import { nextTopN } from './paging.ts';
import {
  copyDetailRow,
  copyRecord,
  isDirty,
  isSaved,
  saveBody,
  type EditedRecord,
  type RecordKeys,
} from './record.ts';
import { screenService } from './screenService.ts';
import { serverFieldErrors, validateRow } from './validation.ts';
import type { AuthRow, ScreenCriterion, WireRow } from '@payd/schemas';

/** What a route tells the generic screen about its service. */
export interface ScreenConfig {
  /** Service name without `Ws`, e.g. 'KycPerson'. */
  service: string;
  /** Entity of the list and record calls, e.g. 'KycPerson15'. */
  entity: string;
  keys: RecordKeys;
}

/** One rule for server and web (packages/schemas). */
export { defaultPageSizes };

const isAccessDenied = (e: unknown) =>
  (isApiError(e) && e.errorType === ClientErrorType.accessDenied) ||
  /access denied/i.test(String((e as Error)?.message ?? ''));

export interface MasterDetailOptions {
  /** Quick search the list starts with (e.g. a DrillDown's `**value`). */
  initialSearch?: string;
}

export function useMasterDetail(config: ScreenConfig, options: MasterDetailOptions = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const svc = useMemo(
    () => screenService(api, config.service, config.entity),
    [api, config.service, config.entity],
  );
  const { keys } = config;

  const init = useQuery({
    queryKey: ['screen', config.service, 'init'],
    queryFn: () => svc.loadInitPage(defaultPageSizes.searchTopN),
    retry: false,
    staleTime: Infinity,
    // An access-denied page replaces the screen; other failures toast.
    meta: { silent: true },
  });
  const page = init.data?.page;
  const sizes = page?.ScreenHlp?.PageSizes ?? defaultPageSizes;
  const columns = useMemo(
    () => screenColumns(page?.AuthCol ?? [], page?.ScreenLabel ?? []),
    [page?.AuthCol, page?.ScreenLabel],
  );
  const screenFlags: AuthRow | undefined = page?.AuthRow?.[0];

  // ---- search list ----
  const [search, setSearch] = useState({
    searchStr: options.initialSearch ?? '',
    filterId: '',
    topN: defaultPageSizes.searchTopN,
  });
  const list = useQuery({
    queryKey: ['screen', config.service, 'search', search],
    queryFn: () => svc.searchList(search),
    enabled: Boolean(page),
    placeholderData: (prev) => prev,
  });
  const setQuery = useCallback(
    (searchStr: string) => setSearch((s) => ({ ...s, searchStr, topN: sizes.searchTopN })),
    [sizes.searchTopN],
  );
  const setFilter = useCallback(
    (filterId: string) => setSearch((s) => ({ ...s, filterId, topN: sizes.searchTopN })),
    [sizes.searchTopN],
  );
  const viewMore = useCallback(
    () => setSearch((s) => ({ ...s, topN: nextTopN(s.topN, sizes.increment) })),
    [sizes.increment],
  );
  const reloadList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['screen', config.service, 'search'] }),
    [queryClient, config.service],
  );

  // ---- screen criteria (saved per user on the server, applied to every search list) ----
  const [savedCriteria, setSavedCriteria] = useState<ScreenCriterion[] | null>(null);
  const criteria = savedCriteria ?? page?.ScreenCriteria ?? [];
  const [applyingCriteria, setApplyingCriteria] = useState(false);
  const applyCriteria = useCallback(
    async (values: Record<string, string>) => {
      setApplyingCriteria(true);
      try {
        setSavedCriteria(await svc.setScreenCriteria(values));
        setSearch((s) => ({ ...s, topN: sizes.searchTopN }));
        await reloadList();
      } catch (e) {
        notifyFailure(e);
      } finally {
        setApplyingCriteria(false);
      }
    },
    [svc, sizes.searchTopN, reloadList],
  );

  // ---- the open record ----
  const [loaded, setLoaded] = useState<EditedRecord | null>(null);
  const [current, setCurrent] = useState<EditedRecord | null>(null);
  const [rowFlags, setRowFlags] = useState<AuthRow | undefined>(undefined);
  const [detailIndex, setDetailIndex] = useState<number | null>(null);
  const [loadingRecord, setLoadingRecord] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [errMsg, setErrMsg] = useState<string | null>(null);

  const dirty = isDirty(loaded, current);

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
        const rec = { mst, dtl };
        setLoaded(rec);
        setCurrent(rec);
        setRowFlags(flags);
        setDetailIndex(null);
        setFieldErrors({});
        setErrMsg(null);
      } catch {
        clearRecord();
        const message = frameworkMessages.failedToLoad(key);
        setLoadError(message);
        notify({ msgType: 'E', message });
      } finally {
        setLoadingRecord(false);
      }
    },
    [svc, clearRecord],
  );

  const newRecord = useCallback(async () => {
    try {
      const mst = await svc.getNewMst();
      const rec = { mst, dtl: [] };
      setLoaded(rec);
      setCurrent(rec);
      setRowFlags(screenFlags);
      setDetailIndex(null);
      setFieldErrors({});
      setErrMsg(null);
      setLoadError(null);
    } catch (e) {
      failed(e);
    }
  }, [svc, screenFlags, failed]);

  const copy = useCallback(() => {
    if (!current) return;
    setCurrent(copyRecord(current, keys));
    setRowFlags(screenFlags);
    setDetailIndex(null);
  }, [current, keys, screenFlags]);

  const setField = useCallback((name: string, value: unknown) => {
    setCurrent((c) => (c ? { ...c, mst: { ...c.mst, [name]: value } } : c));
    setFieldErrors((f) => {
      if (!(name in f)) return f;
      const { [name]: _gone, ...rest } = f;
      return rest;
    });
  }, []);

  const save = useCallback(
    async (close: boolean): Promise<boolean> => {
      if (!current) return false;
      const errors = [
        ...validateRow(current.mst, columns.master),
        ...current.dtl.flatMap((r, i) =>
          r._mode === 'delete' ? [] : validateRow(r, columns.detail, `dtl.${i}.`),
        ),
      ];
      if (errors.length) {
        setFieldErrors(serverFieldErrors(errors));
        notify({ msgType: 'E', message: 'Please correct the highlighted fields', validationErrors: errors });
        return false;
      }
      setSaving(true);
      setErrMsg(null);
      try {
        const reply = await svc.saveData(saveBody(current, columns, keys, loaded?.dtl ?? []));
        notify({ msgType: 'S', message: reply.message || 'Saved' });
        void reloadList();
        if (close) {
          clearRecord();
        } else {
          const key = String(reply.mst[keys.mstKey] ?? '');
          const [dtl, flags] = await Promise.all([svc.getDtlById(key), svc.getAuthRow(key)]);
          const rec = { mst: reply.mst, dtl };
          setLoaded(rec);
          setCurrent(rec);
          setRowFlags(flags);
          setDetailIndex(null);
          setFieldErrors({});
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
    [current, columns, svc, keys, loaded, reloadList, clearRecord, failed],
  );

  const remove = useCallback(async () => {
    if (!current || !isSaved(current.mst, keys)) return;
    setSaving(true);
    try {
      const mst: WireRow = { [keys.mstKey]: current.mst[keys.mstKey] };
      if (keys.version) mst[keys.version] = current.mst[keys.version];
      const reply = await svc.delMst(mst);
      notify({ msgType: 'S', message: reply.message || 'Deleted' });
      clearRecord();
      void reloadList();
    } catch (e) {
      if (isApiError(e)) setErrMsg(e.message);
      failed(e);
    } finally {
      setSaving(false);
    }
  }, [current, keys, svc, clearRecord, reloadList, failed]);

  // ---- detail rows ----
  const insertRow = useCallback(async () => {
    if (!current) return;
    try {
      const row = { ...(await svc.getNewDtl()), _mode: 'new' };
      setCurrent({ ...current, dtl: [...current.dtl, row] });
      setDetailIndex(current.dtl.length);
    } catch (e) {
      failed(e);
    }
  }, [svc, current, failed]);

  const copyRow = useCallback(() => {
    if (!current || detailIndex === null || !current.dtl[detailIndex]) return;
    setCurrent({ ...current, dtl: [...current.dtl, copyDetailRow(current.dtl[detailIndex]!, keys)] });
    setDetailIndex(current.dtl.length);
  }, [current, detailIndex, keys]);

  const deleteRow = useCallback(() => {
    if (!current || detailIndex === null) return;
    const row = current.dtl[detailIndex];
    if (!row) return;
    const isNewRow = !keys.dtlKey || row[keys.dtlKey] === '' || row[keys.dtlKey] == null;
    const dtl = isNewRow
      ? current.dtl.filter((_, i) => i !== detailIndex)
      : current.dtl.map((r, i) => (i === detailIndex ? { ...r, _mode: 'delete' } : r));
    setCurrent({ ...current, dtl });
    setDetailIndex(null);
  }, [current, detailIndex, keys]);

  const setDetailField = useCallback(
    (name: string, value: unknown) => {
      setCurrent((c) => {
        if (!c || detailIndex === null) return c;
        return { ...c, dtl: c.dtl.map((r, i) => (i === detailIndex ? { ...r, [name]: value } : r)) };
      });
    },
    [detailIndex],
  );

  const accessDenied = init.isError && isAccessDenied(init.error);

  return {
    service: config.service,
    svc,
    init,
    accessDenied,
    page,
    supporting: init.data?.supporting ?? {},
    sizes,
    columns,
    screenFlags,
    list,
    search,
    criteria,
    applyCriteria,
    applyingCriteria,
    setQuery,
    setFilter,
    viewMore,
    record: current,
    loaded,
    rowFlags,
    dirty,
    loadingRecord,
    loadError,
    saving,
    fieldErrors,
    errMsg,
    detailIndex,
    setDetailIndex,
    open,
    newRecord,
    copy,
    setField,
    save,
    remove,
    insertRow,
    copyRow,
    deleteRow,
    setDetailField,
    clearRecord,
  };
}

export type MasterDetailState = ReturnType<typeof useMasterDetail>;
