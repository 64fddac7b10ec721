import { describe, expect, it } from 'vitest';
import { getDocZipDownloadBody, getStakeStmtListBody } from './statementBodies.ts';
import { STMT_LIST_TOP_N } from './statements.ts';

describe('statement bodies', () => {
  it('reads at most the list limit and only a known statement kind', () => {
    expect(getStakeStmtListBody.safeParse({ topN: STMT_LIST_TOP_N, StmtTypeCd8: 'A' }).success).toBe(true);
    expect(getStakeStmtListBody.safeParse({ topN: STMT_LIST_TOP_N + 1 }).success).toBe(false);
    expect(getStakeStmtListBody.safeParse({ StmtTypeCd8: 'X' }).success).toBe(false);
  });
  it('zips one statement or up to the list limit, never none', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(getDocZipDownloadBody.safeParse({ keyId: 7 }).success).toBe(true);
    expect(getDocZipDownloadBody.safeParse({ keyId: ids(STMT_LIST_TOP_N) }).success).toBe(true);
    expect(getDocZipDownloadBody.safeParse({ keyId: ids(STMT_LIST_TOP_N + 1) }).success).toBe(false);
    expect(getDocZipDownloadBody.safeParse({ keyId: [] }).success).toBe(false);
  });
});
