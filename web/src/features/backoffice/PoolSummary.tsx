// The validator pool's on-chain totals, its validators per status and the latest reward reports
// (PoolValidator GetPoolState, staff roles only on the server), under the screen's title.
import { PoolValidator } from '@payd/schemas';
import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shell/session/session.tsx';
import { formatTimestamp } from '../../framework/columns.ts';
import {
  POOL_SERVICE,
  POOL_STATE_FIGURES,
  POOL_VALIDATOR_STATUS_TEXT,
  REPORT_STATUS,
  reportPeriodText,
} from './pool.ts';
import { useT } from '../../i18n/useT.ts';
import { Tagged } from '../../i18n/Tagged.tsx';

export function PoolSummary() {
  const api = useApi();
  const { t, message } = useT();
  const q = useQuery({
    queryKey: ['screen', POOL_SERVICE, 'state'],
    queryFn: async () => (await api.call(PoolValidator.GetPoolState, {})).data,
    refetchInterval: 10_000,
    meta: { silent: true },
  });
  const s = q.data;
  // A day (or time) when the chain's period length is known, else 'period N' in words of the catalogue.
  const periodText = (period: string, seconds: string | undefined) => {
    const text = reportPeriodText(period, seconds);
    return text === `period ${period}` ? t('staff.pool.period', { period }) : text;
  };
  return (
    <Paper component="section" aria-label={t('staff.pool.state')} withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {t('staff.pool.onChain')}
      </Title>
      {!s ? (
        <Text size="sm" c="dimmed">
          {q.isPending ? t('staff.loading') : t('staff.notAvailable')}
        </Text>
      ) : (
        <>
          {!s.Available && (
            <Text size="sm" c="dimmed">
              {t('staff.pool.notConfigured')}
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
                  <Tagged
                    id="staff.pool.figure"
                    values={{ label: message(label), value: s.State?.[key] ?? '–' }}
                    tags={{ strong: (text) => <strong data-testid={`pool-${key}`}>{text}</strong> }}
                  />
                </Text>
              ))}
            </Group>
          )}
          <Group gap="lg" wrap="wrap" mb="xs">
            {Object.entries(POOL_VALIDATOR_STATUS_TEXT).map(([code, label]) => (
              <Text size="sm" key={code}>
                {t('staff.pool.count', { label: message(label), count: s.Validators[code] ?? 0 })}
              </Text>
            ))}
          </Group>
          <Title order={3} size="h6" mb={4}>
            {t('staff.pool.reports')}
          </Title>
          {s.Reports.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('staff.pool.noReports')}
            </Text>
          ) : (
            <Table aria-label={t('staff.pool.reports')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.pool.periodFrom')}</Table.Th>
                  <Table.Th>{t('staff.pool.stakingRewards')}</Table.Th>
                  <Table.Th>{t('staff.pool.miningRewards')}</Table.Th>
                  <Table.Th>{t('staff.pool.status')}</Table.Th>
                  <Table.Th>{t('staff.pool.reportedOn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.Reports.map((r) => (
                  <Table.Tr key={r.Period}>
                    <Table.Td title={t('staff.pool.period', { period: r.Period })}>
                      {periodText(r.Period, s.State?.reportPeriod)}
                    </Table.Td>
                    <Table.Td>{r.StakingRewards}</Table.Td>
                    <Table.Td>{r.MiningRewards}</Table.Td>
                    <Table.Td title={r.Error ?? r.TxHash ?? undefined}>
                      {message(REPORT_STATUS[r.Status] ?? r.Status)}
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
