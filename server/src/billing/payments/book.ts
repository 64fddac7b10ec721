// Booking a verified ETH or FTX top-up: one stake_payment row (status S) per transaction hash.
// The partial unique index stake_payment_tx_hash makes a second booking of the same hash a no-op,
// also from two requests or two server instances at once.
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../framework/sqlText.ts';

export interface CryptoPayment {
  usrId: number;
  walletId: number;
  type: 'E' | 'T';
  /** ETH or FTX paid, exact decimal string. */
  amount: string;
  /** Credits bought, 2 decimals. */
  credits: string;
  txHash: string;
  paidOn: Date;
}

/** True when hash is already booked (by anyone). */
export async function isBooked(db: Executor, txHash: string): Promise<boolean> {
  const r = await rows(db, sql`SELECT 1 FROM stake_payment WHERE tx_hash = ${txHash.toLowerCase()}`);
  return r.length > 0;
}

/** Books the payment; the new pmt_id, or null when the hash was booked already. */
export async function bookCryptoPayment(db: Executor, p: CryptoPayment): Promise<number | null> {
  const r = await rows(
    db,
    sql`INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id,
                                   stake_wallet_addr_id, tx_hash)
        VALUES (${p.type}, ${p.amount}::numeric, ${p.credits}::numeric(20, 2), 'S', ${p.paidOn.toISOString()}::timestamptz,
                ${p.usrId}, ${p.walletId}, ${p.txHash.toLowerCase()})
        ON CONFLICT (tx_hash) WHERE tx_hash IS NOT NULL DO NOTHING
        RETURNING pmt_id`,
  );
  return r[0] ? Number(r[0].pmt_id) : null;
}

export interface RegisteredWallet {
  id: number;
  address: string;
}

/** The caller's approved wallet (stake_wallet_address, status A); null when none. */
export async function registeredWallet(db: Executor, usrId: number): Promise<RegisteredWallet | null> {
  const [r] = await rows(
    db,
    sql`SELECT stake_wallet_addr_id, stake_wallet_addr FROM stake_wallet_address
        WHERE usr_id = ${usrId} AND stake_wallet_status_cd = 'A'
        ORDER BY stake_wallet_addr_id LIMIT 1`,
  );
  return r ? { id: Number(r.stake_wallet_addr_id), address: String(r.stake_wallet_addr) } : null;
}
