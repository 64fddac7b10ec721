// StakeStmtWs (spec 001 section 7): the statement lists (GetStakeStmt5List, topN 50), a download
// link for one statement (GetDownloadLink: a short-lived URL, the PDF shown inline in a new window)
// and for a zip of several (GetDocZipDownload). The server lists only the caller's statements.
import { useQuery } from '@tanstack/react-query';
import { StakeStmt, STMT_LIST_TOP_N, type StakeStmtRow, type StmtType } from '@payd/schemas';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../shell/session/session.tsx';

export const statementsKey = (kind: StmtType) => ['billing', 'statements', kind];

export async function listStatements(api: ApiClient, kind: StmtType): Promise<StakeStmtRow[]> {
  const r = await api.call(StakeStmt.GetStakeStmt5List, {
    searchStr: '',
    topN: STMT_LIST_TOP_N,
    filterId: '0',
    StmtTypeCd8: kind,
  });
  return r.data;
}

export function useStatements(kind: StmtType) {
  const api = useApi();
  return useQuery({ queryKey: statementsKey(kind), queryFn: () => listStatements(api, kind) });
}

/** The URL of one statement's PDF (or, with several ids, of their zip), on the API's origin. */
export async function statementUrl(api: ApiClient, apiBase: string, ids: number[]): Promise<string> {
  const r =
    ids.length === 1
      ? await api.call(StakeStmt.GetDownloadLink, { keyId: ids[0] })
      : await api.call(StakeStmt.GetDocZipDownload, { keyId: ids, options: null });
  return apiBase.replace(/\/$/, '') + r.data.url;
}
