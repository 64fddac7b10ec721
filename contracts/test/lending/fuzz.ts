// Random operation sequences against the lending core, shared by the property test (CI: a few fixed-seed
// sequences) and `npm run fuzz` (thousands). Operations are generated as intents and made concrete
// against the current chain state, so that a *valid* operation is valid by construction and must
// succeed, and an *invalid* one breaks one rule and must be refused without changing any state.
// The accounting invariants (LendingInvariants.sol, one eth_call) are checked after every operation.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { parseEther, type Abi, type Address, type Hash, type WalletClient } from 'viem';
import { CCR, DEC, GAS_COMP, MAX_FEE, MCR, MIN_NET_DEBT, ZERO, loadSystem, type System } from './fixture';

const ACTORS = 5; // wallets 4..8; wallet 9 is the whale that keeps the system alive
const MIN_DEBT = MIN_NET_DEBT + GAS_COMP;
const PCT = 10n ** 16n; // 1% in 18 decimals

export type Intent =
  | { kind: 'open'; actor: number; ratio: number; size: number }
  | { kind: 'addColl'; actor: number; size: number }
  | { kind: 'withdrawColl'; actor: number; frac: number }
  | { kind: 'borrow'; actor: number; frac: number }
  | { kind: 'repay'; actor: number; frac: number }
  | { kind: 'close'; actor: number }
  | { kind: 'provide'; actor: number; frac: number }
  | { kind: 'withdrawSP'; actor: number; frac: number }
  | { kind: 'price'; move: number }
  | { kind: 'liquidate'; pick: number }
  | { kind: 'liquidateCaches'; n: number }
  | { kind: 'redeem'; actor: number; frac: number }
  | { kind: 'invalid'; rule: number; actor: number };

const actor = fc.integer({ min: 0, max: ACTORS - 1 });
const frac = fc.integer({ min: 1, max: 1000 }); // thousandths
export const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('open' as const), actor, ratio: frac, size: frac }), weight: 3 },
  fc.record({ kind: fc.constant('addColl' as const), actor, size: frac }),
  fc.record({ kind: fc.constant('withdrawColl' as const), actor, frac }),
  { arbitrary: fc.record({ kind: fc.constant('borrow' as const), actor, frac }), weight: 2 },
  fc.record({ kind: fc.constant('repay' as const), actor, frac }),
  fc.record({ kind: fc.constant('close' as const), actor }),
  { arbitrary: fc.record({ kind: fc.constant('provide' as const), actor, frac }), weight: 2 },
  fc.record({ kind: fc.constant('withdrawSP' as const), actor, frac }),
  // price moves between -35% and +25% (300..6000): liquidations, redistributions, recovery mode
  {
    arbitrary: fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -35, max: 25 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('liquidate' as const), pick: frac }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('liquidateCaches' as const),
      n: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('redeem' as const), actor, frac }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('invalid' as const),
      rule: fc.integer({ min: 0, max: 9 }),
      actor,
    }),
    weight: 3,
  },
);

export type Stats = Record<string, { ok: number; skipped: number; refused: number }>;

const f = (thousandths: number, of: bigint) => (of * BigInt(thousandths)) / 1000n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

interface Market {
  price: bigint;
  coll: bigint;
  debt: bigint;
  tcr: bigint;
  recovery: boolean;
  count: bigint;
}

export class Fuzzer {
  stats: Stats = {};
  private baseline: string | undefined;
  private depositors: Address[] = [];
  private invariants: Address | undefined;
  private invariantsAbi: Abi | undefined;
  /** Operations applied since the last reset, and the largest total stakes seen (for the dust bound). */
  private opsApplied = 0;
  private maxStakes = 0n;

  constructor(readonly sys: System) {}

  /** Deploys the checker, opens the whale's and every actor's cache, and snapshots that state. */
  static async create(): Promise<Fuzzer> {
    const sys = await loadSystem();
    const fz = new Fuzzer(sys);
    fz.invariants = (await hre.viem.deployContract('LendingInvariants', [])).address;
    const whale = sys.wallets[9];
    // about 300%: recovery mode starts when the price halves
    await fz.openWith(whale, parseEther('150'), 100_000n * DEC);
    for (let a = 0; a < ACTORS; a++) {
      const w = fz.wallet(a);
      await fz.openWith(w, parseEther(String(3 + a * 2)), (3000n + 1000n * BigInt(a)) * DEC);
      await fz.send(
        sys.payd.write.transfer([w.account!.address, 12_000n * DEC], { account: whale.account! }),
      );
    }
    fz.depositors = [4, 5, 6, 7, 8, 9].map((i) => sys.wallets[i].account!.address);
    await fz.checkInvariants();
    return fz;
  }

  /** Back to the state right after create(). */
  async reset(): Promise<void> {
    const provider = hre.network.provider;
    if (this.baseline !== undefined)
      await provider.request({ method: 'evm_revert', params: [this.baseline] });
    this.baseline = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;
    this.opsApplied = 0;
    this.maxStakes = await this.sys.cacheManager.read.totalStakes();
  }

  private wallet(a: number): WalletClient {
    return this.sys.wallets[4 + a];
  }

  private count(kind: string, what: 'ok' | 'skipped' | 'refused') {
    (this.stats[kind] ??= { ok: 0, skipped: 0, refused: 0 })[what] += 1;
  }

  private async send(hash: Promise<Hash>) {
    const publicClient = await hre.viem.getPublicClient();
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success') throw new Error(`transaction reverted: ${receipt.transactionHash}`);
    return receipt;
  }

  async checkInvariants(): Promise<void> {
    const s = this.sys.addrs;
    const publicClient = await hre.viem.getPublicClient();
    this.invariantsAbi ??= (await hre.artifacts.readArtifact('LendingInvariants')).abi;
    const abi = this.invariantsAbi;
    await publicClient.readContract({
      address: this.invariants!,
      abi,
      functionName: 'check',
      args: [
        {
          cacheManager: s.cacheManager,
          sortedCaches: s.sortedCaches,
          activePool: s.activePool,
          defaultPool: s.defaultPool,
          collSurplusPool: s.collSurplusPool,
          rewardsPool: s.rewardsPool,
          paydToken: s.paydToken,
        },
        this.depositors,
        // each operation applies pending rewards to at most 8 caches, each leaving < 1 wei behind;
        // a redistribution carries less than the total stakes / 1e18
        8n * BigInt(this.opsApplied) + this.maxStakes / DEC + 1n,
      ],
    });
  }

  private async market(): Promise<Market> {
    const sys = this.sys;
    const price = await sys.priceFeed.read.getPrice();
    const [coll, debt, count] = await Promise.all([
      sys.cacheManager.read.getEntireSystemColl(),
      sys.cacheManager.read.getEntireSystemDebt(),
      sys.cacheManager.read.getCacheOwnersCount(),
    ]);
    const tcr = (coll * price) / debt;
    return { price, coll, debt, tcr, recovery: tcr < CCR, count };
  }

  private async hints(coll: bigint, debt: bigint) {
    const nicr = await this.sys.hintHelpers.read.computeNominalCR([coll, debt]);
    return this.sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
  }

  private async openWith(w: WalletClient, coll: bigint, amount: bigint) {
    const fee = await this.sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
    const [upper, lower] = await this.hints(coll, amount + fee + GAS_COMP);
    await this.send(
      this.sys.borrowerOperations.write.openCache([MAX_FEE, amount, upper, lower], {
        account: w.account!,
        value: coll,
      }),
    );
  }

  private async cacheOf(who: Address) {
    const [status, [debt, coll]] = await Promise.all([
      this.sys.cacheManager.read.getCacheStatus([who]),
      this.sys.cacheManager.read.getEntireDebtAndColl([who]),
    ]);
    return { active: status === 1n, debt, coll };
  }

  /** Runs one intent; returns false when it does not apply to the current state (skipped). */
  async apply(op: Intent): Promise<void> {
    if (op.kind === 'invalid') return this.applyInvalid(op);
    const cm = this.sys.cacheManager;
    const [recovery, lEth, owners] = await Promise.all([
      this.market().then((m) => m.recovery),
      cm.read.L_ETH(),
      cm.read.getCacheOwnersCount(),
    ]);
    const done = await this.applyValid(op);
    this.opsApplied += 1;
    const stakes = await cm.read.totalStakes();
    if (stakes > this.maxStakes) this.maxStakes = stakes;
    this.count(op.kind, done ? 'ok' : 'skipped');
    if (!done) return;
    // what the sequences reach: recovery mode, redistributions, caches closed by redemption
    if (recovery) this.count(`  (${op.kind} in recovery mode)`, 'ok');
    if ((await cm.read.L_ETH()) > lEth) this.count(`  (${op.kind} with a redistribution)`, 'ok');
    if (op.kind === 'redeem' && (await cm.read.getCacheOwnersCount()) < owners) {
      this.count('  (redeem closing a cache)', 'ok');
    }
    await this.checkInvariants();
  }

  private async applyValid(op: Exclude<Intent, { kind: 'invalid' }>): Promise<boolean> {
    const sys = this.sys;
    const bo = sys.borrowerOperations;
    const whale = sys.wallets[9].account!;
    const m = await this.market();
    switch (op.kind) {
      case 'open': {
        const account = this.wallet(op.actor).account!;
        if ((await this.cacheOf(account.address)).active) return false;
        const amount = MIN_NET_DEBT + f(op.size, 25_000n * DEC);
        const fee = m.recovery ? 0n : await sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
        const debt = amount + fee + GAS_COMP;
        // 120%..400% in normal mode, at least 160% in recovery mode or when a lower one would start it
        let icr = 120n * PCT + f(op.ratio, 280n * PCT);
        const tcrAfter = (icr2: bigint) => ((m.coll + (debt * icr2) / m.price) * m.price) / (m.debt + debt);
        if (m.recovery || tcrAfter(icr) < CCR + PCT) icr = icr > 160n * PCT ? icr : 160n * PCT;
        const coll = ceilDiv(debt * icr, m.price);
        const [upper, lower] = await this.hints(coll, debt);
        await this.send(bo.write.openCache([MAX_FEE, amount, upper, lower], { account, value: coll }));
        return true;
      }
      case 'addColl': {
        const account = this.wallet(op.actor).account!;
        const c = await this.cacheOf(account.address);
        if (!c.active) return false;
        let add = parseEther('0.001') + f(op.size, parseEther('5'));
        // in normal mode every adjustment must leave the cache at >= 115%
        const toMcr = ceilDiv(c.debt * (MCR + PCT), m.price) - c.coll;
        if (!m.recovery && add < toMcr) add = toMcr;
        const [upper, lower] = await this.hints(c.coll + add, c.debt);
        await this.send(bo.write.addColl([upper, lower], { account, value: add }));
        return true;
      }
      case 'withdrawColl': {
        const account = this.wallet(op.actor).account!;
        const c = await this.cacheOf(account.address);
        if (!c.active || m.recovery) return false;
        // keep the cache at >= 116% and the system at >= 156%
        const byCache = c.coll - ceilDiv(c.debt * (MCR + PCT), m.price);
        const bySystem = m.coll - ceilDiv(m.debt * (CCR + PCT), m.price);
        const most = byCache < bySystem ? byCache : bySystem;
        const amount = f(op.frac, most);
        if (amount <= 0n) return false;
        const [upper, lower] = await this.hints(c.coll - amount, c.debt);
        await this.send(bo.write.withdrawColl([amount, upper, lower], { account }));
        return true;
      }
      case 'borrow': {
        const account = this.wallet(op.actor).account!;
        const c = await this.cacheOf(account.address);
        if (!c.active || m.recovery) return false;
        // with a fee of at most 5%: the cache stays >= 116%, the system >= 156%
        const byCache = (c.coll * m.price) / (MCR + PCT) - c.debt;
        const bySystem = (m.coll * m.price) / (CCR + PCT) - m.debt;
        const most = ((byCache < bySystem ? byCache : bySystem) * 100n) / 105n;
        const amount = f(op.frac, most);
        if (amount < DEC) return false;
        const fee = await sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
        const [upper, lower] = await this.hints(c.coll, c.debt + amount + fee);
        await this.send(bo.write.withdrawPAYD([MAX_FEE, amount, upper, lower], { account }));
        return true;
      }
      case 'repay': {
        const account = this.wallet(op.actor).account!;
        const c = await this.cacheOf(account.address);
        if (!c.active) return false;
        const balance = await sys.payd.read.balanceOf([account.address]);
        const room = c.debt - MIN_DEBT;
        const amount = f(op.frac, balance < room ? balance : room);
        if (amount === 0n) return false;
        // in normal mode every adjustment must leave the cache at >= 115%
        if (!m.recovery && (c.coll * m.price) / (c.debt - amount) < MCR) return false;
        const [upper, lower] = await this.hints(c.coll, c.debt - amount);
        await this.send(bo.write.repayPAYD([amount, upper, lower], { account }));
        return true;
      }
      case 'close': {
        const account = this.wallet(op.actor).account!;
        const c = await this.cacheOf(account.address);
        if (!c.active || m.recovery || m.count <= 1n) return false;
        if (((m.coll - c.coll) * m.price) / (m.debt - c.debt) < CCR) return false;
        const balance = await sys.payd.read.balanceOf([account.address]);
        const need = c.debt - GAS_COMP;
        if (balance < need) {
          const whaleBalance = await sys.payd.read.balanceOf([whale.address]);
          if (whaleBalance < need - balance) return false;
          await this.send(sys.payd.write.transfer([account.address, need - balance], { account: whale }));
        }
        await this.send(bo.write.closeCache({ account }));
        return true;
      }
      case 'provide': {
        const account = this.wallet(op.actor).account!;
        const amount = f(op.frac, await sys.payd.read.balanceOf([account.address]));
        if (amount === 0n) return false;
        await this.send(sys.rewardsPool.write.provideToSP([amount, ZERO], { account }));
        return true;
      }
      case 'withdrawSP': {
        const account = this.wallet(op.actor).account!;
        const deposit = await sys.rewardsPool.read.getCompoundedPAYDDeposit([account.address]);
        if (deposit === 0n) return false;
        const last = await sys.sortedCaches.read.getLast();
        if (last !== ZERO && (await sys.cacheManager.read.getCurrentICR([last, m.price])) < MCR) return false;
        const amount = f(op.frac, deposit);
        if (amount === 0n) return false;
        await this.send(sys.rewardsPool.write.withdrawFromSP([amount], { account }));
        return true;
      }
      case 'price': {
        let price = (m.price * BigInt(100 + op.move)) / 100n;
        if (price < 300n * DEC) price = 300n * DEC;
        if (price > 6000n * DEC) price = 6000n * DEC;
        await this.send(sys.priceFeed.write.setPrice([price]));
        return true;
      }
      case 'liquidate': {
        const eligible = await this.liquidatable(m);
        if (eligible.length === 0) return false;
        const target = eligible[Math.floor(((op.pick - 1) * eligible.length) / 1000)];
        await this.send(sys.cacheManager.write.liquidate([target], { account: whale }));
        return true;
      }
      case 'liquidateCaches': {
        const eligible = await this.liquidatable(m);
        const last = await sys.sortedCaches.read.getLast();
        if (!eligible.includes(last)) return false;
        await this.send(sys.cacheManager.write.liquidateCaches([BigInt(op.n)], { account: whale }));
        return true;
      }
      case 'redeem': {
        const account = op.actor === 0 ? whale : this.wallet(op.actor).account!;
        if (m.tcr < MCR) return false;
        const balance = await sys.payd.read.balanceOf([account.address]);
        const wanted = f(op.frac, balance < 20_000n * DEC ? balance : 20_000n * DEC);
        if (wanted === 0n) return false;
        const [first, nicr, amount] = await sys.hintHelpers.read.getRedemptionHints([wanted, m.price, 0n]);
        if (amount === 0n) return false;
        const [upper, lower] = await sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
        await this.send(
          sys.cacheManager.write.redeemCollateral([amount, 0n, first, upper, lower, nicr, 0n], { account }),
        );
        return true;
      }
    }
  }

  /** Caches a single liquidation would take, by the contract's rules (never the last cache). */
  private async liquidatable(m: Market): Promise<Address[]> {
    const sys = this.sys;
    if (m.count <= 1n) return [];
    const pool = await sys.rewardsPool.read.getTotalPAYDDeposits();
    const out: Address[] = [];
    for (
      let id = await sys.sortedCaches.read.getLast();
      id !== ZERO;
      id = await sys.sortedCaches.read.getPrev([id])
    ) {
      const icr = await sys.cacheManager.read.getCurrentICR([id, m.price]);
      const [debt] = await sys.cacheManager.read.getEntireDebtAndColl([id]);
      if (icr < MCR) out.push(id);
      else if (m.recovery && pool > 0n && icr < m.tcr && debt <= pool) out.push(id);
      else if (icr >= m.tcr && icr >= MCR) break;
    }
    return out;
  }

  /** Everything a refused operation must leave as it was. */
  private async snapshotState(who: Address) {
    const sys = this.sys;
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

  /**
   * An operation that breaks one rule: sent (with a fixed gas limit, so no gas estimate stands in
   * for the transaction) and refused, after which the state must be exactly as before.
   */
  private async applyInvalid(op: Extract<Intent, { kind: 'invalid' }>): Promise<void> {
    const sys = this.sys;
    const bo = sys.borrowerOperations;
    const w = this.wallet(op.actor);
    const account = w.account!;
    const who = account.address;
    const m = await this.market();
    const c = await this.cacheOf(who);
    const gas = 3_000_000n;
    let tx: (() => Promise<Hash>) | undefined;
    let name = '';
    switch (op.rule) {
      case 0: // a cache under 115% (or a second cache)
        name = 'open below MCR';
        tx = () =>
          bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], {
            account,
            value: ceilDiv(5300n * DEC * 105n * PCT, m.price),
            gas,
          });
        break;
      case 1: // under the minimum net debt
        name = 'open below minimum debt';
        tx = () =>
          bo.write.openCache([MAX_FEE, 1000n * DEC, ZERO, ZERO], { account, value: parseEther('50'), gas });
        break;
      case 2:
        name = 'withdraw more collateral than the cache has';
        tx = () => bo.write.withdrawColl([c.coll + 1n, ZERO, ZERO], { account, gas });
        break;
      case 3:
        if (!c.active) return this.count('invalid: repay below minimum debt', 'skipped');
        name = 'repay below minimum debt';
        tx = () => bo.write.repayPAYD([c.debt - MIN_DEBT + DEC, ZERO, ZERO], { account, gas });
        break;
      case 4:
        if (!c.active) return this.count('invalid: borrow below MCR', 'skipped');
        name = 'borrow below MCR';
        {
          // 100 PAYD beyond what keeps the cache at 115% (just 100 when it is already under)
          const room = (c.coll * m.price) / MCR - c.debt;
          const amount = (room > 0n ? room : 0n) + 100n * DEC;
          tx = () => bo.write.withdrawPAYD([MAX_FEE, amount, ZERO, ZERO], { account, gas });
        }
        break;
      case 5: {
        // the healthiest cache, when it is not liquidatable
        const first = await sys.sortedCaches.read.getFirst();
        if ((await this.liquidatable(m)).includes(first))
          return this.count('invalid: liquidate a healthy cache', 'skipped');
        name = 'liquidate a healthy cache';
        tx = () => sys.cacheManager.write.liquidate([first], { account, gas });
        break;
      }
      case 6: {
        name = 'redeem more than the balance';
        const balance = await sys.payd.read.balanceOf([who]);
        tx = () =>
          sys.cacheManager.write.redeemCollateral([balance + DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], {
            account,
            gas,
          });
        break;
      }
      case 7: {
        name = 'provide more than the balance';
        const balance = await sys.payd.read.balanceOf([who]);
        tx = () => sys.rewardsPool.write.provideToSP([balance + 1n, ZERO], { account, gas });
        break;
      }
      case 8:
        name = 'add and withdraw collateral at once';
        tx = () => bo.write.adjustCache([MAX_FEE, 1n, 0n, false, ZERO, ZERO], { account, value: 1n, gas });
        break;
      case 9:
        // recovery mode, or a close the owner cannot pay for
        if (!c.active) return this.count('invalid: close without PAYD or in recovery', 'skipped');
        if (!m.recovery && (await sys.payd.read.balanceOf([who])) >= c.debt - GAS_COMP) {
          return this.count('invalid: close without PAYD or in recovery', 'skipped');
        }
        name = 'close without PAYD or in recovery';
        tx = () => bo.write.closeCache({ account, gas });
        break;
    }
    const before = await this.snapshotState(who);
    const publicClient = await hre.viem.getPublicClient();
    let refused = false;
    try {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await tx!() });
      refused = receipt.status === 'reverted';
    } catch (e) {
      // Hardhat answers a mined transaction that reverted with the revert as an error
      refused = /reverted/.test(String(e));
      if (!refused) throw e;
    }
    expect(refused, `${name} must be refused`).to.equal(true);
    expect(await this.snapshotState(who), `${name}: state after the refusal`).to.equal(before);
    this.count(`invalid: ${name}`, 'refused');
  }

  /** Runs one sequence from the state right after create(). */
  async replay(ops: Intent[]): Promise<void> {
    await this.reset();
    for (const op of ops) await this.apply(op);
  }

  /**
   * Runs the property: `runs` sequences of up to `maxOps` intents, every actor starting with a cache.
   * A failing sequence is shrunk by at most `shrinkRuns` replays (each replays a whole sequence);
   * fast-check then reports the smallest failing sequence found.
   */
  async run(options: {
    runs: number;
    maxOps: number;
    seed: number;
    shrinkRuns?: number;
    /** Replays the counterexample fast-check printed (with its seed). */
    path?: string;
    onFailure?: (sequence: number, length: number, error: unknown) => void | Promise<void>;
    onRun?: (n: number) => void;
  }) {
    let n = 0;
    let replaysAfterFailure = -1;
    const shrinkRuns = options.shrinkRuns ?? 150;
    const property = fc.asyncProperty(
      fc.array(intentArb, { minLength: 1, maxLength: options.maxOps, size: 'max' }),
      async (ops) => {
        if (replaysAfterFailure >= shrinkRuns) return; // shrink budget spent: keep the smallest so far
        if (replaysAfterFailure >= 0) replaysAfterFailure++;
        await this.reset();
        try {
          for (const op of ops) await this.apply(op);
        } catch (e) {
          if (replaysAfterFailure < 0) {
            replaysAfterFailure = 0;
            await options.onFailure?.(n + 1, ops.length, e);
          }
          throw e;
        }
        if (replaysAfterFailure < 0) options.onRun?.(++n);
      },
    );
    return fc.check(property, {
      numRuns: options.path ? 1 : options.runs,
      seed: options.seed,
      path: options.path,
    });
  }

  /** The rewards pool's figures and every depositor's, for a failure report. */
  async describeRewardsPool(): Promise<string[]> {
    const rp = this.sys.rewardsPool;
    const lines = [
      `rewards pool: total ${await rp.read.getTotalPAYDDeposits()}, P ${await rp.read.P()}, scale ${await rp.read.currentScale()}, epoch ${await rp.read.currentEpoch()}`,
    ];
    for (const d of this.depositors) {
      const [initial] = await rp.read.deposits([d]);
      const snap = await rp.read.depositSnapshots([d]);
      const compounded = await rp.read.getCompoundedPAYDDeposit([d]);
      lines.push(`  ${d}: initial ${initial}, compounded ${compounded}, snapshot ${snap.join(' ')}`);
    }
    return lines;
  }

  printStats(log: (line: string) => void = console.log): void {
    const rows = Object.entries(this.stats).sort(([a], [b]) => a.localeCompare(b));
    const width = Math.max(...rows.map(([k]) => k.length), 9);
    log(
      `  ${'operation'.padEnd(width)}  ${'succeeded'.padStart(9)}  ${'refused'.padStart(7)}  ${'skipped'.padStart(7)}`,
    );
    for (const [k, v] of rows) {
      log(
        `  ${k.padEnd(width)}  ${String(v.ok).padStart(9)}  ${String(v.refused).padStart(7)}  ${String(v.skipped).padStart(7)}`,
      );
    }
  }
}
