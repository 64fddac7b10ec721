// Monthly statements (spec 001 'Statement lists', StakeStmtWs): the lists' rows and limits and the
// texts both sides show. StmtTypeCd8: R reward statement, A account statement, C the combined
// statement of everything the customer holds (issue 29 item 4; a PDF and a CSV). The request bodies,
// which only the server parses, are in statementBodies.ts: the pages' texts come without zod.

export const StatementMessages = {
  noRewardStatements: 'No reward statements.',
  noAccountStatements: 'No account statements.',
  downloaded: 'Statement Downloaded',
  goBack: 'Go Back to Statement',
  notFound: 'The statement was not found.',
  linkExpired: 'The download link has expired. Please download the statement again.',
  linkRefused: 'This download link is not yours.',
  noCsv: 'Only the combined statement has a CSV.',
  linkOtherSession:
    'This download link works only where you asked for it, while you are signed in. Please sign in and download the statement again.',
} as const;

export const STMT_TYPES = ['R', 'A', 'C'] as const;
export type StmtType = (typeof STMT_TYPES)[number];

/** Statement lists read at most 50 (spec 001 section 7: GetStakeStmt5List topN fixed at 50). */
export const STMT_LIST_TOP_N = 50;

/** One row of the statement lists. */
export interface StakeStmtRow {
  StmtId8: number;
  StmtTypeCd8: StmtType;
  UsrId8: number;
  /** First day of the month, YYYY-MM-01. */
  StmtMonth8: string;
  /** Short month and year, e.g. 'Nov 2026'. */
  StmtLabel8: string;
  StmtFileName8: string;
  /** The figures printed on the statement, exact decimals as text. */
  Summary8: Record<string, unknown>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-01' → 'Nov 2026'. */
export function shortMonthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? '?'} ${y}`;
}
