// The live preview of an opening or adjustment: the cache after the change (an adjustment's
// figures as 'before → after'), its ratio and
// liquidation price, the borrowing fee with the FTX discount applied, the liquidation reserve and
// the minimum debt, the recovery-mode warning and the one for a ratio under the critical 155%.
import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PAYD_LIQUIDATION_RESERVE, PAYD_MINIMUM_DEBT } from '@payd/protocol';
import type { ReactNode } from 'react';
import type { BorrowMarket, CacheFigures, Preview } from './borrowRules.ts';

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

export function PreviewTable({
  market,
  preview,
  before,
  title = 'Preview',
}: {
  market: BorrowMarket;
  preview: Preview | undefined;
  /** An adjustment's cache as it is: each figure reads 'before → after'. */
  before?: CacheFigures;
  title?: string;
}) {
  const p = preview;
  const dash = '–';
  const b = p && before;
  return (
    <Paper withBorder p="md" aria-live="polite">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            <Row
              label="Collateral"
              id="preview-collateral"
              before={b && `${b.cache.collateral.prettify(4)} ETH`}
            >
              {p ? `${p.cache.collateral.prettify(4)} ETH` : dash}
            </Row>
            <Row label="Total debt" id="preview-debt" before={b && `${b.cache.debt.prettify(2)} PAYD`}>
              {p ? `${p.cache.debt.prettify(2)} PAYD` : dash}
            </Row>
            <Row label="Collateral ratio" id="preview-ratio" before={b && b.ratio.toPercent()}>
              {p ? p.ratio.toPercent() : dash}
            </Row>
            <Row
              label="Liquidation price"
              id="preview-liquidation-price"
              before={b && `${b.liquidationPrice.prettify(2)}`}
            >
              {p ? `${p.liquidationPrice.prettify(2)} PAYD per ETH` : dash}
            </Row>
            <Row label="Borrowing fee" id="preview-fee">
              {p ? `${p.fee.prettify(2)} PAYD` : dash}
            </Row>
            <Row label="Liquidation reserve" id="preview-reserve">
              {`${PAYD_LIQUIDATION_RESERVE.prettify(0)} PAYD`}
            </Row>
            <Row label="Minimum debt" id="preview-minimum-debt">
              {`${PAYD_MINIMUM_DEBT.prettify(0)} PAYD`}
            </Row>
            <Row label="Total collateral ratio after" id="preview-total-ratio">
              {p ? p.totalRatio.toPercent() : dash}
            </Row>
          </Table.Tbody>
        </Table>
        {p?.warning && (
          <Alert color="yellow" variant="light" data-testid="preview-warning">
            {p.warning}
          </Alert>
        )}
        <Text fz="sm" c="dimmed" data-testid="preview-fee-note">
          Borrowing rate {(p?.rate ?? market.fees.borrowingRate()).toPercent()}
          {market.discountPercent > 0
            ? `, less your FTX discount of ${market.discountPercent}%` +
              (p && !p.feeBeforeDiscount.isZero ? ` (${p.feeBeforeDiscount.prettify(2)} PAYD before it)` : '')
            : ''}
          . The liquidation reserve is paid back when you close the cache.
        </Text>
      </Stack>
    </Paper>
  );
}
