// Eth2WalletWs PrepareDeposits (issue 14): the stake screen's one call before the wallet is asked.
// For the caller's wallet of the withdrawal address (made when there is none, refused when it is
// bound to another network), it creates the validators missing for N of the asked kind and amount
// (issue 25: 0x01 of 32 ETH unless the body says otherwise) to wait for their deposit,
// exactly as SaveData with CreateValidator=Y does (the same screen save, checks, admission and
// ValidatorKeys), and returns N of them with their deposit data. The browser checks that deposit
// data itself before the wallet signs it.
//
// The planning transaction locks the caller's account row, so two calls of one account (on any
// server instance) find or make the same wallet and plan one after the other; the keys are then
// made outside it and written with ON CONFLICT (eth2_wallet_id, idx) DO NOTHING, so a concurrent
// call that planned the same indices adds no second validator.
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  VALIDATOR_KINDS,
  prepareDeposits as prepareDepositsContract,
  type PrepareDepositsBody,
  type PrepareDepositsReply,
  type PreparedValidator,
} from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet, users } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { parsedRows, type Executor } from '../framework/sqlText.ts';
import type { MethodDefinition } from '../wire/method.ts';
import type { CreationPlan } from './createValidators.ts';
import { checkBinding } from './eth2WalletSave.ts';
import { implement } from '../wire/implement.ts';
import { caller, type StakingDeps } from './methodKit.ts';
import { checkNotTerminated } from './registration.ts';
import { eth2WalletScreen } from './screens.ts';

const undeposited = z.object({
  eth2_validator_id: z.coerce.number(),
  idx: z.coerce.number(),
  pub_key: z.string(),
  deposit_json: z.string(),
  withdrawal_kind: z.enum(VALIDATOR_KINDS),
  deposit_gwei: z.coerce.number(),
});

/**
 * The validators a deposit takes (spec 001 section 5): empty status, one per public key (case
 * aside), of the kind and amount asked for (issue 25: a waiting validator's deposit data is signed
 * for its own kind and amount, so it serves only a deposit of the same), the first `n` by index.
 * Only the caller's rows.
 */
async function pickUndeposited(
  exec: Executor,
  c: Caller,
  walletId: number,
  b: Pick<PrepareDepositsBody, 'numberOfValidators' | 'kind' | 'amountEth'>,
): Promise<PreparedValidator[]> {
  const gwei = BigInt(b.amountEth) * 1_000_000_000n;
  const found = await parsedRows(
    exec,
    sql`SELECT eth2_validator_id, idx, pub_key, deposit_json, withdrawal_kind, deposit_gwei FROM (
          SELECT DISTINCT ON (lower(pub_key)) eth2_validator_id, idx, pub_key, coalesce(deposit_json, '') AS deposit_json,
                 withdrawal_kind, deposit_gwei
          FROM eth2_validator
          WHERE eth2_wallet_id = ${walletId} AND usr_id = ${c.usrId}
            AND coalesce(validator_status_cd, '') = '' AND pub_key <> ''
            AND withdrawal_kind = ${b.kind} AND deposit_gwei = ${gwei.toString()}::bigint
          ORDER BY lower(pub_key), idx) v
        ORDER BY idx LIMIT ${b.numberOfValidators}`,
    undeposited,
  );
  return found.map((v) => ({
    Eth2ValidatorId5: v.eth2_validator_id,
    Idx5: v.idx,
    PubKey5: v.pub_key,
    DepositJson5: v.deposit_json,
    WithdrawalKind5: v.withdrawal_kind,
    DepositGwei5: v.deposit_gwei,
  }));
}

/** The caller's wallet of this withdrawal address (the newest, as the stake page finds it), locked. */
async function findWallet(tx: Db, c: Caller, address: string) {
  const [w] = await tx
    .select({ id: eth2Wallet.eth2WalletId, rowVersion: eth2Wallet.rowVersion })
    .from(eth2Wallet)
    .where(
      and(eq(eth2Wallet.usrId, c.usrId), sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${address})`),
    )
    .orderBy(desc(eth2Wallet.eth2WalletId))
    .limit(1)
    .for('update');
  return w ?? null;
}

/** The index after the wallet's highest: where new validators start. */
async function nextIndex(tx: Db, walletId: number): Promise<number> {
  const [r] = await tx
    .select({ next: sql<number>`coalesce(max(${eth2Validator.idx}) + 1, 0)`.mapWith(Number) })
    .from(eth2Validator)
    .where(eq(eth2Validator.eth2WalletId, walletId));
  return r?.next ?? 0;
}

/** What PrepareDeposits uses of the staking dependencies. */
export type PrepareDeps = Pick<StakingDeps, 'db' | 'clock' | 'keys'>;

type Planned = { walletId: number; ready: PreparedValidator[] } | { walletId: number; plan: CreationPlan };

/**
 * Inside one transaction: the caller's account locked, the wallet found (its network checked) or
 * made, and when fewer than N of its validators wait for their deposit, the wallet saved with the
 * range to create (StartIdx6 after its highest index, ValidatorCnt6 the shortfall) and the
 * creation planned, as SaveData with CreateValidator=Y plans it.
 */
async function planDeposits(d: PrepareDeps, c: Caller, b: PrepareDepositsBody): Promise<Planned> {
  const n = b.numberOfValidators;
  return d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.select({ id: users.usrId }).from(users).where(eq(users.usrId, c.usrId)).for('update');
    const wallet = await findWallet(tx, c, b.walletAddress);
    const mst = {
      Eth2WalletId6: wallet?.id ?? '',
      ...(wallet ? { RowVersion6: wallet.rowVersion } : {}),
      NetworkId6: String(b.networkId),
      Eth1WithdrawalAddr6: b.walletAddress,
    };
    let range = { StartIdx6: 0, ValidatorCnt6: n };
    if (wallet) {
      await checkBinding(tx, c, { mst });
      const ready = await pickUndeposited(tx, c, wallet.id, b);
      if (ready.length >= n) return { walletId: wallet.id, ready };
      range = { StartIdx6: await nextIndex(tx, wallet.id), ValidatorCnt6: n - ready.length };
    }
    const engine = new ScreenEngine(eth2WalletScreen, { db: tx, clock: d.clock });
    const saved = await engine.saveData(c, { mst: { ...mst, ...range }, dtl: [], options: {} });
    const walletId = Number((saved.mst as Record<string, unknown>).Eth2WalletId6);
    return { walletId, plan: await d.keys.plan(tx, walletId, { kind: b.kind, amountEth: b.amountEth }) };
  });
}

/**
 * PrepareDeposits: N validators of the caller's wallet ready for their deposit, the missing ones
 * created first. Checked and admitted as a creation is (not terminated, KYC and wallet approved,
 * one creation per account at a time) before anything is written.
 */
export async function prepareDeposits(
  d: PrepareDeps,
  c: Caller,
  b: PrepareDepositsBody,
): Promise<PrepareDepositsReply> {
  await checkNotTerminated(d.db, c);
  await d.keys.checkAllowed(c);
  const release = await d.keys.admit(c.usrId);
  try {
    const planned = await planDeposits(d, c, b);
    if ('ready' in planned) return { Eth2WalletId6: planned.walletId, Created: 0, Validators: planned.ready };
    const created = await d.keys.create(d.db, planned.plan, d.clock.now());
    return {
      Eth2WalletId6: planned.walletId,
      Created: created,
      Validators: await pickUndeposited(d.db, c, planned.walletId, b),
    };
  } finally {
    release();
  }
}

export function prepareDepositsMethod(d: StakingDeps): MethodDefinition {
  return implement(prepareDepositsContract, (b, ctx) => prepareDeposits(d, caller(ctx), b));
}
