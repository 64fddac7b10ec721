// StakeStmtWs' request bodies (spec 001 section 7), which only the server parses. Apart from
// statements.ts so that the statement pages, which show its texts, do not load zod's full build.
import { z } from 'zod';
import { STMT_LIST_TOP_N, STMT_TYPES } from './statements.ts';

const stmtId = z.coerce.number().int().positive().max(2_147_483_647);

export const getStakeStmtListBody = z
  .object({
    searchStr: z.string().max(200).optional().nullable(),
    topN: z.coerce.number().int().min(1).max(STMT_LIST_TOP_N).optional(),
    filterId: z
      .union([z.string().max(20), z.number()])
      .optional()
      .nullable(),
    /** Only this kind (R or A); both when absent. */
    StmtTypeCd8: z.enum(STMT_TYPES).optional(),
    /** Staff only: whose statements. */
    UsrId8: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .loose();

export const getDownloadLinkBody = z
  .object({
    keyId: stmtId,
    /** format 'csv': the combined statement's CSV instead of its PDF (issue 29 item 4). */
    options: z
      .object({ format: z.enum(['pdf', 'csv']).optional() })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();

export const getDocZipDownloadBody = z
  .object({
    /** One statement id, or several. */
    keyId: z.union([stmtId, z.array(stmtId).min(1).max(STMT_LIST_TOP_N)]),
    options: z.unknown().optional(),
  })
  .loose();
