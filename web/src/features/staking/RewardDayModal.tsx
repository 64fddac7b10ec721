// A daily reward row's entries on the dashboard's Transactions card (each synced epoch range or
// proposed slot), in a modal. DashboardTransactions.tsx loads it just after the card shows.
import { Anchor, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../../shell/config.ts';
import { useApi } from '../../shell/session/session.tsx';
import { Amount } from '../../ui/Amount.tsx';
import { useCardLayout } from '../../ui/pageParts.tsx';
import { rewardDetailOf } from './dashboardApi.ts';
import { Loading } from './cardStates.tsx';
import { RewardDayCards } from './TransactionCards.tsx';
import { txAmount, txExplorerUrl, type TxRow } from './txRules.ts';
import { epochWords, txDateWords, txTypeWords, txValidatorWords, txWhenWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';

/** A daily reward row's entries (each synced epoch range or proposed slot), in a modal. */
export default function RewardDayModal({
  address,
  row,
  chainId,
  onClose,
}: {
  address: string;
  row: TxRow | null;
  chainId: number | undefined;
  onClose: () => void;
}) {
  const api = useApi();
  const { beaconUrl } = useConfig();
  const cards = useCardLayout();
  const tr = useT();
  const { t } = tr;
  const detail = useQuery({
    queryKey: ['stakingDashboard', 'rewardDay', address.toLowerCase(), String(row?.TxHistoryId22 ?? '')],
    queryFn: () => rewardDetailOf(api, address, row!),
    enabled: row !== null,
  });
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      centered
      size="lg"
      title={
        <Text fw={700}>
          {row ? [txTypeWords(tr, row), txValidatorWords(tr, row), txWhenWords(tr, row)].join(' · ') : ''}
        </Text>
      }
    >
      {detail.isPending ? (
        <Loading />
      ) : cards ? (
        <RewardDayCards rows={detail.data ?? []} chainId={chainId} beaconUrl={beaconUrl} />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} striped data-testid="reward-day-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dash.day.epochTitle')}</Table.Th>
                <Table.Th>{t('dash.tx.date')}</Table.Th>
                <Table.Th ta="right">{t('dash.tx.amount')}</Table.Th>
                <Table.Th>{t('dash.tx.explorer')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(detail.data ?? []).map((r) => {
                const url = txExplorerUrl(r, chainId, beaconUrl);
                return (
                  <Table.Tr key={String(r.TxHistoryId22)} data-testid="reward-day-row">
                    <Table.Td fz="sm">{epochWords(tr, r, false)}</Table.Td>
                    <Table.Td fz="sm">{txDateWords(tr, r.TimeStamp22)}</Table.Td>
                    <Table.Td ta="right" data-testid="reward-day-amount">
                      <Amount value={txAmount(r)} />
                    </Table.Td>
                    <Table.Td>
                      {url ? (
                        <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                          {t('dash.tx.view')}
                        </Anchor>
                      ) : (
                        '-'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
