// The validator sync job: keeps every customer's validators in step with the beacon node, so that
// what depends on their statuses (the daily charges, termination, the reward statements) does not
// wait for the customer to open the dashboard (whose SyncValidators does the same for one wallet).
// Each run reads the beacon head once, then syncs in batches of wallets (syncValidatorSet: one
// beacon call per batch, one transaction per batch) every wallet that holds a validator not yet
// withdrawn (code 6) and was not synced up to the head within `freshMs` of chain time. Several
// runners (server instances, the dashboard) are safe: the writes are idempotent (status columns,
// history rows unique per source, reward ranges claimed compare-and-set); a runner that starts after
// another synced a batch skips it, as its beacon_head_utc is fresh.
import { and, asc, eq, exists, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import { BeaconTime } from './beacon/index.ts';
import { syncValidatorSet, type SyncDeps, type SyncValidator } from './syncValidators.ts';
import { repeatEvery, reportOnce, type Repeating } from '../jobs/repeat.ts';

export interface SyncRunOptions {
  /** Wallets per batch (default 100). */
  batchSize?: number;
  /** A wallet synced to within this many ms (chain time) of the head is skipped (default 0). */
  freshMs?: number;
}

export interface SyncRunResult {
  wallets: number;
  validators: number;
  newHistory: number;
}

/** Syncs every wallet that needs it; see the file comment. */
export async function syncAllValidators(d: SyncDeps, o: SyncRunOptions = {}): Promise<SyncRunResult> {
  const result: SyncRunResult = { wallets: 0, validators: 0, newHistory: 0 };
  if (!d.beacon) return result;
  const [spec, genesis, head] = await Promise.all([
    d.beacon.getSpec(),
    d.beacon.getGenesis(),
    d.beacon.getHeadSlot(),
  ]);
  const headUtc = new BeaconTime(genesis, spec).slotStart(head);
  const staleBefore = new Date(headUtc.getTime() - (o.freshMs ?? 0));
  const batch = o.batchSize ?? 100;
  let after = 0;
  for (;;) {
    const wallets = await d.db
      .select({ id: eth2Wallet.eth2WalletId })
      .from(eth2Wallet)
      .where(
        and(
          gt(eth2Wallet.eth2WalletId, after),
          or(isNull(eth2Wallet.beaconHeadUtc), lt(eth2Wallet.beaconHeadUtc, staleBefore)),
          exists(
            d.db
              .select({ one: sql`1` })
              .from(eth2Validator)
              .where(
                and(
                  eq(eth2Validator.eth2WalletId, eth2Wallet.eth2WalletId),
                  sql`${eth2Validator.validatorStatusCd} IS DISTINCT FROM '6'`,
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(eth2Wallet.eth2WalletId))
      .limit(batch);
    if (!wallets.length) return result;
    const ids = wallets.map((w) => w.id);
    after = ids[ids.length - 1]!;
    const validators = await walletValidators(d, ids);
    const reply = await syncValidatorSet(d, ids, validators);
    result.wallets += ids.length;
    result.validators += reply.Validators;
    result.newHistory += reply.NewHistory;
  }
}

async function walletValidators(d: SyncDeps, walletIds: number[]): Promise<SyncValidator[]> {
  const found = await d.db
    .select({
      id: eth2Validator.eth2ValidatorId,
      walletId: eth2Validator.eth2WalletId,
      usrId: eth2Validator.usrId,
      pubkey: eth2Validator.pubKey,
      code: eth2Validator.validatorStatusCd,
      // Read as text: the epoch exact, as a bigint.
      rewardsSyncedEpoch: sql<string | null>`${eth2Validator.rewardsSyncedEpoch}::text`,
      feeRecipient: eth2Validator.feeRecipient,
    })
    .from(eth2Validator)
    .where(inArray(eth2Validator.eth2WalletId, walletIds))
    .orderBy(asc(eth2Validator.eth2WalletId), asc(eth2Validator.idx));
  return found.map((r) => ({
    ...r,
    pubkey: r.pubkey.toLowerCase(),
    rewardsSyncedEpoch: r.rewardsSyncedEpoch === null ? null : BigInt(r.rewardsSyncedEpoch),
  }));
}

/**
 * Runs the sync now and then `intervalMs` after each run ends (runs never overlap in a process);
 * stop() waits for a run in progress. A failure is reported once while it repeats (a beacon node
 * that is down is one report per outage, not one per run).
 */
export function startValidatorSyncJob(
  d: SyncDeps,
  intervalMs: number,
  onError: (err: unknown) => void,
): Repeating {
  const report = reportOnce(onError);
  return repeatEvery(
    () => syncAllValidators(d, { freshMs: intervalMs }).then(report.succeeded, report.failed),
    intervalMs,
  );
}
