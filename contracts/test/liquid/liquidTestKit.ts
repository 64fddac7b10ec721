// Helpers the liquid staking contract tests share: amounts, address case, events, the accounting
// identities, and staking or exiting validators in one step.
import { expect } from 'chai';
import { parseEther } from 'viem';
import { eventsNamed as decodeEvents, mined } from '../lending/fixture';
import { ETH32, accounting, addValidators, credit, depositValidators, type Liquid } from './fixture';

export const E = (n: number | string) => parseEther(String(n));
export const lower = (a: string) => a.toLowerCase();

/** Addresses in lower case (the wallets' addresses are), recursively. */
export function norm<T>(x: T): T {
  if (typeof x === 'string' && /^0x[0-9a-fA-F]{40}$/.test(x)) return x.toLowerCase() as T;
  if (Array.isArray(x)) return x.map(norm) as T;
  if (x && typeof x === 'object' && typeof x !== 'bigint')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, norm(v)])) as T;
  return x;
}

export const eventsNamed = (...args: Parameters<typeof decodeEvents>) => norm(decodeEvents(...args));

/** Both accounting identities of IValidatorPool. */
export async function expectAccounting(s: Liquid) {
  const a = await accounting(s);
  expect(a.supply, 'supply == free + staked + in transit').to.equal(a.free + a.staked + a.inTransit);
  expect(a.balance, 'balance == free + claimable + pending + unaccounted').to.equal(
    a.free + a.claimable + a.pending + a.unaccounted,
  );
  expect(a.queuedFETH >= a.unfilled, 'the pool holds the FETH of live and failed entries').to.equal(true);
  return a;
}

/** Deposits `validators` validators for `user` (registering them first). */
export async function stake(s: Liquid, user = s.users[0], validators = 2, firstIndex = 0) {
  await addValidators(s, firstIndex, validators);
  await depositValidators(s, user, validators);
}

/** Marks validators `ids` exiting, credits their 32 ETH each, and settles them. */
export async function exit(s: Liquid, ids: bigint[]) {
  await mined(s.pool.write.markExiting([ids], { account: s.serverAdmin.account }));
  await credit(s.addrs.validatorPool, ETH32 * BigInt(ids.length));
  return mined(s.pool.write.settleExits([ids], { account: s.serverAdmin.account }));
}
