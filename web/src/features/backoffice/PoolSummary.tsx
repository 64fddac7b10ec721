// The validator pool's on-chain totals, its validators per status and the latest reward reports
// (PoolValidator GetPoolState, staff roles only on the server), under the screen's title.
import { PoolValidator } from '@payd/schemas';
import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shell/session/session.tsx';
import { formatTimestamp } from '../../framework/columns.ts';
import { POOL_SERVICE, POOL_STATE_FIGURES, POOL_VALIDATOR_STATUS_TEXT, reportPeriodText } from './pool.ts';

const REPORT_STATUS: Record<string, string> = { P: 'Sending', D: 'Done', F: 'Failed' };

export function PoolSummary() {
  const api = useApi();
  const q = useQuery({
    queryKey: ['screen', POOL_SERVICE, 'state'],
    queryFn: async () => (await api.call(PoolValidator.GetPoolState, {})).data,
    refetchInterval: 10_000,
    meta: { silent: true },
  });
  const s = q.data;
  return (
    <Paper component="section" aria-label="Validator pool state" withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        On chain
      </Title>
      {!s ? (
        <Text size="sm" c="dimmed">
          {q.isPending ? 'Loading…' : 'Not available'}
        </Text>
      ) : (
        <>
          {!s.Available && (
            <Text size="sm" c="dimmed">
              The pool job is not configured (no beacon node or no validator pool in the deployment).
            </Text>
          )}
          {s.StateError && (
            <Text size="sm" c="red">
              {s.StateError}
            </Text>
          )}
          {s.State && (
            <Group gap="lg" wrap="wrap" mb="xs">
              {POOL_STATE_FIGURES.map(([key, label]) => (
                <Text size="sm" key={key}>
                  {label}: <strong data-testid={`pool-${key}`}>{s.State?.[key] ?? '–'}</strong>
                </Text>
              ))}
            </Group>
          )}
          <Group gap="lg" wrap="wrap" mb="xs">
            {Object.entries(POOL_VALIDATOR_STATUS_TEXT).map(([code, label]) => (
              <Text size="sm" key={code}>
                {label}: {s.Validators[code] ?? 0}
              </Text>
            ))}
          </Group>
          <Title order={3} size="h6" mb={4}>
            Reward reports
          </Title>
          {s.Reports.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet
            </Text>
          ) : (
            <Table aria-label="Reward reports" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Period from</Table.Th>
                  <Table.Th>Staking rewards (ETH)</Table.Th>
                  <Table.Th>Mining rewards (ETH)</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Reported on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.Reports.map((r) => (
                  <Table.Tr key={r.Period}>
                    <Table.Td title={`period ${r.Period}`}>
                      {reportPeriodText(r.Period, s.State?.reportPeriod)}
                    </Table.Td>
                    <Table.Td>{r.StakingRewards}</Table.Td>
                    <Table.Td>{r.MiningRewards}</Table.Td>
                    <Table.Td title={r.Error ?? r.TxHash ?? undefined}>
                      {REPORT_STATUS[r.Status] ?? r.Status}
                    </Table.Td>
                    <Table.Td>{r.ReportedOn ? formatTimestamp(r.ReportedOn) : '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}
