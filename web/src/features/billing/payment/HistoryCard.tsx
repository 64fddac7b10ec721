// Payment History (spec 001 'Payment page'): 5 a page, newest first, export to spreadsheet, link
// 'Account Statements'.
import { Anchor, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../shell/session/session.tsx';
import { downloadBytes } from '../../../framework/download.ts';
import { StakingCard } from '../../../ui/pageParts.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { allPayments, usePaymentHistory } from './paymentApi.ts';
import { paymentTypeName } from '@payd/schemas';
import {
  fixedPlaces,
  paidOnText,
  paymentHistoryFileName,
  paymentHistorySheet,
  type PaymentExportWords,
} from './paymentExport.ts';
import { useT } from '../../../i18n/useT.ts';

// On a phone (below Mantine's sm) the currency follows the amount instead of having its own
// column, the text is smaller and the type and date wrap: Credits fits in 390 px with no sideways
// scrolling. The cells stay the same five, so what a reader or a test reads of a row does not change.
const PHONE_HIDDEN = { base: 'none', sm: 'table-cell' } as const;
const PHONE_ONLY = { base: 'inline', sm: 'none' } as const;

export function HistoryCard() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const history = usePaymentHistory(page);
  const [exporting, setExporting] = useState(false);
  const { t, message } = useT();
  const rows = history.data?.data ?? [];
  const pages = Math.ceil((history.data?.total ?? 0) / 5);

  async function exportXlsx() {
    setExporting(true);
    try {
      const [{ buildXlsx, XLSX_MIME }, all] = await Promise.all([import('@payd/files'), allPayments(api)]);
      const words: PaymentExportWords = {
        sheetName: t('payment.history.title'),
        header: ['type', 'date', 'amount', 'currency']
          .map((c) => t(`payment.history.${c}`))
          .concat(t('payment.credits')),
        typeName: (cd) => message(paymentTypeName(cd)),
      };
      downloadBytes(
        buildXlsx(paymentHistorySheet(all, words)),
        paymentHistoryFileName(new Date(), words.sheetName),
        XLSX_MIME,
      );
    } finally {
      setExporting(false);
    }
  }

  return (
    <StakingCard
      title={t('payment.history.title')}
      testId="payment-history-card"
      right={
        <Button
          size="xs"
          variant="light"
          loading={exporting}
          // Nothing to export before the first payment: the empty history below says so.
          disabled={rows.length === 0}
          onClick={() => void exportXlsx()}
          data-testid="payment-export"
        >
          {t('payment.history.export')}
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {history.isPending ? t('payment.loading') : t('payment.history.empty')}
        </Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table horizontalSpacing={6} fz={{ base: 'xs', sm: 'sm' }} data-testid="payment-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payment.history.type')}</Table.Th>
                <Table.Th>{t('payment.history.date')}</Table.Th>
                <Table.Th ta="right">{t('payment.history.amount')}</Table.Th>
                <Table.Th display={PHONE_HIDDEN}>{t('payment.history.currency')}</Table.Th>
                <Table.Th ta="right">{t('payment.credits')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.PmtId4} data-testid="payment-row">
                  <Table.Td>{message(r.PmtTypeName)}</Table.Td>
                  <Table.Td>{paidOnText(r.PaidOn4)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {fixedPlaces(r.PmtAmt4, 4)}
                    <Text span display={PHONE_ONLY} inherit c="dimmed">
                      {` ${r.Currency}`}
                    </Text>
                  </Table.Td>
                  <Table.Td display={PHONE_HIDDEN}>{r.Currency}</Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {r.CreditAmt4}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Pager page={page} pages={pages} onChange={setPage} label={t('payment.history.pager')} />
      <Anchor component={Link} to="/accountStatements" fz="sm">
        {t('statements.account.title')}
      </Anchor>
    </StakingCard>
  );
}
