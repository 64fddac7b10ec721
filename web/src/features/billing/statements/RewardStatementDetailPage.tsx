// /rewardStatementDetail?id=N (spec 001 'Statement lists'): the Monthly Reward Statement of the
// chosen month, from the statement's own figures (the spec's original held sample data only);
// Back to /rewardStatements.
import { Box, Button, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { StatementMessages } from '@payd/schemas';
import { lastDayOf, rewardRows, type RewardRow } from './rewardDetail.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { StakingCard } from '../../../ui/pageParts.tsx';
import { useStatements } from './statementsApi.ts';
import { useT, type Translate } from '../../../i18n/useT.ts';

/** The row's figures in reading order: the balance's sum, then what was paid beside it. */
type Figure = Exclude<keyof RewardRow, 'key' | 'name' | 'total' | 'executionRewards'>;
const columns: ReadonlyArray<readonly [string, Figure]> = [
  ['statements.detail.opening', 'opening'],
  ['statements.detail.deposits', 'deposits'],
  ['statements.detail.rewards', 'rewards'],
  ['statements.detail.withdrawals', 'withdrawals'],
  ['statements.detail.closing', 'closing'],
  ['statements.detail.fees', 'fees'],
  ['statements.detail.mev', 'mev'],
];

/** A row's name (rewardDetail.ts words it in English) in the page's language. */
function rowName({ t }: Translate, row: RewardRow): string {
  if (row.total) return t('statements.detail.allValidators');
  const index = /^Validator (\d+)$/.exec(row.name)?.[1];
  if (index !== undefined) return t('statements.detail.validatorIndex', { index });
  return row.name === 'Validator pending' ? t('statements.detail.validatorPending') : row.name;
}

export function RewardStatementDetailPage() {
  const tr = useT();
  const { t, message } = tr;
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const list = useStatements('R');
  const stmt = list.data?.find((r) => r.StmtId8 === id);
  const rows = stmt ? rewardRows(stmt.Summary8) : [];
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={24}>
            {t('statements.detail.title')}
          </Title>
          <Button variant="default" component={Link} to="/rewardStatements">
            {t('common.back')}
          </Button>
        </Group>
        {list.isLoading ? (
          <Center py="md">
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          </Center>
        ) : !stmt ? (
          <Text c="dimmed" ta="center" py="md">
            {message(StatementMessages.notFound)}
          </Text>
        ) : (
          <StakingCard title={stmt.StmtLabel8} testId="reward-statement-detail">
            <Text fz="sm" data-testid="statement-period">
              {t('statements.detail.period', { from: stmt.StmtMonth8, to: lastDayOf(stmt.StmtMonth8) })}
            </Text>
            {/* On a phone one block a validator: the table's columns would need sideways scrolling. */}
            <Stack gap="sm" hiddenFrom="sm">
              {rows.map((r) => (
                <Box key={r.key} data-testid="reward-statement-block" fw={r.total ? 700 : undefined}>
                  <Text fw={700}>{rowName(tr, r)}</Text>
                  {columns.map(([label, field]) => (
                    <Group key={label} justify="space-between" wrap="nowrap" fz="sm">
                      <Text span fz="sm">
                        {t(label)}
                      </Text>
                      <OptionalAmount value={r[field]} />
                    </Group>
                  ))}
                </Box>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={900} visibleFrom="sm">
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('statements.detail.validator')}</Table.Th>
                    {columns.map(([label]) => (
                      <Table.Th key={label} ta="right">
                        {t(label)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.key} data-testid="reward-statement-row" fw={r.total ? 700 : undefined}>
                      <Table.Td>{rowName(tr, r)}</Table.Td>
                      {columns.map(([label, field]) => (
                        <Table.Td key={label} ta="right">
                          <OptionalAmount value={r[field]} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text c="dimmed" fz="xs">
              {t('statements.detail.explained')}
            </Text>
          </StakingCard>
        )}
      </Stack>
    </Container>
  );
}

/** An amount, or a dash where the statement does not give it (made before fees and MEV were apart). */
function OptionalAmount({ value }: { value: string | null }) {
  return value === null ? (
    <Text span fz="sm">
      —
    </Text>
  ) : (
    <Amount value={value} />
  );
}
