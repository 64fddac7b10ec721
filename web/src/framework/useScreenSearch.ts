// The search list of a master/detail screen: quick search, filter and paging, and the screen
// criteria saved per user on the server and applied to every search.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { defaultPageSizes } from '@payd/schemas';
import { notifyFailure } from '../notifications/notify.ts';
import { nextTopN } from './paging.ts';
import type { ScreenService } from './screenService.ts';
import type { ScreenCriterion } from '@payd/schemas';

export interface ScreenSearchArgs {
  svc: ScreenService;
  /** Service name, the query cache key of the list. */
  service: string;
  /** The list waits for the screen's page to load. */
  pageLoaded: boolean;
  /** Criteria the page came with, until the user saves others. */
  pageCriteria: ScreenCriterion[] | undefined;
  sizes: { searchTopN: number; increment: number };
  initialSearch: string | undefined;
}

export function useScreenSearch({
  svc,
  service,
  pageLoaded,
  pageCriteria,
  sizes,
  initialSearch,
}: ScreenSearchArgs) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState({
    searchStr: initialSearch ?? '',
    filterId: '',
    topN: defaultPageSizes.searchTopN,
  });
  const list = useQuery({
    queryKey: ['screen', service, 'search', search],
    queryFn: () => svc.searchList(search),
    enabled: pageLoaded,
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
    () => queryClient.invalidateQueries({ queryKey: ['screen', service, 'search'] }),
    [queryClient, service],
  );

  const [savedCriteria, setSavedCriteria] = useState<ScreenCriterion[] | null>(null);
  const criteria = savedCriteria ?? pageCriteria ?? [];
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

  return {
    list,
    search,
    setQuery,
    setFilter,
    viewMore,
    reloadList,
    criteria,
    applyCriteria,
    applyingCriteria,
  };
}
