// The dashboard's transactions on a phone (issue 17): one card per row instead of a table that
// scrolls sideways. The card's first line is what a person looks for, the type and the amount;
// then the date and the validator; then the status and the explorer link (a reward day's Details).
// The same test ids as the table's cells. Also a reward day's entries, as cards.
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { isDailyGroup, txAmount, txExplorerUrl, txStatusBadge, type TxRow } from './txRules.ts';
import {
  epochWords,
  txDateWords,
  txGroupWords,
  txStatusWords,
  txTypeWords,
  txValidatorWords,
  txWhenWords,
} from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';
import { Amount } from '../../ui/Amount.tsx';
import { CardList, RowCard } from '../../ui/pageParts.tsx';

export function TransactionCards({
  rows,
  chainId,
  beaconUrl,
  onDetails,
}: {
  rows: readonly TxRow[];
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
  /** Opens a reward day's entries. */
  onDetails: (r: TxRow) => void;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <CardList label={t('dash.tx.title')} testId="transactions-cards">
      {rows.map((r) => {
        const badge = txStatusBadge(r);
        const url = txExplorerUrl(r, chainId, beaconUrl);
        return (
          <RowCard
            key={String(r.TxHistoryId22)}
            testId="tx-row"
            title={
              <Text fw={600} data-testid="tx-type">
                {txTypeWords(tr, r)}
              </Text>
            }
            figure={<Amount value={txAmount(r)} testId="tx-amount" fz="md" />}
          >
            <Group gap={6}>
              <Text span fz="sm" c="dimmed" data-testid="tx-date">
                {txWhenWords(tr, r)}
              </Text>
              <Text span fz="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text span fz="sm" c="dimmed" data-testid="tx-validator">
                {txValidatorWords(tr, r)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Badge color={badge.color} variant="light">
                {txStatusWords(tr, r)}
              </Badge>
              {isDailyGroup(r) ? (
                <Button size="compact-sm" variant="subtle" onClick={() => onDetails(r)}>
                  {t('dash.tx.details')}
                </Button>
              ) : url ? (
                <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                  {t('dash.tx.view')}
                </Anchor>
              ) : null}
            </Group>
            {isDailyGroup(r) ? (
              <Text fz="xs" c="dimmed">
                {txGroupWords(tr, r)}
              </Text>
            ) : null}
          </RowCard>
        );
      })}
    </CardList>
  );
}

/** A reward day's entries (each synced epoch range or proposed slot) as cards: epoch and amount first. */
export function RewardDayCards({
  rows,
  chainId,
  beaconUrl,
}: {
  rows: readonly TxRow[];
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <CardList label={t('dash.day.entries')} testId="reward-day-cards">
      {rows.map((r) => {
        const url = txExplorerUrl(r, chainId, beaconUrl);
        return (
          <RowCard
            key={String(r.TxHistoryId22)}
            testId="reward-day-row"
            title={
              <Text fz="sm" fw={600}>
                {epochWords(tr, r, true)}
              </Text>
            }
            figure={<Amount value={txAmount(r)} testId="reward-day-amount" />}
          >
            <Group justify="space-between" gap="xs">
              <Text fz="sm" c="dimmed">
                {txDateWords(tr, r.TimeStamp22)}
              </Text>
              {url ? (
                <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                  {t('dash.tx.view')}
                </Anchor>
              ) : null}
            </Group>
          </RowCard>
        );
      })}
    </CardList>
  );
}
