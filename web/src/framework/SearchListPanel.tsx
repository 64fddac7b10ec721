// The master search list: quick search, quick filter, result items (buttons) and 'View N more'.
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { formatTimestamp } from './columns.ts';
import { moreToView } from './paging.ts';
import type { MasterDetailState } from './useMasterDetail.ts';
import { choiceText } from './choiceText.ts';
import { useT } from '../i18n/useT.ts';

/** Quick search waits this long after the last key (spec 001: autocomplete delay 500 ms). */
const SEARCH_DELAY_MS = 500;

export function SearchListPanel({
  screen,
  selectedKey,
  onOpen,
  listButtons,
}: {
  screen: MasterDetailState;
  selectedKey: string | null;
  onOpen: (key: string) => void;
  listButtons: React.ReactNode;
}) {
  const { t } = useT();
  const [text, setText] = useState(screen.search.searchStr);
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const { setQuery } = screen;
  useEffect(() => setQuery(debounced), [debounced, setQuery]);

  const filters = screen.page?.ScreenFilter ?? [];
  const result = screen.list.data;
  const items = result?.data ?? [];
  const more = result ? moreToView(items.length, result.matchCount, screen.sizes.increment) : 0;
  const noResults = screen.page?.ScreenHlp?.NoResultsMsg || t('framework.noResults');

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('framework.list.region')}>
      <Stack gap="xs">
        <TextInput
          label={t('framework.list.search')}
          placeholder={t('framework.list.searchHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setQuery(text);
          }}
          rightSection={
            screen.list.isFetching ? (
              <Loader size="xs" role="status" aria-label={t('framework.list.searching')} />
            ) : null
          }
        />
        {filters.length > 0 && (
          <Select
            label={t('framework.list.quickFilter')}
            data={[
              { value: '', label: t('framework.all') },
              ...filters.map((f) => ({ value: String(f.ScreenFilterId), label: f.FilterName })),
            ]}
            value={screen.search.filterId}
            onChange={(v) => screen.setFilter(v ?? '')}
            allowDeselect={false}
          />
        )}
        {listButtons}
        {result && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('framework.list.shown', {
              shown: items.length,
              total: `${result.matchCount}${result.countCapped ? '+' : ''}`,
            })}
          </Text>
        )}
        {screen.list.isError && <Alert color="red">{(screen.list.error as Error).message}</Alert>}
        {result && items.length === 0 ? (
          <Text c="dimmed" role="status">
            {noResults}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label={t('framework.list.results')}
          >
            {items.map((it) => (
              <ListItem key={it.key} item={it} selected={it.key === selectedKey} onOpen={onOpen} />
            ))}
          </Stack>
        )}
        {more > 0 && (
          <Button variant="subtle" onClick={screen.viewMore} loading={screen.list.isFetching}>
            {t('framework.viewMore', { count: more })}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** One record of the list: its label and badge, its details; values shown in the reader's language. */
function ListItem({
  item: it,
  selected,
  onOpen,
}: {
  item: {
    key: string;
    label: string;
    labelR?: string | null;
    detail?: string | null;
    detailR?: string | null;
  };
  selected: boolean;
  onOpen: (key: string) => void;
}) {
  const { lang, message } = useT();
  const shown = (value: string | null | undefined) => choiceText(formatTimestamp(value ?? ''), lang, message);
  return (
    <li>
      <UnstyledButton
        onClick={() => onOpen(it.key)}
        aria-current={selected ? 'true' : undefined}
        w="100%"
        p="xs"
        className="payd-list-item"
        style={{
          borderRadius: 6,
          border: '1px solid var(--mantine-color-gray-3)',
          background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Group justify="space-between" gap={4}>
          <Text fw={600} size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {shown(it.label) || it.key}
          </Text>
          {it.labelR && (
            <Badge variant="light" size="sm" maw="100%">
              {shown(it.labelR)}
            </Badge>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" truncate>
            {shown(it.detail)}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {shown(it.detailR)}
          </Text>
        </Group>
      </UnstyledButton>
    </li>
  );
}
