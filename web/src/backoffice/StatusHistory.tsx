// Every staff status change of a record (who, when, before, after) from GetStatusHistory.
import { Table, Text, Title } from '@mantine/core';
import type { StatusHistoryEntry } from '@payd/schemas';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../auth/session.tsx';
import { formatTimestamp } from '../framework/columns.ts';

export function StatusHistory({
  service,
  keyId,
  version,
}: {
  service: string;
  keyId: string;
  version: unknown;
}) {
  const api = useApi();
  const history = useQuery({
    queryKey: ['screen', service, 'history', keyId, version],
    queryFn: async () =>
      (await api.call<StatusHistoryEntry[]>(service, 'GetStatusHistory', { keyId })).data ?? [],
    meta: { silent: true },
  });
  const entries = history.data ?? [];
  return (
    <section aria-label="Status history">
      <Title order={3} size="h6" mb={4}>
        Status history
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {history.isPending ? 'Loading…' : 'No changes recorded'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          {/* When and who stay on one line (the table scrolls sideways on a phone); values wrap. */}
          <Table fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.AuditId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(e.ChangedOn)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.ChangedByName}</Table.Td>
                  <Table.Td>{e.ColumnName}</Table.Td>
                  <Table.Td>{e.Before ?? ''}</Table.Td>
                  <Table.Td>{e.After ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
