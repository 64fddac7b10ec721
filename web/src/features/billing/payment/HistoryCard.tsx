// Payment History (spec 001 'Payment page'): 5 a page, newest first, export to spreadsheet, link
// 'Account Statements'.
import { Anchor, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../auth/session.tsx';
import { downloadBytes } from '../../../framework/download.ts';
import { Pager, StakingCard } from '../../staking/validatorsUi.tsx';
import { allPayments, usePaymentHistory } from './paymentApi.ts';
import { fixedPlaces, paidOnText, paymentHistoryFileName, paymentHistorySheet } from './paymentExport.ts';

export function HistoryCard() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const history = usePaymentHistory(page);
  const [exporting, setExporting] = useState(false);
  const rows = history.data?.data ?? [];
  const pages = Math.ceil((history.data?.total ?? 0) / 5);

  async function exportXlsx() {
    setExporting(true);
    try {
      const [{ buildXlsx, XLSX_MIME }, all] = await Promise.all([
        import('../../staking/xlsx.ts'),
        allPayments(api),
      ]);
      downloadBytes(buildXlsx(paymentHistorySheet(all)), paymentHistoryFileName(new Date()), XLSX_MIME);
    } finally {
      setExporting(false);
    }
  }

  return (
    <StakingCard
      title="Payment History"
      testId="payment-history-card"
      right={
        <Button
          size="xs"
          variant="light"
          loading={exporting}
          onClick={() => void exportXlsx()}
          data-testid="payment-export"
        >
          Export
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {history.isPending ? 'Loading…' : 'No payments yet.'}
        </Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table horizontalSpacing="xs" data-testid="payment-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment Type</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.PmtId4} data-testid="payment-row">
                  <Table.Td>{r.PmtTypeName}</Table.Td>
                  <Table.Td>{paidOnText(r.PaidOn4)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {fixedPlaces(r.PmtAmt4, 4)}
                  </Table.Td>
                  <Table.Td>{r.Currency}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {r.CreditAmt4}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Pager page={page} pages={pages} onChange={setPage} label="Payment history" />
      <Anchor component={Link} to="/accountStatements" fz="sm">
        Account Statements
      </Anchor>
    </StakingCard>
  );
}
