// The dashboard's transactions card as plain functions: paging over a history that loads in steps
// (HISTORY_FIRST_LOAD rows first; one more page shows while the loaded list is full, and asking for
// it loads more), and the 'Export' of the whole history to 'LTD Transactions {yyyymmdd}.xlsx'
// with the API and the xlsx writer injected. useTransactionsCard.ts holds the React state;
// tested in dashboardFlow.test.ts.
import type { ApiClient } from '../../api/client.ts';
import { HISTORY_EXPORT_LIMIT, HISTORY_FIRST_LOAD, historyOf, walletsAt } from './dashboardApi.ts';
import {
  ENGLISH_EXPORT_WORDS,
  exportFileName,
  exportRows,
  type TxExportWords,
  type TxRow,
} from './txRules.ts';
import { PAGE_SIZE, pageOf } from './validatorsRules.ts';
import type { buildXlsx as BuildXlsx } from '@payd/files';

/** The page of loaded rows shown, and how many pages the pager offers. */
export function historyPage(rows: readonly TxRow[], limit: number, page: number) {
  // More rows may exist when the loaded list is full: one more page shows, and loads them.
  const more = rows.length >= limit;
  const { rows: shown, pages } = pageOf(rows, page, PAGE_SIZE);
  return { shown, totalPages: pages + (more ? 1 : 0) };
}

/** The history limit once page `page` is asked for: larger when that page is past the loaded rows. */
export function limitForPage(loaded: number, limit: number, page: number): number {
  const more = loaded >= limit;
  return more && (page + 1) * PAGE_SIZE > loaded ? limit + HISTORY_FIRST_LOAD * 2 : limit;
}

export interface XlsxWriter {
  buildXlsx: typeof BuildXlsx;
  XLSX_MIME: string;
}

/** The whole history of the wallets at `address` as the xlsx file the Export button downloads. */
export async function exportTransactions(d: {
  api: ApiClient;
  address: string;
  chainId: number | undefined;
  beaconUrl: string | null | undefined;
  /** The xlsx writer, loaded on demand so /dashboard stays light. */
  loadXlsx: () => Promise<XlsxWriter>;
  now: Date;
  /** The sheet's words in the reader's language (English by default). */
  words?: TxExportWords;
}): Promise<{ bytes: Uint8Array; fileName: string; mime: string }> {
  const [{ buildXlsx, XLSX_MIME }, wallets] = await Promise.all([d.loadXlsx(), walletsAt(d.api, d.address)]);
  const all = await historyOf(d.api, wallets, HISTORY_EXPORT_LIMIT);
  const words = d.words ?? ENGLISH_EXPORT_WORDS;
  const bytes = buildXlsx({
    sheetName: words.sheetName,
    header: words.header,
    rows: exportRows(all, d.chainId, d.beaconUrl, words),
    widths: [12, 16, 22, 16, 26, 10, 80, 22],
    linkColumns: [6],
  });
  return { bytes, fileName: exportFileName(d.now, words.fileTitle), mime: XLSX_MIME };
}

/** The toast of a failed export. */
export function exportFailedMessage(e: unknown): string {
  return `The transactions could not be exported: ${String((e as Error)?.message ?? e)}`;
}
