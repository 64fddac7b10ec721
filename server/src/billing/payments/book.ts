// Booking a verified ETH or FTX top-up: one stake_payment row (status S) per transaction hash.
// The partial unique index stake_payment_tx_hash makes a second booking of the same hash a no-op,
// also from two requests or two server instances at once.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { stakePayment, stakeWalletAddress } from '../../db/schema.ts';

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
export async function isBooked(db: Db, txHash: string): Promise<boolean> {
  const r = await db
    .select({ pmtId: stakePayment.pmtId })
    .from(stakePayment)
    .where(eq(stakePayment.txHash, txHash.toLowerCase()));
  return r.length > 0;
}

/** Books the payment; the new pmt_id, or null when the hash was booked already. */
export async function bookCryptoPayment(db: Db, p: CryptoPayment): Promise<number | null> {
  const r = await db
    .insert(stakePayment)
    .values({
      pmtTypeCd: p.type,
      pmtAmt: sql`${p.amount}::numeric`,
      creditAmt: sql`${p.credits}::numeric(20, 2)`,
      pmtStatusCd: 'S',
      paidOn: p.paidOn,
      usrId: p.usrId,
      stakeWalletAddrId: p.walletId,
      txHash: p.txHash.toLowerCase(),
    })
    .onConflictDoNothing({ target: stakePayment.txHash, where: sql`tx_hash IS NOT NULL` })
    .returning({ pmtId: stakePayment.pmtId });
  return r[0]?.pmtId ?? null;
}

export interface RegisteredWallet {
  id: number;
  address: string;
}

/** The caller's approved wallet (stake_wallet_address, status A); null when none. */
export async function registeredWallet(db: Db, usrId: number): Promise<RegisteredWallet | null> {
  const [r] = await db
    .select({ id: stakeWalletAddress.stakeWalletAddrId, address: stakeWalletAddress.stakeWalletAddr })
    .from(stakeWalletAddress)
    .where(and(eq(stakeWalletAddress.usrId, usrId), eq(stakeWalletAddress.stakeWalletStatusCd, 'A')))
    .orderBy(asc(stakeWalletAddress.stakeWalletAddrId))
    .limit(1);
  return r ?? null;
}
