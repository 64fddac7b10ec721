import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../api/fakeApi.ts';
import { exportFailedMessage, exportTransactions, historyPage, limitForPage } from './dashboardFlow.ts';
import type { TxRow } from './txRules.ts';
import { buildXlsx, XLSX_MIME } from '@payd/files';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const rows = (n: number): TxRow[] => Array.from({ length: n }, (_, i) => ({ TxHistoryId22: i }) as TxRow);

describe('transactions pager', () => {
  it('offers one more page while the loaded history is full', () => {
    expect(historyPage(rows(50), 50, 0).totalPages).toBe(11);
    expect(historyPage(rows(12), 50, 0).totalPages).toBe(3);
    expect(historyPage(rows(12), 50, 2).shown.map((r) => r.TxHistoryId22)).toEqual([10, 11]);
  });

  it('loads more only when the asked page is past the loaded rows of a full list', () => {
    expect(limitForPage(50, 50, 9)).toBe(50);
    expect(limitForPage(50, 50, 10)).toBe(150);
    expect(limitForPage(12, 50, 10)).toBe(50);
  });
});

describe('Export', () => {
  const api = (history: TxRow[]) => {
    const calls: { method: string; body: unknown }[] = [];
    const client = fakeApi((_s, method, body) => {
      calls.push({ method, body });
      if (method === 'GetEth2Wallet5List') return { data: [{ key: '7', label: ADDR.toUpperCase() }] };
      if (method === 'GetDailyHistory') return { data: { Rows: history } };
      throw new Error(method);
    });
    return { client, calls };
  };

  it('writes the whole history of the address to the dated xlsx file', async () => {
    const a = api([
      { TxHistoryId22: 1, TxTypeCd22: 'D', Amount22: '32', TimeStamp22: '2026-01-02T00:00:00Z' } as TxRow,
    ]);
    const file = await exportTransactions({
      api: a.client,
      address: ADDR,
      chainId: 88,
      beaconUrl: null,
      loadXlsx: async () => ({ buildXlsx, XLSX_MIME }),
      now: new Date(2026, 10, 25),
    });
    expect(file.fileName).toBe('LTD Transactions 20261125.xlsx');
    expect(file.mime).toBe(XLSX_MIME);
    expect([...file.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip
    expect(a.calls.map((c) => c.method)).toEqual(['GetEth2Wallet5List', 'GetDailyHistory']);
    expect(a.calls[1]!.body).toEqual({ walletAddress: ADDR.toUpperCase(), limit: 32767 });
  });

  it('says why an export failed', () => {
    expect(exportFailedMessage(new Error('offline'))).toBe('The transactions could not be exported: offline');
  });
});
