// The dashboard's Transactions card (spec 001 'Dashboard'): the history 5 a page (a table, or
// cards on a narrow screen), Export to 'LTD Transactions {yyyymmdd}.xlsx', and a daily reward
// row's entries in a modal. Its state is useTransactionsCard.ts.
import { Anchor, Badge, Button, Table } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useConfig } from '../../shell/config.ts';
import { useApi } from '../../shell/session/session.tsx';
import { TransactionCards } from './TransactionCards.tsx';
import { Empty, Loading } from './cardStates.tsx';
import { isDailyGroup, txAmount, txExplorerUrl, txStatusBadge, type TxRow } from './txRules.ts';
import { txGroupWords, txStatusWords, txTypeWords, txValidatorWords, txWhenWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';
import { useTransactionsCard } from './useTransactionsCard.ts';
import { Amount } from '../../ui/Amount.tsx';
import { StakingCard, useCardLayout, wideTableStyle } from '../../ui/pageParts.tsx';
import { Pager } from '../../ui/Pager.tsx';

// A reward day's entries open in a modal: it loads just after the card shows, not with the page.
const RewardDayModal = lazy(() => import('./RewardDayModal.tsx'));

export function TransactionsCard({ address, chainId }: { address: string; chainId: number | undefined }) {
  const api = useApi();
  const { beaconUrl } = useConfig();
  const cards = useCardLayout();
  const card = useTransactionsCard({ api, address, chainId, beaconUrl });
  const { rows, shown, page, totalPages, onPage, exporting, opened, setOpened } = card;
  const tr = useT();
  const { t } = tr;
  return (
    <StakingCard
      title={t('dash.tx.title')}
      testId="transactions-card"
      right={
        <Button
          size="xs"
          variant="light"
          onClick={() => void card.onExport()}
          loading={exporting}
          disabled={!rows.length}
        >
          {t('dash.tx.export')}
        </Button>
      }
    >
      {card.history.isPending ? (
        <Loading />
      ) : !rows.length ? (
        <Empty text={t('dash.tx.empty')} />
      ) : (
        <>
          {cards ? (
            <TransactionCards rows={shown} chainId={chainId} beaconUrl={beaconUrl} onDetails={setOpened} />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" striped data-testid="transactions-table" style={wideTableStyle}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dash.col.status')}</Table.Th>
                    <Table.Th>{t('dash.tx.transaction')}</Table.Th>
                    <Table.Th>{t('dash.tx.validator')}</Table.Th>
                    <Table.Th>{t('dash.tx.date')}</Table.Th>
                    <Table.Th ta="right">{t('dash.tx.amount')}</Table.Th>
                    <Table.Th>{t('dash.tx.explorer')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((r: TxRow) => {
                    const badge = txStatusBadge(r);
                    const url = txExplorerUrl(r, chainId, beaconUrl);
                    return (
                      <Table.Tr key={String(r.TxHistoryId22)} data-testid="tx-row">
                        <Table.Td>
                          <Badge color={badge.color} variant="light">
                            {txStatusWords(tr, r)}
                          </Badge>
                        </Table.Td>
                        <Table.Td data-testid="tx-type">{txTypeWords(tr, r)}</Table.Td>
                        <Table.Td fz="sm" data-testid="tx-validator">
                          {txValidatorWords(tr, r)}
                        </Table.Td>
                        <Table.Td fz="sm" data-testid="tx-date">
                          {txWhenWords(tr, r)}
                        </Table.Td>
                        <Table.Td ta="right" data-testid="tx-amount">
                          <Amount value={txAmount(r)} />
                        </Table.Td>
                        <Table.Td>
                          {isDailyGroup(r) ? (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() => setOpened(r)}
                              title={txGroupWords(tr, r) ?? undefined}
                            >
                              {t('dash.tx.details')}
                            </Button>
                          ) : url ? (
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
          <Pager page={page} pages={totalPages} onChange={onPage} label={t('dash.tx.title')} />
          <Suspense fallback={null}>
            <RewardDayModal
              address={address}
              row={opened}
              chainId={chainId}
              onClose={() => setOpened(null)}
            />
          </Suspense>
        </>
      )}
    </StakingCard>
  );
}
