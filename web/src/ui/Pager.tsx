// The pager under a staking or billing list: hidden for a single page, each control named.
// Mantine's Pagination loads as the list mounts, not with the page: a second page is known only
// once the list's rows have come from the server, and by then it is there.
import { Group } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useT } from '../i18n/useT.ts';

const loadPagination = () => import('./paginationModule.ts');
const Pagination = lazy(loadPagination);

export function Pager({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (p: number) => void;
  /** The list's name, in the language on screen: 'Transactions' names 'Transactions page 2'. */
  label: string;
}) {
  const { t } = useT();
  useEffect(() => {
    void loadPagination();
  }, []);
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Suspense fallback={null}>
        <Pagination
          size="sm"
          total={pages}
          value={page + 1}
          onChange={(p) => onChange(p - 1)}
          getControlProps={(control) => ({ 'aria-label': t('account.pager.control', { label, control }) })}
          getItemProps={(p) => ({ 'aria-label': t('account.pager.page', { label, page: p }) })}
        />
      </Suspense>
    </Group>
  );
}
