// Eth2WalletWs SaveData: the common save, plus creating validators with
// `options: { CreateValidator: 'Y' }` (createValidators.ts): checked and admitted before anything
// is written; the save's transaction only plans, the keys are made on worker threads after it,
// then written in a short transaction of their own. A wallet with validators keeps its
// withdrawal address and network (deposit data binds validators to them).
import { and, eq, sql } from 'drizzle-orm';
import { eth2WalletSaveData } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { invalidField } from '../wire/errors.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import type { CreationPlan } from './createValidators.ts';
import { caller, emptyKey, saveInTx, type SaveBody, type StakingDeps } from './methodKit.ts';
import { checkNotTerminated } from './registration.ts';
import { eth2WalletScreen } from './screens.ts';

/** options.CreateValidator = 'Y' (an object, or the 'CreateValidator=Y' text form). */
export function wantsValidators(options: unknown): boolean {
  if (typeof options === 'string') return /(^|[;&,\s])CreateValidator=Y\b/.test(options);
  if (options && typeof options === 'object')
    return (options as Record<string, unknown>).CreateValidator === 'Y';
  return false;
}

/** A wallet with validators keeps its withdrawal address and network (also PrepareDeposits). */
export async function checkBinding(tx: Db, c: Caller, b: SaveBody): Promise<void> {
  const keyIn = b.mst.Eth2WalletId6;
  if (emptyKey(keyIn)) return;
  const [w] = await tx
    .select({
      address: eth2Wallet.eth1WithdrawalAddr,
      networkId: eth2Wallet.networkId,
      validators: tx.$count(eth2Validator, eq(eth2Validator.eth2WalletId, eth2Wallet.eth2WalletId)),
    })
    .from(eth2Wallet)
    .where(and(sql`${eth2Wallet.eth2WalletId}::text = ${String(keyIn)}`, eq(eth2Wallet.usrId, c.usrId)));
  if (!w || w.validators === 0) return;
  const addr = b.mst.Eth1WithdrawalAddr6;
  if (addr !== undefined && String(addr).toLowerCase() !== w.address.toLowerCase())
    throw invalidField(
      'mst.Eth1WithdrawalAddr6',
      'The withdrawal address of a wallet with validators cannot change',
    );
  const net = b.mst.NetworkId6;
  if (net !== undefined && String(net) !== w.networkId)
    throw invalidField('mst.NetworkId6', 'The network of a wallet with validators cannot change');
}

export function eth2WalletSaveMethod(d: StakingDeps): MethodDefinition {
  const { db, clock, keys } = d;
  return implement(eth2WalletSaveData, async (b, ctx) => {
    const c = caller(ctx);
    const creating = wantsValidators(b.options);
    if (creating) {
      await checkNotTerminated(db, c);
      await keys.checkAllowed(c);
    }
    const release = creating ? await keys.admit(c.usrId) : undefined;
    try {
      let plan: CreationPlan | undefined;
      let mst = await saveInTx(d, eth2WalletScreen, c, b, {
        before: (tx) => checkBinding(tx, c, b),
        after: async (tx, key) => {
          if (creating) plan = await keys.plan(tx, key);
        },
      });
      if (plan?.missing.length) {
        await keys.create(db, plan, clock.now());
        mst = await new ScreenEngine(eth2WalletScreen, { db, clock }).getById(c, plan.walletId);
      }
      ctx.setMessage('Saved');
      return { mst };
    } finally {
      release?.();
    }
  });
}
