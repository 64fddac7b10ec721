// Every staff status change of a record (who, when, before, after) from GetStatusHistory, named
// by the screen's labels (statusHistoryLabels.ts).
import { Table, Text, Title } from '@mantine/core';
import { screenRefs, type InitPage, type SupportingData } from '@payd/schemas';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../shell/session/session.tsx';
import { formatTimestamp, screenColumns } from '../../framework/columns.ts';
import { labelHistory } from './statusHistoryLabels.ts';
import { useT } from '../../i18n/useT.ts';

export function StatusHistory({
  service,
  entity,
  keyId,
  version,
}: {
  service: string;
  entity: string;
  keyId: string;
  version: unknown;
}) {
  const api = useApi();
  const { t } = useT();
  const history = useQuery({
    queryKey: ['screen', service, 'history', keyId, version],
    queryFn: async () => (await api.call(screenRefs(service, entity).GetStatusHistory, { keyId })).data ?? [],
    meta: { silent: true },
  });
  // The labels and dropdown texts of the screen the history belongs to: its LoadInitPage, which the
  // open screen has already loaded (useMasterDetail's query; nothing is fetched here).
  const init = useQuery<{ page: InitPage; supporting: SupportingData }>({
    queryKey: ['screen', service, 'init'],
    queryFn: skipToken,
  });
  const page = init.data?.page;
  const supporting = init.data?.supporting;
  const entries = useMemo(
    () =>
      labelHistory(
        history.data ?? [],
        screenColumns(page?.AuthCol ?? [], page?.ScreenLabel ?? []).master,
        supporting ?? {},
      ),
    [history.data, page, supporting],
  );
  return (
    <section aria-label={t('staff.history.title')}>
      <Title order={3} size="h6" mb={4}>
        {t('staff.history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {history.isPending ? t('staff.loading') : t('staff.history.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          {/* When and who stay on one line (the table scrolls sideways on a phone); values wrap. */}
          <Table fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.history.when')}</Table.Th>
                <Table.Th>{t('staff.history.who')}</Table.Th>
                <Table.Th>{t('staff.history.field')}</Table.Th>
                <Table.Th>{t('staff.history.before')}</Table.Th>
                <Table.Th>{t('staff.history.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(e.changedOn)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.changedBy}</Table.Td>
                  <Table.Td>{e.isRecord ? t('staff.history.record') : e.field}</Table.Td>
                  <Table.Td>{e.before}</Table.Td>
                  <Table.Td>{e.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
