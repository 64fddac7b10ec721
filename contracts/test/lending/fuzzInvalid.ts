// The lending fuzzer's invalid operations (fuzz.ts): each breaks one rule, is sent with a fixed gas limit
// (so no gas estimate stands in for the transaction) and must be refused, leaving the state exactly as
// it was.
import { expect } from 'chai';
import hre from 'hardhat';
import { parseEther, type Address, type Hash } from 'viem';
import { DEC, GAS_COMP, MAX_FEE, MCR, ZERO } from './fixture';
import { MIN_DEBT, PCT, ceilDiv, type InvalidIntent } from './fuzzIntents';
import type { FuzzChain } from './fuzzModel';

/** Everything a refused operation must leave as it was. */
async function snapshotState(c: FuzzChain, who: Address) {
  const sys = c.sys;
  const cm = sys.cacheManager;
  const reads = await Promise.all([
    sys.activePool.read.getETH(),
    sys.activePool.read.getPAYDDebt(),
    sys.defaultPool.read.getETH(),
    sys.defaultPool.read.getPAYDDebt(),
    sys.collSurplusPool.read.getETH(),
    sys.collSurplusPool.read.getCollateral([who]),
    sys.rewardsPool.read.getETH(),
    sys.rewardsPool.read.getTotalPAYDDeposits(),
    sys.rewardsPool.read.P(),
    sys.rewardsPool.read.deposits([who]),
    sys.rewardsPool.read.getCompoundedPAYDDeposit([who]),
    cm.read.totalStakes(),
    cm.read.baseRate(),
    cm.read.lastFeeOperationTime(),
    cm.read.L_ETH(),
    cm.read.L_PAYDDebt(),
    cm.read.Caches([who]),
    cm.read.rewardSnapshots([who]),
    cm.read.getCacheOwnersCount(),
    sys.sortedCaches.read.getSize(),
    sys.sortedCaches.read.getFirst(),
    sys.sortedCaches.read.getLast(),
    sys.payd.read.totalSupply(),
    sys.payd.read.balanceOf([who]),
    sys.priceFeed.read.getPrice(),
  ]);
  return JSON.stringify(reads, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The transaction breaking `op.rule`, or the name of the rule when the state does not allow it (skipped). */
async function invalidTx(
  c: FuzzChain,
  op: InvalidIntent,
): Promise<{ name: string; tx?: () => Promise<Hash> }> {
  const sys = c.sys;
  const bo = sys.borrowerOperations;
  const account = c.wallet(op.actor).account!;
  const who = account.address;
  const m = await c.market();
  const cache = await c.cacheOf(who);
  const gas = 3_000_000n;
  switch (op.rule) {
    case 0: // a cache under 115% (or a second cache)
      return {
        name: 'open below MCR',
        tx: () =>
          bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], {
            account,
            value: ceilDiv(5300n * DEC * 105n * PCT, m.price),
            gas,
          }),
      };
    case 1: // under the minimum net debt
      return {
        name: 'open below minimum debt',
        tx: () =>
          bo.write.openCache([MAX_FEE, 1000n * DEC, ZERO, ZERO], { account, value: parseEther('50'), gas }),
      };
    case 2:
      return {
        name: 'withdraw more collateral than the cache has',
        tx: () => bo.write.withdrawColl([cache.coll + 1n, ZERO, ZERO], { account, gas }),
      };
    case 3: {
      const name = 'repay below minimum debt';
      if (!cache.active) return { name };
      return {
        name,
        tx: () => bo.write.repayPAYD([cache.debt - MIN_DEBT + DEC, ZERO, ZERO], { account, gas }),
      };
    }
    case 4: {
      const name = 'borrow below MCR';
      if (!cache.active) return { name };
      // 100 PAYD beyond what keeps the cache at 115% (just 100 when it is already under)
      const room = (cache.coll * m.price) / MCR - cache.debt;
      const amount = (room > 0n ? room : 0n) + 100n * DEC;
      return { name, tx: () => bo.write.withdrawPAYD([MAX_FEE, amount, ZERO, ZERO], { account, gas }) };
    }
    case 5: {
      // the healthiest cache, when it is not liquidatable
      const name = 'liquidate a healthy cache';
      const first = await sys.sortedCaches.read.getFirst();
      if ((await c.liquidatable(m)).includes(first)) return { name };
      return { name, tx: () => sys.cacheManager.write.liquidate([first], { account, gas }) };
    }
    case 6: {
      const balance = await sys.payd.read.balanceOf([who]);
      return {
        name: 'redeem more than the balance',
        tx: () =>
          sys.cacheManager.write.redeemCollateral([balance + DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], {
            account,
            gas,
          }),
      };
    }
    case 7: {
      const balance = await sys.payd.read.balanceOf([who]);
      return {
        name: 'provide more than the balance',
        tx: () => sys.rewardsPool.write.provideToSP([balance + 1n, ZERO], { account, gas }),
      };
    }
    case 8:
      return {
        name: 'add and withdraw collateral at once',
        tx: () => bo.write.adjustCache([MAX_FEE, 1n, 0n, false, ZERO, ZERO], { account, value: 1n, gas }),
      };
    case 9: {
      // recovery mode, or a close the owner cannot pay for
      const name = 'close without PAYD or in recovery';
      if (!cache.active) return { name };
      if (!m.recovery && (await sys.payd.read.balanceOf([who])) >= cache.debt - GAS_COMP) return { name };
      return { name, tx: () => bo.write.closeCache({ account, gas }) };
    }
  }
  throw new Error(`no invalid operation rule ${op.rule}`);
}

/**
 * An operation that breaks one rule: sent and refused, after which the state must be exactly as before.
 * `count` records `invalid: <rule>` as refused, or as skipped when the state does not allow the rule.
 */
export async function applyInvalid(
  c: FuzzChain,
  op: InvalidIntent,
  count: (kind: string, what: 'skipped' | 'refused') => void,
): Promise<void> {
  const { name, tx } = await invalidTx(c, op);
  if (!tx) return count(`invalid: ${name}`, 'skipped');
  const who = c.wallet(op.actor).account!.address;
  const before = await snapshotState(c, who);
  const publicClient = await hre.viem.getPublicClient();
  let refused = false;
  try {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await tx() });
    refused = receipt.status === 'reverted';
  } catch (e) {
    // Hardhat answers a mined transaction that reverted with the revert as an error
    refused = /reverted/.test(String(e));
    if (!refused) throw e;
  }
  expect(refused, `${name} must be refused`).to.equal(true);
  expect(await snapshotState(c, who), `${name}: state after the refusal`).to.equal(before);
  count(`invalid: ${name}`, 'refused');
}
