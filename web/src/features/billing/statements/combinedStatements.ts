// The combined monthly statement (issue 29 item 4, StmtTypeCd8 C) in the statement lists: its rows
// sit beside the list's own (reward or account) statements, after them within a month, and it has a
// CSV as well as a PDF (GetDownloadLink with options.format 'csv', a short-lived link like the PDF's).
import { StakeStmt, type StakeStmtRow } from '@payd/schemas';
import type { ApiClient } from '../../../api/client.ts';

/** The list's rows and the combined statements' rows, newest month first, the list's own first within a month. */
export function withCombined(
  own: readonly StakeStmtRow[],
  combined: readonly StakeStmtRow[],
): StakeStmtRow[] {
  return [...own, ...combined].sort((a, b) =>
    a.StmtMonth8 !== b.StmtMonth8
      ? b.StmtMonth8.localeCompare(a.StmtMonth8)
      : Number(a.StmtTypeCd8 === 'C') - Number(b.StmtTypeCd8 === 'C') || b.StmtId8 - a.StmtId8,
  );
}

/** What a combined statement's row says beside its month: how many lines it has. */
export function combinedFigure(row: StakeStmtRow): string {
  const lines = Number(row.Summary8.lines ?? 0);
  return `All holdings, ${lines} line${lines === 1 ? '' : 's'}`;
}

/** The URL of a combined statement's CSV, on the API's origin. */
export async function combinedCsvUrl(api: ApiClient, apiBase: string, id: number): Promise<string> {
  const r = await api.call(StakeStmt.GetDownloadLink, { keyId: id, options: { format: 'csv' } });
  return apiBase.replace(/\/$/, '') + r.data.url;
}
