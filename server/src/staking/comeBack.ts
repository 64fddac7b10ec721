// Coming back after a termination (issue 24; StakeWalletAddressWs ComeBack): a terminated customer
// (wallet status D) registers the same wallet again with its signed registration message, once
// every validator has exited (mayComeBack of @payd/schemas). The wallet is Approved (A) again, the
// credits episode starts afresh (no warning, no termination on record: the next low balance warns
// and gives the full notice again), and the validators that ran before the termination get their
// charges' end (charges_end_day = the termination's day), so the terminated days, never charged
// while terminated, are not charged after the return either. The credit balance carries over:
// a balance below zero is paid by the next top-ups, and until it is, the low-credit warning and
// the termination rules apply as to anyone.
import { and, eq, sql } from 'drizzle-orm';
import { comeBackMessages, mayComeBack, type ComeBackBody } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator, stakeCreditState, stakeWalletAddress } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { failed, forbidden } from '../wire/errors.ts';
import { StakingMessages } from './messages.ts';
import { checkWalletProof, recordWalletProof, walletStatus } from './registration.ts';

/** The caller's registration of `address` (any spelling); access denied when it is not theirs. */
async function registrationOf(db: Db, caller: Caller, address: string) {
  const [w] = await db
    .select({
      id: stakeWalletAddress.stakeWalletAddrId,
      addr: stakeWalletAddress.stakeWalletAddr,
      cd: stakeWalletAddress.stakeWalletStatusCd,
    })
    .from(stakeWalletAddress)
    .where(
      and(
        eq(stakeWalletAddress.usrId, caller.usrId),
        sql`lower(${stakeWalletAddress.stakeWalletAddr}) = lower(${address})`,
      ),
    );
  if (!w) throw forbidden(StakingMessages.noWallet);
  return w;
}

/** Whether the account's termination was the billing's (stake_credit_state.terminated_on). */
export async function terminatedForCredits(db: Db, usrId: number): Promise<boolean> {
  const [r] = await db
    .select({ on: stakeCreditState.terminatedOn })
    .from(stakeCreditState)
    .where(eq(stakeCreditState.usrId, usrId));
  return Boolean(r?.on);
}

export async function comeBack(db: Db, caller: Caller, b: ComeBackBody, now: Date) {
  const first = await registrationOf(db, caller, b.walletAddress);
  if (first.cd !== 'D') throw failed('not_terminated', comeBackMessages.notTerminated);
  if (!(await terminatedForCredits(db, caller.usrId)))
    throw failed('declined', comeBackMessages.declinedByStaff);
  const proof = await checkWalletProof(caller, first.addr, b, now);
  await db.transaction(async (tx) => {
    // One change of the account at a time (a second ComeBack, a registration): lock it, read again.
    await tx.execute(sql`SELECT 1 FROM users WHERE usr_id = ${caller.usrId} FOR UPDATE`);
    const w = await registrationOf(tx, caller, b.walletAddress);
    if (w.cd !== 'D') throw failed('not_terminated', comeBackMessages.notTerminated);
    const codes = await tx
      .select({ cd: eth2Validator.validatorStatusCd })
      .from(eth2Validator)
      .where(eq(eth2Validator.usrId, caller.usrId));
    // Only a termination for unpaid charges is undone here; a wallet staff declined stays declined.
    if (!(await terminatedForCredits(tx, caller.usrId)))
      throw failed('declined', comeBackMessages.declinedByStaff);
    if (!mayComeBack(codes.map((r) => r.cd)))
      throw failed('validators_live', comeBackMessages.validatorsLive);
    const at = now.toISOString();
    await tx.execute(
      sql`UPDATE eth2_validator SET charges_end_day = coalesce(
              (SELECT (s.terminated_on AT TIME ZONE 'UTC')::date FROM stake_credit_state s WHERE s.usr_id = ${caller.usrId}),
              (${at}::timestamptz AT TIME ZONE 'UTC')::date)
          WHERE usr_id = ${caller.usrId} AND coalesce(validator_status_cd, '') <> '' AND charges_end_day IS NULL`,
    );
    await tx.execute(
      sql`UPDATE stake_wallet_address SET stake_wallet_status_cd = 'A', modified_on = ${at}::timestamptz,
            row_version = row_version + 1
          WHERE stake_wallet_addr_id = ${w.id}`,
    );
    await recordWalletProof(tx, w.id, proof, now);
    await tx.execute(
      sql`UPDATE stake_credit_state SET warned_on = NULL, terminated_on = NULL, modified_on = ${at}::timestamptz
          WHERE usr_id = ${caller.usrId}`,
    );
  });
  return walletStatus(db, caller, b.walletAddress);
}
