// State of one generic master/detail screen (spec 001 section 4 'Framework flow'): page loading,
// the search list with its paging, the open master and its details, dirty tracking, saving, and
// access denied clearing the stored master and detail.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { defaultPageSizes } from '@payd/schemas';
import { useApi } from '../shell/session/session.tsx';
import { screenColumns } from './columns.ts';
import type { RecordKeys } from './record.ts';
import { screenService } from './screenService.ts';
import { useDetailRows, useRecordOpening, useRecordSaving } from './useRecordActions.ts';
import { isAccessDenied, useRecordState } from './useRecordState.ts';
import { useScreenSearch } from './useScreenSearch.ts';
import type { AuthRow } from '@payd/schemas';

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

export interface MasterDetailOptions {
  /** Quick search the list starts with (e.g. a DrillDown's `**value`). */
  initialSearch?: string;
}

export function useMasterDetail(config: ScreenConfig, options: MasterDetailOptions = {}) {
  const api = useApi();
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

  const { reloadList, ...searchList } = useScreenSearch({
    svc,
    service: config.service,
    pageLoaded: Boolean(page),
    pageCriteria: page?.ScreenCriteria,
    sizes,
    initialSearch: options.initialSearch,
  });
  const state = useRecordState();
  const actionArgs = { svc, keys, columns, screenFlags, reloadList, state };
  const opening = useRecordOpening(actionArgs);
  const saving = useRecordSaving(actionArgs);
  const detailRows = useDetailRows(actionArgs);

  return {
    service: config.service,
    svc,
    init,
    accessDenied: init.isError && isAccessDenied(init.error),
    page,
    supporting: init.data?.supporting ?? {},
    sizes,
    columns,
    screenFlags,
    ...searchList,
    record: state.current,
    loaded: state.loaded,
    rowFlags: state.rowFlags,
    dirty: state.dirty,
    loadingRecord: state.loadingRecord,
    loadError: state.loadError,
    saving: state.saving,
    fieldErrors: state.fieldErrors,
    errMsg: state.errMsg,
    detailIndex: state.detailIndex,
    setDetailIndex: state.setDetailIndex,
    ...opening,
    ...saving,
    ...detailRows,
    clearRecord: state.clearRecord,
  };
}

export type MasterDetailState = ReturnType<typeof useMasterDetail>;
