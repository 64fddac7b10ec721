// The stake screen's 'Transaction Summary': what the one deposit transaction will send, before
// the wallet is asked to approve it, and what the validators will cost a day and how long the
// customer's credits last at that fee (stakeFees.ts).
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatNumber } from '@payd/i18n';
import type { FeeFigures, FeeView } from './stakeFees.ts';
import { useT, type Translate } from '../../i18n/useT.ts';
import { networkName } from '../wallet/index.ts';
import { type stakeSummary } from './stakeRules.ts';

/** The fee, this stake's fee and the credit runway of a FeeView, worded in the page's language. */
export function feeTexts(
  { t, lang }: Translate,
  f: FeeFigures,
): { fee: string; stake: string | null; runway: string } {
  const credits = (v: string) =>
    formatNumber(lang, v as unknown as number, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = f.validators;
  const balance = credits(f.balance);
  let runway: string;
  if (f.balance.startsWith('-')) runway = t('stake.fee.negative', { balance });
  else if (/^0\.00$/.test(f.balance)) runway = t('stake.fee.none');
  else if (f.days < 1) runway = t('stake.fee.notOneDay', { balance, count });
  else {
    const remaining =
      f.days > 30
        ? t('stake.remaining.months', { count: Math.floor(f.days / 30) })
        : t('stake.remaining.days', { count: f.days });
    runway = t('stake.fee.runway', { balance, remaining, count });
  }
  const s = f.stake;
  return {
    fee: t('stake.fee.daily', { perDay: credits(f.perDay), cr: credits(f.cr) }),
    stake: s
      ? t('stake.fee.stake', {
          count: s.count,
          amount: formatNumber(lang, s.amountEth),
          all: credits(s.all),
          each: credits(s.each),
        })
      : null,
    runway,
  };
}

export function StakeReviewModal({
  opened,
  summary,
  fees,
  chainId,
  txBusy,
  onBack,
  onSend,
}: {
  opened: boolean;
  summary: ReturnType<typeof stakeSummary>;
  /** The daily fee and the credit runway with these validators (null while the rates load). */
  fees: FeeView | null;
  chainId: number | undefined;
  /** A wallet transaction is under way: sending waits. */
  txBusy: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  const tr = useT();
  const { t, message, lang } = tr;
  const eth = (n: number) => t('stake.summary.eth', { amount: formatNumber(lang, n) });
  const texts = fees ? feeTexts(tr, fees.figures) : null;
  return (
    <Modal opened={opened} onClose={onBack} title={t('stake.summary.title')} centered size="lg">
      <Stack gap="md">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('stake.kind')}</Table.Th>
              <Table.Td>{message(summary.kind)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.count')}</Table.Th>
              <Table.Td>{formatNumber(lang, summary.validators)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.perValidator')}</Table.Th>
              <Table.Td>{eth(summary.ethPerValidator)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.summary.total')}</Table.Th>
              <Table.Td fw={700}>{eth(summary.totalEth)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.withdrawal')}</Table.Th>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {summary.withdrawalAddress}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.summary.network')}</Table.Th>
              <Table.Td>{networkName(chainId)}</Table.Td>
            </Table.Tr>
            {texts?.stake ? (
              <Table.Tr>
                <Table.Th>{t('stake.summary.stakeFee')}</Table.Th>
                <Table.Td data-testid="stake-fee-quote">{texts.stake}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Th>{t('stake.summary.dailyFee')}</Table.Th>
              <Table.Td data-testid="stake-daily-fee">{texts ? texts.fee : '…'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('stake.summary.credits')}</Table.Th>
              <Table.Td data-testid="stake-credit-runway" c={fees?.low ? 'orange.8' : undefined}>
                {texts ? texts.runway : '…'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text fz="sm" c="dimmed">
          {t('stake.summary.note', { amount: formatNumber(lang, summary.totalEth) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
          <Button onClick={onSend} disabled={txBusy}>
            {t('stake.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
