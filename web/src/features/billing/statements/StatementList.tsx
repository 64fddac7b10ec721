// The statement lists (spec 001 'Statement lists'): one row a month (short month and year);
// clicking a row opens its PDF in a new window and goes to /StmtDownloadConfirm. Rows can be
// ticked and downloaded together as one zip. Empty: the spec's text. The combined statement of
// each month (issue 29 item 4) sits beside the list's own, with its CSV as well
// (combinedStatements.ts).
import { useState } from 'react';
import {
  Anchor,
  Button,
  Center,
  Checkbox,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { confirmedBy } from '../../../ui/confirmation.tsx';
import type { StakeStmtRow, StmtType } from '@payd/schemas';
import { useApi } from '../../../shell/session/session.tsx';
import { apiBaseOf, useConfig } from '../../../shell/config.ts';
import { notify } from '../../../notifications/notify.ts';
import { StakingCard } from '../../../ui/pageParts.tsx';
import { statementUrl, useStatements } from './statementsApi.ts';
import { combinedCsvUrl, withCombined } from './combinedStatements.ts';
import { formatDate } from '@payd/i18n';
import { useT } from '../../../i18n/useT.ts';

/** A statement's month in the reader's language ('Nov 2026', 'Nov. 2026', '2026年11月'). */
export function monthLabel(lang: string, row: StakeStmtRow): string {
  const at = new Date(`${row.StmtMonth8.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(at.getTime())
    ? row.StmtLabel8
    : formatDate(lang, at, { month: 'short', year: 'numeric' });
}

export interface StatementListProps {
  kind: StmtType;
  title: string;
  empty: string;
  back: string;
  /** A figure shown on each row, in the language `lang`. */
  figure: (row: StakeStmtRow, lang: string) => string;
  /** Extra link of a row (the reward statement's detail page). */
  detail?: (row: StakeStmtRow) => string;
}

export function StatementList({ kind, title, empty, back, figure, detail }: StatementListProps) {
  const api = useApi();
  const config = useConfig();
  const navigate = useNavigate();
  const { t, message } = useT();
  const list = useStatements(kind);
  const combined = useStatements('C');
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const download = async (ids: number[], csv = false) => {
    // Opened now, while the click still counts as the person's: a window opened after the call
    // would be blocked as a pop-up.
    const win = window.open('', '_blank');
    setBusy(true);
    try {
      const url = csv
        ? await combinedCsvUrl(api, apiBaseOf(config), ids[0]!)
        : await statementUrl(api, apiBaseOf(config), ids);
      if (win) win.location.href = url;
      else window.location.assign(url);
      void navigate('/StmtDownloadConfirm', confirmedBy('statementDownload'));
    } catch (err) {
      win?.close();
      notify({
        msgType: 'E',
        message: err instanceof Error ? message(err.message) : t('statements.notDownloaded'),
      });
    } finally {
      setBusy(false);
    }
  };

  const rows = withCombined(list.data ?? [], combined.data ?? []);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Button variant="default" component={Link} to={back}>
            {t('common.back')}
          </Button>
        </Group>
        <StakingCard
          title={t('statements.monthly')}
          testId="statements-card"
          right={
            rows.length > 1 ? (
              <Button
                size="xs"
                variant="light"
                disabled={!chosen.length || busy}
                onClick={() => void download(chosen)}
              >
                {t('statements.downloadSelected')}
              </Button>
            ) : undefined
          }
        >
          {list.isLoading ? (
            <Center py="md">
              <Loader size="sm" role="status" aria-label={t('common.loading')} />
            </Center>
          ) : !rows.length ? (
            <Text c="dimmed" ta="center" py="md">
              {message(empty)}
            </Text>
          ) : (
            <Table verticalSpacing="sm" data-testid="statements-table">
              <Table.Tbody>
                {rows.map((r) => (
                  <StatementRow
                    key={r.StmtId8}
                    row={r}
                    choosable={rows.length > 1}
                    chosen={chosen.includes(r.StmtId8)}
                    onToggle={() => toggle(r.StmtId8)}
                    busy={busy}
                    onDownload={(csv) => void download([r.StmtId8], csv)}
                    figure={figure}
                    detail={detail}
                  />
                ))}
              </Table.Tbody>
            </Table>
          )}
        </StakingCard>
      </Stack>
    </Container>
  );
}

interface StatementRowProps extends Pick<StatementListProps, 'figure' | 'detail'> {
  row: StakeStmtRow;
  /** Whether rows can be ticked (more than one in the list). */
  choosable: boolean;
  chosen: boolean;
  onToggle(): void;
  busy: boolean;
  /** Downloads the PDF, or (csv) the combined statement's CSV. */
  onDownload(csv: boolean): void;
}

/** One month's statement; a combined statement says so and offers its CSV. */
function StatementRow({
  row: r,
  choosable,
  chosen,
  onToggle,
  busy,
  onDownload,
  figure,
  detail,
}: StatementRowProps) {
  const { t, lang } = useT();
  const isCombined = r.StmtTypeCd8 === 'C';
  const month = monthLabel(lang, r);
  const name = isCombined ? t('statements.combinedName', { month }) : month;
  return (
    <Table.Tr data-testid={isCombined ? 'combined-statement-row' : 'statement-row'}>
      {/* Ticking rows is for the zip of several: with one row there is nothing to choose. */}
      {choosable ? (
        <Table.Td w={40}>
          <Checkbox aria-label={t('statements.choose', { name })} checked={chosen} onChange={onToggle} />
        </Table.Td>
      ) : null}
      <Table.Td>
        <UnstyledButton
          onClick={() => onDownload(false)}
          disabled={busy}
          aria-label={t('statements.download', { name })}
        >
          <Text fw={600} c="blue">
            {month}
          </Text>
        </UnstyledButton>
        {isCombined ? (
          <Text span fz="xs" c="dimmed" ml="xs">
            {t('statements.combined')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        <Text span ff="monospace" fz="sm">
          {isCombined
            ? t('statements.combinedFigure', { lines: Number(r.Summary8.lines ?? 0) })
            : figure(r, lang)}
        </Text>
      </Table.Td>
      {isCombined ? (
        <Table.Td ta="right" w={80}>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={busy}
            aria-label={t('statements.downloadCsv', { name })}
            onClick={() => onDownload(true)}
          >
            {t('statements.csv')}
          </Button>
        </Table.Td>
      ) : detail ? (
        <Table.Td ta="right" w={80}>
          <Anchor component={Link} to={detail(r)} fz="sm">
            {t('statements.details')}
          </Anchor>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
