// Property test: after any random sequence of borrower, depositor, liquidator and redeemer operations
// (each may be refused), the accounting invariants of the lending core hold.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { type Address } from 'viem';
import { DEC, MAX_FEE, ZERO, loadSystem, openCache, resetSystem, type System } from './fixture';

type Op =
  | { kind: 'open'; actor: number; ratioPct: number; borrow: number }
  | { kind: 'addColl'; actor: number; collFinney: number }
  | { kind: 'withdrawColl'; actor: number; percent: number }
  | { kind: 'borrow'; actor: number; amount: number }
  | { kind: 'repay'; actor: number; amount: number }
  | { kind: 'close'; actor: number }
  | { kind: 'provide'; actor: number; amount: number }
  | { kind: 'withdrawSP'; actor: number; amount: number }
  | { kind: 'price'; price: number }
  | { kind: 'liquidate'; actor: number }
  | { kind: 'liquidateCaches'; n: number }
  | { kind: 'redeem'; actor: number; amount: number };

const actor = fc.integer({ min: 0, max: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    actor,
    ratioPct: fc.integer({ min: 110, max: 400 }),
    borrow: fc.integer({ min: 2400, max: 30_000 }),
  }),
  fc.record({
    kind: fc.constant('addColl' as const),
    actor,
    collFinney: fc.integer({ min: 1, max: 10_000 }),
  }),
  fc.record({ kind: fc.constant('withdrawColl' as const), actor, percent: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('borrow' as const), actor, amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('repay' as const), actor, amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('close' as const), actor }),
  fc.record({ kind: fc.constant('provide' as const), actor, amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('withdrawSP' as const), actor, amount: fc.integer({ min: 1, max: 20_000 }) }),
  {
    arbitrary: fc.record({ kind: fc.constant('price' as const), price: fc.integer({ min: 900, max: 2400 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('liquidate' as const), actor }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('liquidateCaches' as const),
      n: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('redeem' as const), actor, amount: fc.integer({ min: 100, max: 15_000 }) }),
);

async function apply(sys: System, op: Op): Promise<void> {
  const bo = sys.borrowerOperations;
  const wallet = 'actor' in op ? sys.wallets[4 + op.actor] : sys.wallets[9];
  const account = wallet.account!;
  const who = account.address;
  switch (op.kind) {
    case 'open': {
      // collateral for ratioPct % of the debt (borrowed + ~0.5% fee + 200 reserve) at the current price
      const price = await sys.priceFeed.read.getPrice();
      const debt = (BigInt(op.borrow) * 1005n) / 1000n + 200n;
      const coll = (debt * BigInt(op.ratioPct) * DEC * DEC) / 100n / price;
      await openCache(sys, wallet, String(Number(coll / 10n ** 12n) / 1e6), BigInt(op.borrow));
      return;
    }
    case 'addColl':
      await bo.write.addColl([ZERO, ZERO], { account, value: BigInt(op.collFinney) * 10n ** 15n });
      return;
    case 'withdrawColl': {
      const coll = await sys.cacheManager.read.getCacheColl([who]);
      await bo.write.withdrawColl([(coll * BigInt(op.percent)) / 100n, ZERO, ZERO], { account });
      return;
    }
    case 'borrow':
      await bo.write.withdrawPAYD([MAX_FEE, BigInt(op.amount) * DEC, ZERO, ZERO], { account });
      return;
    case 'repay':
      await bo.write.repayPAYD([BigInt(op.amount) * DEC, ZERO, ZERO], { account });
      return;
    case 'close': {
      const [debt] = await sys.cacheManager.read.getEntireDebtAndColl([who]);
      const have = await sys.payd.read.balanceOf([who]);
      if (debt > have)
        await sys.payd.write.transfer([who, debt - have], { account: sys.wallets[9].account! });
      await bo.write.closeCache({ account });
      return;
    }
    case 'provide':
      await sys.rewardsPool.write.provideToSP([BigInt(op.amount) * DEC, ZERO], { account });
      return;
    case 'withdrawSP':
      await sys.rewardsPool.write.withdrawFromSP([BigInt(op.amount) * DEC], { account });
      return;
    case 'price':
      await sys.priceFeed.write.setPrice([BigInt(op.price) * DEC]);
      return;
    case 'liquidate':
      await sys.cacheManager.write.liquidate([who], { account: sys.wallets[9].account! });
      return;
    case 'liquidateCaches':
      await sys.cacheManager.write.liquidateCaches([BigInt(op.n)], { account: sys.wallets[9].account! });
      return;
    case 'redeem': {
      const price = await sys.priceFeed.read.getPrice();
      const [first, nicr, amount] = await sys.hintHelpers.read.getRedemptionHints([
        BigInt(op.amount) * DEC,
        price,
        0n,
      ]);
      const [upper, lower] = await sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
      await sys.cacheManager.write.redeemCollateral([amount, 0n, first, upper, lower, nicr, 0n], {
        account: sys.wallets[9].account!,
      });
      return;
    }
  }
}

async function checkInvariants(sys: System, depositors: Address[]): Promise<void> {
  const publicClient = await hre.viem.getPublicClient();
  const cm = sys.cacheManager;
  // every open cache, walking the sorted list: ordered by nominal ratio
  const caches: Address[] = [];
  let id = await sys.sortedCaches.read.getFirst();
  let prevNicr = 2n ** 256n - 1n;
  while (id !== ZERO) {
    const nicr = await cm.read.getNominalICR([id]);
    expect(nicr <= prevNicr, 'sorted by nominal ratio').to.equal(true);
    prevNicr = nicr;
    caches.push(id);
    id = await sys.sortedCaches.read.getNext([id]);
  }
  expect(BigInt(caches.length)).to.equal(await cm.read.getCacheOwnersCount());
  let recordedDebt = 0n;
  let recordedColl = 0n;
  let pendingDebt = 0n;
  let pendingColl = 0n;
  for (const c of caches) {
    const [debt, coll, pd, pc] = await cm.read.getEntireDebtAndColl([c]);
    recordedDebt += debt - pd;
    recordedColl += coll - pc;
    pendingDebt += pd;
    pendingColl += pc;
  }
  const activeDebt = await sys.activePool.read.getPAYDDebt();
  const defaultDebt = await sys.defaultPool.read.getPAYDDebt();
  // total debt = cache debts + redistributed debt not yet applied. The pending shares are rounded down:
  // by the carried division remainder (< total stakes / 1e18 wei) and < 1 wei per cache.
  const slack = (await cm.read.totalStakes()) / DEC + BigInt(caches.length) + 1n;
  expect(activeDebt).to.equal(recordedDebt);
  expect(pendingDebt <= defaultDebt, `pending ${pendingDebt} <= ${defaultDebt}`).to.equal(true);
  expect(defaultDebt - pendingDebt <= slack, `${defaultDebt} - ${pendingDebt} <= ${slack}`).to.equal(true);
  expect(await sys.payd.read.totalSupply()).to.equal(activeDebt + defaultDebt);
  // total collateral = ETH held by the pools
  const activeEth = await sys.activePool.read.getETH();
  const defaultEth = await sys.defaultPool.read.getETH();
  expect(activeEth).to.equal(recordedColl);
  expect(pendingColl <= defaultEth, `pending ${pendingColl} <= ${defaultEth}`).to.equal(true);
  expect(defaultEth - pendingColl <= slack, `${defaultEth} - ${pendingColl} <= ${slack}`).to.equal(true);
  expect(await publicClient.getBalance({ address: sys.addrs.activePool })).to.equal(activeEth);
  expect(await publicClient.getBalance({ address: sys.addrs.defaultPool })).to.equal(defaultEth);
  expect(await publicClient.getBalance({ address: sys.addrs.collSurplusPool })).to.equal(
    await sys.collSurplusPool.read.getETH(),
  );
  const poolEth = await sys.rewardsPool.read.getETH();
  expect(await publicClient.getBalance({ address: sys.addrs.rewardsPool })).to.equal(poolEth);
  // the rewards pool never owes more than it holds; no deposit grows
  const held = await sys.payd.read.balanceOf([sys.addrs.rewardsPool]);
  expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(held);
  let owed = 0n;
  let owedEth = 0n;
  for (const d of depositors) {
    const [initial] = await sys.rewardsPool.read.deposits([d]);
    const compounded = await sys.rewardsPool.read.getCompoundedPAYDDeposit([d]);
    expect(compounded <= initial, 'withdrawable <= deposit').to.equal(true);
    owed += compounded;
    owedEth += await sys.rewardsPool.read.getDepositorETHGain([d]);
  }
  expect(owed <= held, 'pool owes no more PAYD than it holds').to.equal(true);
  expect(owedEth <= poolEth, 'pool owes no more ETH than it holds').to.equal(true);
}

describe('lending invariants (fast-check)', () => {
  before(resetSystem);

  it('hold after any sequence of operations', async () => {
    const depositors: Address[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 25 }), async (ops) => {
        // every actor starts with a cache
        ops = [0, 1, 2, 3, 4]
          .map((a): Op => ({ kind: 'open', actor: a, ratioPct: 125 + 40 * a, borrow: 3000 + 1000 * a }))
          .concat(ops);
        const sys = await loadSystem();
        if (depositors.length === 0)
          for (let i = 4; i <= 9; i++) depositors.push(sys.wallets[i].account!.address);
        // a large cache that keeps the system alive and supplies PAYD to the actors
        await openCache(sys, sys.wallets[9], '200', 100_000n);
        for (let i = 4; i <= 8; i++) {
          await sys.payd.write.transfer([sys.wallets[i].account!.address, 15_000n * DEC], {
            account: sys.wallets[9].account!,
          });
        }
        for (const op of ops) {
          await apply(sys, op).catch(() => undefined); // a refused operation changes nothing
        }
        await checkInvariants(sys, depositors);
      }),
      { numRuns: 15, seed: 20261122 },
    );
  });
});
