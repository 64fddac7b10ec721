// Payment History of /payment (spec 001: 5 a page, newest first): the caller's own successful
// payments, amounts as exact decimal strings.
import { and, count, desc, eq } from 'drizzle-orm';
import { paymentCurrency, paymentTypeName } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { stakePayment } from '../../db/schema.ts';

import type { PaymentPage, PaymentRow } from '@payd/schemas';

export type { PaymentPage, PaymentRow };

/** Page `page` (0-based) of `pageSize` payments of `usrId`, newest first; pageSize 0 = all. */
export async function paymentHistory(
  db: Db,
  usrId: number,
  page: number,
  pageSize: number,
): Promise<PaymentPage> {
  const limit = pageSize > 0 ? pageSize : 32767;
  const offset = pageSize > 0 ? page * pageSize : 0;
  const successful = and(eq(stakePayment.usrId, usrId), eq(stakePayment.pmtStatusCd, 'S'));
  const [list, counted] = await Promise.all([
    db
      .select({
        pmtId: stakePayment.pmtId,
        pmtTypeCd: stakePayment.pmtTypeCd,
        pmtAmt: stakePayment.pmtAmt,
        creditAmt: stakePayment.creditAmt,
        pmtStatusCd: stakePayment.pmtStatusCd,
        paidOn: stakePayment.paidOn,
        txHash: stakePayment.txHash,
      })
      .from(stakePayment)
      .where(successful)
      .orderBy(desc(stakePayment.paidOn), desc(stakePayment.pmtId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stakePayment).where(successful),
  ]);
  return {
    total: counted[0]?.n ?? 0,
    data: list.map((r) => ({
      PmtId4: r.pmtId,
      PmtTypeCd4: r.pmtTypeCd,
      PmtTypeName: paymentTypeName(r.pmtTypeCd),
      Currency: paymentCurrency(r.pmtTypeCd),
      PmtAmt4: r.pmtAmt,
      CreditAmt4: r.creditAmt,
      PmtStatusCd4: r.pmtStatusCd,
      // Successful payments are always paid; 0 (1970) is what a missing date read as before.
      PaidOn4: new Date(r.paidOn ?? 0).toISOString(),
      TxHash: r.txHash,
    })),
  };
}
