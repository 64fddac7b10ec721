// The pager under a staking or billing list: hidden for a single page, each control named.
import { Group, Pagination } from '@mantine/core';

export function Pager({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (p: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination
        size="sm"
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        getControlProps={(control) => ({ 'aria-label': `${label} ${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `${label} page ${p}` })}
      />
    </Group>
  );
}
