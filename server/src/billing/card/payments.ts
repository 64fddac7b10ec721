// The card payments in stake_payment (type 'C', currency USD): a pending row when the intent is
// made, booked S (with paid_on) or F only from a verified provider event. Every change is one
// conditional UPDATE keyed by the PaymentIntent (stripe_ref is unique), so a replayed or
// concurrently delivered event books a payment once: the second UPDATE finds the row already S.
import type { Database } from '../../db/database.ts';

export interface PendingCard {
  usrId: number;
  ref: string;
  /** USD charged, 2 decimals ('50.00'). */
  usd: string;
  /** Credits bought, 2 decimals. */
  credits: string;
  at: Date;
}

/** USD of a cent amount, exact ('5000' → '50.00'). */
export function usdOfCents(cents: bigint): string {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

export async function insertPending(database: Database, p: PendingCard): Promise<number> {
  const [r] = await database.query<{ pmt_id: number }>(
    `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, usr_id, stripe_ref, input_on)
     VALUES ('C', $1::numeric, $2::numeric, 'P', $3, $4, $5) RETURNING pmt_id`,
    [p.usd, p.credits, p.usrId, p.ref, p.at.toISOString()],
  );
  return Number(r!.pmt_id);
}

export type BookResult = 'booked' | 'already' | 'unknown' | 'mismatch';

/**
 * Books the payment of PaymentIntent `ref` as successful: only when the amount received is the
 * row's amount in cents and the currency USD. A payment already S is left alone ('already'); a
 * failed one (F) may still succeed: Stripe lets the customer retry the same intent.
 */
export async function bookSucceeded(
  database: Database,
  ref: string,
  received: { cents: number; currency: string },
  at: Date,
): Promise<BookResult> {
  const [row] = await database.query<{ cents: string; status: string }>(
    `SELECT (pmt_amt * 100)::numeric(20, 0)::text AS cents, pmt_status_cd AS status
       FROM stake_payment WHERE stripe_ref = $1 AND pmt_type_cd = 'C'`,
    [ref],
  );
  if (!row) return 'unknown';
  if (row.status === 'S') return 'already';
  if (received.currency !== 'usd' || String(received.cents) !== row.cents) return 'mismatch';
  const updated = await database.query(
    `UPDATE stake_payment SET pmt_status_cd = 'S', paid_on = $2, modified_on = $2, row_version = row_version + 1
      WHERE stripe_ref = $1 AND pmt_type_cd = 'C' AND pmt_status_cd <> 'S' RETURNING pmt_id`,
    [ref, at.toISOString()],
  );
  return updated.length ? 'booked' : 'already';
}

/** Marks a pending payment failed (a successful one stays successful). */
export async function bookFailed(database: Database, ref: string, at: Date): Promise<BookResult> {
  const updated = await database.query(
    `UPDATE stake_payment SET pmt_status_cd = 'F', modified_on = $2, row_version = row_version + 1
      WHERE stripe_ref = $1 AND pmt_type_cd = 'C' AND pmt_status_cd = 'P' RETURNING pmt_id`,
    [ref, at.toISOString()],
  );
  return updated.length ? 'booked' : 'already';
}

export interface CardRow {
  id: number;
  status: 'P' | 'S' | 'F';
  credits: string;
  amount: string;
  ref: string;
}

/** The customer's own card payment (null for anyone else's). */
export async function ownCardPayment(
  database: Database,
  usrId: number,
  by: { id: number } | { ref: string },
): Promise<CardRow | null> {
  const [key, value] = 'id' in by ? ['pmt_id', by.id] : ['stripe_ref', by.ref];
  const [r] = await database.query<{
    id: number;
    status: 'P' | 'S' | 'F';
    credits: string;
    amount: string;
    ref: string;
  }>(
    `SELECT pmt_id AS id, pmt_status_cd AS status, credit_amt::numeric(20, 2)::text AS credits,
            pmt_amt::numeric(20, 2)::text AS amount, stripe_ref AS ref
       FROM stake_payment WHERE ${key} = $1 AND usr_id = $2 AND pmt_type_cd = 'C'`,
    [value, usrId],
  );
  return r ? { ...r, id: Number(r.id) } : null;
}
