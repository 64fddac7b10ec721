// Registration: keeps at least `target` validators available in the pool (availableValidators on
// chain). Missing ones are made from the pool mnemonic at the next key indices and registered with
// addValidators as the server admin. Safe after a crash and with several runners:
//  - key indices and pubkeys are unique in pool_validator, and a key index always gives the same
//    key, so a crash between making and registering never makes two validators for one index: the
//    next run finds the row in status G and registers that one;
//  - before registering, every G row's pubkey is looked up in the pool (validatorIdOf): one that is
//    already there (registered before a crash) is recorded, never added twice.
import { eq, sql } from 'drizzle-orm';
import type { DepositDataPool } from '@payd/validator-keys/node';
import type { DepositDataEntry, Network } from '@payd/validator-keys';
import type { Db } from '../db/database.ts';
import { poolValidator } from '../db/schema.ts';
import type { PoolChain } from './poolChain.ts';
import { poolDepositData, poolMnemonic, toPoolDeposit } from './poolKeys.ts';
import type { PoolKeyVault } from './poolKeyVault.ts';

/** Most validators registered in one addValidators transaction. */
export const MAX_REGISTER_PER_RUN = 50;

export interface RegistrationDeps {
  db: Db;
  chain: PoolChain;
  vault: PoolKeyVault;
  signer: DepositDataPool;
  network: Network;
  now: () => Date;
}

export interface RegistrationResult {
  /** Validators newly registered in the pool by this run. */
  added: number;
  /** Keys made by this run. */
  generated: number;
  /** G rows found already in the pool (registered before a crash) and recorded. */
  recovered: number;
}

/** Tops the pool's available validators up to `target`. */
export async function registerPoolValidators(
  d: RegistrationDeps,
  target: number,
): Promise<RegistrationResult> {
  const result: RegistrationResult = { added: 0, generated: 0, recovered: 0 };
  const state = await d.chain.readState();
  const missing = Math.min(MAX_REGISTER_PER_RUN, target - Number(state.availableValidators));
  if (missing <= 0) return result;

  // Keys made earlier and not registered: registered ones are recorded, the others reused first.
  const waiting = await d.db
    .select({
      poolValidatorId: poolValidator.poolValidatorId,
      keyIdx: poolValidator.keyIdx,
      pubKey: poolValidator.pubKey,
      depositJson: poolValidator.depositJson,
    })
    .from(poolValidator)
    .where(eq(poolValidator.statusCd, 'G'))
    .orderBy(poolValidator.keyIdx);
  const toAdd: { id: number; pubkey: string; depositJson: string }[] = [];
  for (const r of waiting) {
    const pubkey = r.pubKey;
    const onChain = await d.chain.validatorIdOf(pubkey as `0x${string}`);
    if (onChain !== 0n) {
      // Already counted in availableValidators (or staked since): recorded, not added again.
      await markAdded(d, r.poolValidatorId, onChain);
      result.recovered++;
      continue;
    }
    if (toAdd.length < missing) toAdd.push({ id: r.poolValidatorId, pubkey, depositJson: r.depositJson });
  }
  const more = missing - toAdd.length;
  if (more > 0) {
    const [last] = await d.db
      .select({ idx: sql<number>`coalesce(max(${poolValidator.keyIdx}), -1)::int`.mapWith(Number) })
      .from(poolValidator);
    const startIndex = (last?.idx ?? -1) + 1;
    const mnemonic = await poolMnemonic(d.db, d.vault);
    const poolAddress = await d.chain.poolAddress();
    const entries = await poolDepositData(d.signer, {
      mnemonic,
      startIndex,
      count: more,
      poolAddress,
      network: d.network,
    });
    const inserted = await d.db
      .insert(poolValidator)
      .values(
        entries.map((e, k) => ({
          keyIdx: startIndex + k,
          pubKey: `0x${e.pubkey}`,
          depositJson: JSON.stringify(e),
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: poolValidator.poolValidatorId,
        pubkey: poolValidator.pubKey,
        depositJson: poolValidator.depositJson,
      });
    result.generated = inserted.length;
    toAdd.push(...inserted);
  }
  if (!toAdd.length) return result;

  await d.chain.addValidators(toAdd.map((v) => toPoolDeposit(JSON.parse(v.depositJson) as DepositDataEntry)));
  for (const v of toAdd) {
    const id = await d.chain.validatorIdOf(v.pubkey as `0x${string}`);
    if (id === 0n) throw new Error(`validator ${v.pubkey} is not in the pool after addValidators`);
    await markAdded(d, v.id, id);
    result.added++;
  }
  return result;
}

async function markAdded(d: RegistrationDeps, rowId: number, poolNo: bigint): Promise<void> {
  const at = d.now().toISOString();
  await d.db.execute(
    sql`UPDATE pool_validator SET status_cd = 'A', pool_validator_no = ${poolNo.toString()},
          added_on = coalesce(added_on, ${at}::timestamptz), modified_on = ${at}::timestamptz
        WHERE pool_validator_id = ${rowId} AND status_cd = 'G'`,
  );
}
