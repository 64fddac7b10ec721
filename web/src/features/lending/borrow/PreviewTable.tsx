// The live preview of an opening or adjustment: the cache after the change (an adjustment's
// figures as 'before → after'), its ratio and
// liquidation price, the borrowing fee with the FTX discount applied, the liquidation reserve and
// the minimum debt, the recovery-mode warning and the one for a ratio under the critical 155%.
import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PAYD_LIQUIDATION_RESERVE, PAYD_MINIMUM_DEBT, type Decimal } from '@payd/protocol';
import type { ReactNode } from 'react';
import { formatNumber } from '@payd/i18n';
import type { BorrowMarket, CacheFigures, Preview } from './borrowRules.ts';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';

/** A figure, after an arrow from its value before the change when there is one. */
function Row({
  label,
  id,
  before,
  children,
}: {
  label: string;
  id: string;
  before?: string;
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      <Table.Td ta="right">
        {before !== undefined && (
          <Text span c="dimmed" fz="sm" data-testid={`${id}-before`}>
            {before} →{' '}
          </Text>
        )}
        <span data-testid={id}>{children}</span>
      </Table.Td>
    </Table.Tr>
  );
}

/** The rate the fee is taken at, with the FTX discount and the fee before it when there are. */
function feeNote({ t, lang, pct, num }: LendingTranslate, market: BorrowMarket, p: Preview | undefined) {
  const rate = pct(p?.rate ?? market.fees.borrowingRate());
  if (market.discountPercent <= 0) return t('lending.preview.feeNote', { rate });
  const discount = formatNumber(lang, market.discountPercent / 100, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  if (p && !p.feeBeforeDiscount.isZero)
    return t('lending.preview.feeNoteBefore', { rate, discount, before: num(p.feeBeforeDiscount, 2) });
  return t('lending.preview.feeNoteDiscount', { rate, discount });
}

export function PreviewTable({
  market,
  preview,
  before,
  title,
}: {
  market: BorrowMarket;
  preview: Preview | undefined;
  /** An adjustment's cache as it is: each figure reads 'before → after'. */
  before?: CacheFigures;
  title?: string;
}) {
  const tr = useLendingT();
  const { t, num, pct } = tr;
  const eth = (v: Decimal) => t('lending.eth', { amount: num(v, 4) });
  const payd = (v: Decimal, digits = 2) => t('lending.payd', { amount: num(v, digits) });
  const p = preview;
  const dash = '–';
  const b = p && before;
  return (
    <Paper withBorder p="md" aria-live="polite">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {title ?? t('lending.preview.title')}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            <Row
              label={t('lending.cache.collateral')}
              id="preview-collateral"
              before={b && eth(b.cache.collateral)}
            >
              {p ? eth(p.cache.collateral) : dash}
            </Row>
            <Row label={t('lending.preview.totalDebt')} id="preview-debt" before={b && payd(b.cache.debt)}>
              {p ? payd(p.cache.debt) : dash}
            </Row>
            <Row label={t('lending.cache.ratio')} id="preview-ratio" before={b && pct(b.ratio)}>
              {p ? pct(p.ratio) : dash}
            </Row>
            <Row
              label={t('lending.cache.liquidationPrice')}
              id="preview-liquidation-price"
              before={b && num(b.liquidationPrice, 2)}
            >
              {p ? t('lending.preview.perEth', { amount: num(p.liquidationPrice, 2) }) : dash}
            </Row>
            <Row label={t('lending.preview.fee')} id="preview-fee">
              {p ? payd(p.fee) : dash}
            </Row>
            <Row label={t('lending.preview.reserve')} id="preview-reserve">
              {payd(PAYD_LIQUIDATION_RESERVE, 0)}
            </Row>
            <Row label={t('lending.preview.minimumDebt')} id="preview-minimum-debt">
              {payd(PAYD_MINIMUM_DEBT, 0)}
            </Row>
            <Row label={t('lending.preview.totalRatio')} id="preview-total-ratio">
              {p ? pct(p.totalRatio) : dash}
            </Row>
          </Table.Tbody>
        </Table>
        {p?.warning && (
          <Alert color="yellow" variant="light" data-testid="preview-warning">
            {t('lending.preview.critical', { ratio: pct(p.ratio) })}
          </Alert>
        )}
        <Text fz="sm" c="dimmed" data-testid="preview-fee-note">
          {feeNote(tr, market, p)}
        </Text>
      </Stack>
    </Paper>
  );
}
