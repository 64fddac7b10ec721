// /rewardStatementDetail?id=N (spec 001 'Statement lists'): the Monthly Reward Statement of the
// chosen month, from the statement's own figures (the spec's original held sample data only);
// Back to /rewardStatements.
import { Box, Button, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { lastDayOf, rewardRows } from './rewardDetail.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { StakingCard } from '../../../ui/pageParts.tsx';
import { useStatements } from './statementsApi.ts';

export function RewardStatementDetailPage() {
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
            Monthly Reward Statement
          </Title>
          <Button variant="default" component={Link} to="/rewardStatements">
            Back
          </Button>
        </Group>
        {list.isLoading ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : !stmt ? (
          <Text c="dimmed" ta="center" py="md">
            The statement was not found.
          </Text>
        ) : (
          <StakingCard title={stmt.StmtLabel8} testId="reward-statement-detail">
            <Text fz="sm" data-testid="statement-period">
              Period: {stmt.StmtMonth8} to {lastDayOf(stmt.StmtMonth8)} (UTC)
            </Text>
            {/* On a phone one block a validator: the table's five columns would need sideways scrolling. */}
            <Stack gap="sm" hiddenFrom="sm">
              {rows.map((r) => (
                <Box key={r.key} data-testid="reward-statement-block" fw={r.total ? 700 : undefined}>
                  <Text fw={700}>{r.name}</Text>
                  {(
                    [
                      ['Opening balance', r.opening],
                      ['Staking Rewards', r.consensus],
                      ['Fees Rewards', r.fees],
                      ['MEV Rewards', r.mev],
                      ['Withdrawals', r.withdrawals],
                      ['Closing balance', r.closing],
                    ] as const
                  ).map(([label, value]) => (
                    <Group key={label} justify="space-between" wrap="nowrap" fz="sm">
                      <Text span fz="sm">
                        {label}
                      </Text>
                      <OptionalAmount value={value} />
                    </Group>
                  ))}
                </Box>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Validator</Table.Th>
                    <Table.Th ta="right">Opening balance</Table.Th>
                    <Table.Th ta="right">Staking Rewards</Table.Th>
                    <Table.Th ta="right">Fees Rewards</Table.Th>
                    <Table.Th ta="right">MEV Rewards</Table.Th>
                    <Table.Th ta="right">Withdrawals</Table.Th>
                    <Table.Th ta="right">Closing balance</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.key} data-testid="reward-statement-row" fw={r.total ? 700 : undefined}>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td ta="right">
                        <Amount value={r.opening} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Amount value={r.consensus} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <OptionalAmount value={r.fees} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <OptionalAmount value={r.mev} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Amount value={r.withdrawals} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Amount value={r.closing} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text c="dimmed" fz="xs">
              Fees and MEV are paid to the fee recipient (the withdrawal address) on the execution chain, so
              they are not part of the validator&apos;s balance.
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
