// The detail grid (column filter, paging with 'View more', row selection by button) and the
// selected detail record.
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { choiceText } from './choiceText.ts';
import { displayValue, type ColumnMeta } from './columns.ts';
import { ALL_COLUMNS, filterDetailRows } from './detailFilter.ts';
import { FieldInput } from './FieldInput.tsx';
import { detailPage } from './paging.ts';
import type { MasterDetailState } from './useMasterDetail.ts';
import type { WireRow } from '@payd/schemas';
import { useT } from '../i18n/useT.ts';

/** A grid cell: one line, at most 18rem wide. */
const cellStyle = {
  maxWidth: '18rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A detail row with its index in the record's details. */
interface IndexedRow {
  r: WireRow;
  index: number;
}

export function DetailPanel({
  screen,
  rowButtons,
  locked,
}: {
  screen: MasterDetailState;
  rowButtons: React.ReactNode;
  locked: boolean;
}) {
  const { t } = useT();
  const [column, setColumn] = useState(ALL_COLUMNS);
  const [value, setValue] = useState('');
  const [pages, setPages] = useState(1);
  const cols = screen.columns.detail;
  const gridCols = cols.filter((c) => c.type !== 'document' && c.type !== 'image');
  const rows = useMemo(
    () =>
      (screen.record?.dtl ?? []).map((r, index) => ({ r, index })).filter(({ r }) => r._mode !== 'delete'),
    [screen.record?.dtl],
  );
  const filtered = useMemo(() => {
    const kept = new Set(
      filterDetailRows(
        rows.map((x) => x.r),
        gridCols,
        column,
        value,
      ),
    );
    return rows.filter((x) => kept.has(x.r));
  }, [rows, gridCols, column, value]);
  const { shown, hasMore } = detailPage(filtered, pages, screen.sizes.detailPageSize);
  const selected: WireRow | undefined =
    screen.detailIndex !== null ? screen.record?.dtl[screen.detailIndex] : undefined;
  const noDetail = screen.page?.ScreenHlp?.NoDetailMsg || t('framework.noDetail');
  const noResults = screen.page?.ScreenHlp?.NoResultsMsg || t('framework.noResults');

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('framework.detail.title')}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('framework.detail.title')}
        </Title>
        <Group align="flex-end" gap="xs">
          <Select
            label={t('framework.detail.filterColumn')}
            data={[
              { value: ALL_COLUMNS, label: t('framework.all') },
              ...gridCols.map((c) => ({ value: c.name, label: c.label })),
            ]}
            value={column}
            onChange={(v) => {
              setColumn(v ?? ALL_COLUMNS);
              setPages(1);
            }}
            allowDeselect={false}
            w={200}
          />
          <TextInput
            label={t('framework.detail.filterValue')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setPages(1);
            }}
            w={220}
          />
        </Group>
        {filtered.length === 0 ? (
          <Text c="dimmed" role="status">
            {noResults}
          </Text>
        ) : (
          <DetailGrid
            gridCols={gridCols}
            shown={shown}
            detailIndex={screen.detailIndex}
            onSelect={screen.setDetailIndex}
          />
        )}
        {hasMore && (
          <Button variant="subtle" onClick={() => setPages((p) => p + 1)}>
            {t('framework.detailViewMore')}
          </Button>
        )}
        {rowButtons}
        <Title order={4} size="h6">
          {t('framework.detail.record')}
        </Title>
        {!selected ? (
          <Text c="dimmed" role="status">
            {noDetail}
          </Text>
        ) : (
          <DetailRecord screen={screen} cols={cols} selected={selected} locked={locked} />
        )}
      </Stack>
    </Paper>
  );
}

function DetailGrid({
  gridCols,
  shown,
  detailIndex,
  onSelect,
}: {
  gridCols: readonly ColumnMeta[];
  shown: IndexedRow[];
  detailIndex: number | null;
  onSelect: (index: number) => void;
}) {
  const { t, lang, message } = useT();
  const shownValue = (r: Record<string, unknown>, c: ColumnMeta) =>
    c.type === 'dropdown' || c.type === 'yn'
      ? choiceText(displayValue(r, c), lang, message)
      : displayValue(r, c);
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table striped highlightOnHover styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            {gridCols.map((c) => (
              <Table.Th key={c.name}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map(({ r, index }) => (
            <Table.Tr key={index} bg={index === detailIndex ? 'var(--mantine-color-blue-0)' : undefined}>
              {gridCols.map((c, ci) => (
                // Long values (keys, JSON) stay on one line, cut with an ellipsis; the row's
                // form below shows them in full.
                <Table.Td key={c.name} title={shownValue(r, c)} style={cellStyle}>
                  {ci === 0 ? (
                    <UnstyledButton
                      onClick={() => onSelect(index)}
                      aria-current={index === detailIndex ? 'true' : undefined}
                      // Its visible text is part of its name (label in name), '(new)' too.
                      aria-label={t('framework.detail.openRow', {
                        name: shownValue(r, c) || t('framework.detail.newRow', { n: index + 1 }),
                      })}
                      style={{ textDecoration: 'underline' }}
                    >
                      {shownValue(r, c) || t('framework.detail.new')}
                    </UnstyledButton>
                  ) : (
                    shownValue(r, c)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The selected detail row's form. */
function DetailRecord({
  screen,
  cols,
  selected,
  locked,
}: {
  screen: MasterDetailState;
  cols: readonly ColumnMeta[];
  selected: WireRow;
  locked: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {cols.map((c) => (
        <FieldInput
          key={c.name}
          column={c}
          row={selected}
          locked={locked}
          choices={screen.supporting[`Get${c.name}List`]}
          onChange={(v, text) => {
            screen.setDetailField(c.name, v);
            if (c.type === 'dropdown') screen.setDetailField(`${c.name}Text`, text ?? null);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
