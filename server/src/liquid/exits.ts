// Exits and settlement. The pool's statuses are followed from the chain (a depositor's
// depositMultipleValidators makes validators Staked without the server) and the beacon node.
//  - Exit decision: when the queue waits for more ETH than the pool has free or on its way
//    (unfilledFETHInQueue > freeETH + deactivatedETHInProgress), ceil(shortfall / 32 ETH) Staked
//    validators (first those the beacon chain already shows exited, e.g. slashed, then the oldest)
//    are marked Exiting on chain (so the next run sees their ETH on its way and chooses no more),
//    then their voluntary exits are signed and posted to the beacon node. A post the node refuses
//    (e.g. before 64 epochs of activity) is tried again every run until accepted; marking first
//    means a crash in between only delays the post.
//  - Settlement: an Exiting validator whose balance the beacon node swept out (withdrawal_done) is
//    settled (settleExits: its 32 ETH become free ETH and fill the queue) once the pool has received
//    32 ETH for it (unaccountedETH covers every validator settled together).
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { signVoluntaryExit, type Network } from '@payd/validator-keys';
import type { Db } from '../db/database.ts';
import { poolValidator } from '../db/schema.ts';
import { BeaconApiError, type BeaconClient } from '../staking/index.ts';
import { VALIDATOR_WEI, type PoolChain, type PoolState, type PoolValidatorStatus } from './poolChain.ts';
import { poolMnemonic, poolSigningKey } from './poolKeys.ts';
import type { PoolKeyVault } from './poolKeyVault.ts';

export interface ExitDeps {
  db: Db;
  chain: PoolChain;
  beacon: BeaconClient;
  vault: PoolKeyVault;
  network: Network;
  now: () => Date;
}

const PAGE = 500;

/** Beacon statuses from which a posted exit is no longer needed (it was included). */
const EXIT_INCLUDED = new Set([
  'active_exiting',
  'exited_unslashed',
  'exited_slashed',
  'withdrawal_possible',
  'withdrawal_done',
]);

const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The pool ids of rows read WHERE pool_validator_no IS NOT NULL (the filter only tells TypeScript). */
const poolNumbers = (found: { no: bigint | null }[]): bigint[] =>
  found.map((r) => r.no).filter((no): no is bigint => no !== null);

async function idsWithStatus(chain: PoolChain, status: PoolValidatorStatus): Promise<bigint[]> {
  const out: bigint[] = [];
  let start = 1n;
  for (;;) {
    const page = await chain.validatorsWithStatus(status, start, PAGE);
    out.push(...page);
    if (page.length < PAGE) return out;
    start = page[page.length - 1]! + 1n;
  }
}

/**
 * Brings pool_validator's statuses in step with the chain (Staked by depositors, and Exiting,
 * Exited, Removed whoever sent them) and records each live validator's beacon index and status.
 */
export async function followPoolStatuses(d: ExitDeps): Promise<void> {
  const at = d.now().toISOString();
  const updates: Record<'Staked' | 'Exiting' | 'Exited' | 'Removed', (ids: SQL) => SQL> = {
    Staked: (ids) =>
      sql`UPDATE pool_validator SET status_cd = 'S', staked_on = coalesce(staked_on, ${at}::timestamptz),
            modified_on = ${at}::timestamptz
          WHERE pool_validator_no::text IN (${ids}) AND status_cd IN ('G', 'A')`,
    Exiting: (ids) =>
      sql`UPDATE pool_validator SET status_cd = 'X',
            exit_requested_on = coalesce(exit_requested_on, ${at}::timestamptz), modified_on = ${at}::timestamptz
          WHERE pool_validator_no::text IN (${ids}) AND status_cd IN ('G', 'A', 'S')`,
    Exited: (ids) =>
      sql`UPDATE pool_validator SET status_cd = 'E', settled_on = coalesce(settled_on, ${at}::timestamptz),
            modified_on = ${at}::timestamptz
          WHERE pool_validator_no::text IN (${ids}) AND status_cd <> 'E'`,
    Removed: (ids) =>
      sql`UPDATE pool_validator SET status_cd = 'R', modified_on = ${at}::timestamptz
          WHERE pool_validator_no::text IN (${ids}) AND status_cd <> 'R'`,
  };
  for (const [status, update] of Object.entries(updates) as [PoolValidatorStatus, (ids: SQL) => SQL][]) {
    const ids = await idsWithStatus(d.chain, status);
    for (let i = 0; i < ids.length; i += PAGE) {
      const part = ids.slice(i, i + PAGE).map(String);
      if (part.length) await d.db.execute(update(inList(part)));
    }
  }
  const live = await d.db
    .select({ poolValidatorId: poolValidator.poolValidatorId, pubKey: poolValidator.pubKey })
    .from(poolValidator)
    .where(inArray(poolValidator.statusCd, ['S', 'X']));
  for (let i = 0; i < live.length; i += 64) {
    const part = live.slice(i, i + 64);
    const known = await d.beacon.getValidators(part.map((r) => r.pubKey));
    for (const v of known)
      await d.db.execute(
        sql`UPDATE pool_validator SET beacon_index = ${v.index.toString()}, beacon_status = ${v.status}
            WHERE lower(pub_key) = ${v.pubkey.toLowerCase()}`,
      );
  }
}

/** How many validators the queue needs exited: ceil(shortfall / 32 ETH), 0 without a shortfall. */
export function validatorsToExit(state: PoolState): number {
  const shortfall = state.unfilledFETHInQueue - state.freeETH - state.deactivatedETHInProgress;
  if (shortfall <= 0n) return 0;
  return Number((shortfall + VALIDATOR_WEI - 1n) / VALIDATOR_WEI);
}

/** Marks the oldest Staked validators Exiting when the queue needs them; returns their pool ids. */
export async function decideExits(d: ExitDeps): Promise<bigint[]> {
  const n = validatorsToExit(await d.chain.readState());
  if (n === 0) return [];
  // Validators the beacon chain already shows exiting or exited (slashed, or exited by their key)
  // first: their ETH is on its way or arrived and only settles once they are Exiting on chain;
  // exiting a healthy one instead would leave that ETH unaccounted.
  const chosen = await d.db
    .select({ no: poolValidator.poolValidatorNo })
    .from(poolValidator)
    .where(and(eq(poolValidator.statusCd, 'S'), isNotNull(poolValidator.poolValidatorNo)))
    .orderBy(
      sql`(coalesce(${poolValidator.beaconStatus}, '') IN (${inList([...EXIT_INCLUDED])})) DESC`,
      poolValidator.poolValidatorNo,
    )
    .limit(n);
  const ids = poolNumbers(chosen);
  if (!ids.length) return [];
  await d.chain.markExiting(ids);
  const at = d.now().toISOString();
  await d.db.execute(
    sql`UPDATE pool_validator SET status_cd = 'X', exit_requested_on = coalesce(exit_requested_on, ${at}::timestamptz),
          modified_on = ${at}::timestamptz
        WHERE pool_validator_no::text IN (${inList(ids.map(String))}) AND status_cd = 'S'`,
  );
  return ids;
}

export interface PostResult {
  posted: number;
  refused: number;
}

/**
 * Signs and posts the voluntary exit of every Exiting validator whose exit is not posted yet; a
 * refusal is kept in exit_error and the post tried again next run.
 */
export async function postExits(d: ExitDeps): Promise<PostResult> {
  const out: PostResult = { posted: 0, refused: 0 };
  const waiting = await d.db
    .select({
      poolValidatorId: poolValidator.poolValidatorId,
      keyIdx: poolValidator.keyIdx,
      pubKey: poolValidator.pubKey,
      beaconIndex: poolValidator.beaconIndex,
      beaconStatus: poolValidator.beaconStatus,
    })
    .from(poolValidator)
    .where(and(eq(poolValidator.statusCd, 'X'), isNull(poolValidator.exitPostedOn)))
    .orderBy(poolValidator.poolValidatorNo);
  if (!waiting.length) return out;
  const at = d.now().toISOString();
  const record = (id: number, error: string | null, posted: boolean) =>
    d.db.execute(
      sql`UPDATE pool_validator SET exit_error = ${error}, modified_on = ${at}::timestamptz,
            exit_posted_on = CASE WHEN ${posted} THEN ${at}::timestamptz ELSE exit_posted_on END
          WHERE pool_validator_id = ${id}`,
    );
  const spec = await d.beacon.getSpec();
  const epoch = (await d.beacon.getHeadSlot()) / spec.slotsPerEpoch;
  let mnemonic: string | undefined;
  for (const r of waiting) {
    const id = r.poolValidatorId;
    const status = r.beaconStatus;
    if (status && EXIT_INCLUDED.has(status)) {
      await record(id, null, true); // exited already (posted by an earlier run whose record was lost)
      out.posted++;
      continue;
    }
    if (r.beaconIndex === null || status !== 'active_ongoing') {
      await record(id, `not active on the beacon chain yet (${status ?? 'unknown'})`, false);
      out.refused++;
      continue;
    }
    mnemonic ??= await poolMnemonic(d.db, d.vault);
    const secretKey = poolSigningKey(mnemonic, r.keyIdx, r.pubKey);
    let signed;
    try {
      signed = signVoluntaryExit({
        secretKey,
        validatorIndex: r.beaconIndex,
        epoch,
        network: d.network,
      });
    } finally {
      secretKey.fill(0);
    }
    try {
      await d.beacon.submitVoluntaryExit(signed);
      await record(id, null, true);
      out.posted++;
    } catch (err) {
      if (!(err instanceof BeaconApiError) || err.status === 0) throw err;
      await record(id, `refused by the beacon node: ${err.message}`.slice(0, 500), false);
      out.refused++;
    }
  }
  return out;
}

/** Settles Exiting validators swept out by the beacon node once their 32 ETH each have arrived. */
export async function settleArrivedExits(d: ExitDeps): Promise<bigint[]> {
  const done = await d.db
    .select({ no: poolValidator.poolValidatorNo })
    .from(poolValidator)
    .where(
      and(
        eq(poolValidator.statusCd, 'X'),
        eq(poolValidator.beaconStatus, 'withdrawal_done'),
        isNotNull(poolValidator.poolValidatorNo),
      ),
    )
    .orderBy(poolValidator.poolValidatorNo);
  if (!done.length) return [];
  const state = await d.chain.readState();
  const covered = Number(state.unaccountedETH / VALIDATOR_WEI);
  const ids = poolNumbers(done.slice(0, covered));
  if (!ids.length) return [];
  await d.chain.settleExits(ids);
  const at = d.now().toISOString();
  await d.db.execute(
    sql`UPDATE pool_validator SET status_cd = 'E', settled_on = coalesce(settled_on, ${at}::timestamptz),
          modified_on = ${at}::timestamptz
        WHERE pool_validator_no::text IN (${inList(ids.map(String))}) AND status_cd = 'X'`,
  );
  return ids;
}
