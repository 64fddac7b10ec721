// Payment History of /payment (spec 001: 5 a page, newest first): the caller's own successful
// payments, amounts as exact decimal strings.
import { sql } from 'drizzle-orm';
import { paymentCurrency, paymentTypeName } from '@payd/schemas';
import { rows, type Executor } from '../../framework/sqlText.ts';

export interface PaymentRow {
  PmtId4: number;
  PmtTypeCd4: string;
  PmtTypeName: string;
  Currency: string;
  PmtAmt4: string;
  CreditAmt4: string;
  PmtStatusCd4: string;
  PaidOn4: string;
  TxHash: string | null;
}

export interface PaymentPage {
  total: number;
  data: PaymentRow[];
}

/** Page `page` (0-based) of `pageSize` payments of `usrId`, newest first; pageSize 0 = all. */
export async function paymentHistory(
  db: Executor,
  usrId: number,
  page: number,
  pageSize: number,
): Promise<PaymentPage> {
  const limit = pageSize > 0 ? pageSize : 32767;
  const offset = pageSize > 0 ? page * pageSize : 0;
  const [list, count] = await Promise.all([
    rows(
      db,
      sql`SELECT pmt_id, pmt_type_cd, pmt_amt::text AS pmt_amt, credit_amt::text AS credit_amt,
                 pmt_status_cd, paid_on, tx_hash
          FROM stake_payment WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
          ORDER BY paid_on DESC, pmt_id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    rows(
      db,
      sql`SELECT count(*)::integer AS n FROM stake_payment WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'`,
    ),
  ]);
  return {
    total: Number(count[0]?.n ?? 0),
    data: list.map((r) => ({
      PmtId4: Number(r.pmt_id),
      PmtTypeCd4: String(r.pmt_type_cd),
      PmtTypeName: paymentTypeName(String(r.pmt_type_cd)),
      Currency: paymentCurrency(String(r.pmt_type_cd)),
      PmtAmt4: String(r.pmt_amt),
      CreditAmt4: String(r.credit_amt),
      PmtStatusCd4: String(r.pmt_status_cd),
      PaidOn4: new Date(r.paid_on as string).toISOString(),
      TxHash: (r.tx_hash as string | null) ?? null,
    })),
  };
}
