// The statement lists (spec 001 'Statement lists'): one row a month (short month and year);
// clicking a row opens its PDF in a new window and goes to /StmtDownloadConfirm. Rows can be
// ticked and downloaded together as one zip. Empty: the spec's text.
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

export interface StatementListProps {
  kind: StmtType;
  title: string;
  empty: string;
  back: string;
  /** A figure shown on each row. */
  figure: (row: StakeStmtRow) => string;
  /** Extra link of a row (the reward statement's detail page). */
  detail?: (row: StakeStmtRow) => string;
}

export function StatementList({ kind, title, empty, back, figure, detail }: StatementListProps) {
  const api = useApi();
  const config = useConfig();
  const navigate = useNavigate();
  const list = useStatements(kind);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const download = async (ids: number[]) => {
    // Opened now, while the click still counts as the person's: a window opened after the call
    // would be blocked as a pop-up.
    const win = window.open('', '_blank');
    setBusy(true);
    try {
      const url = await statementUrl(api, apiBaseOf(config), ids);
      if (win) win.location.href = url;
      else window.location.assign(url);
      void navigate('/StmtDownloadConfirm', confirmedBy('statementDownload'));
    } catch (err) {
      win?.close();
      notify({
        msgType: 'E',
        message: err instanceof Error ? err.message : 'The statement could not be downloaded.',
      });
    } finally {
      setBusy(false);
    }
  };

  const rows = list.data ?? [];
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Button variant="default" component={Link} to={back}>
            Back
          </Button>
        </Group>
        <StakingCard
          title="Monthly statements"
          testId="statements-card"
          right={
            rows.length > 1 ? (
              <Button
                size="xs"
                variant="light"
                disabled={!chosen.length || busy}
                onClick={() => void download(chosen)}
              >
                Download selected (.zip)
              </Button>
            ) : undefined
          }
        >
          {list.isLoading ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          ) : !rows.length ? (
            <Text c="dimmed" ta="center" py="md">
              {empty}
            </Text>
          ) : (
            <Table verticalSpacing="sm" data-testid="statements-table">
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.StmtId8} data-testid="statement-row">
                    {/* Ticking rows is for the zip of several: with one row there is nothing to choose. */}
                    {rows.length > 1 ? (
                      <Table.Td w={40}>
                        <Checkbox
                          aria-label={`Choose ${r.StmtLabel8}`}
                          checked={chosen.includes(r.StmtId8)}
                          onChange={() => toggle(r.StmtId8)}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => void download([r.StmtId8])}
                        disabled={busy}
                        aria-label={`Download the ${r.StmtLabel8} statement`}
                      >
                        <Text fw={600} c="blue">
                          {r.StmtLabel8}
                        </Text>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text span ff="monospace" fz="sm">
                        {figure(r)}
                      </Text>
                    </Table.Td>
                    {detail ? (
                      <Table.Td ta="right" w={80}>
                        <Anchor component={Link} to={detail(r)} fz="sm">
                          Details
                        </Anchor>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </StakingCard>
      </Stack>
    </Container>
  );
}
