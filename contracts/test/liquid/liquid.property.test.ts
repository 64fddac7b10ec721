// Property test (CI: fixed seed): random sequences of validator deposits, queue entries, cancels,
// claims, exits (markExiting, the balance arriving, settleExits), reward arrivals and reports (with
// time moves), rewards-pool deposits and processQueue calls. After EVERY operation:
//   FETH supply == freeETH + totalStakedETH + deactivatedETHInProgress
//              == balance + staked + in transit - claimable - pending - fees owed - unaccounted
//   the pool's FETH == the unfilled FETH of live and failed entries; claimableETH == the sum of claims
//   the queue fills strictly in order (every SwapFilled is the model's head entry)
//   nobody has claimed (or can claim) more ETH than the FETH they queued and did not take back
//   no free ETH while the live queue is not empty
// FUZZ_RUNS, FUZZ_MAX_OPS and FUZZ_SEED override the defaults.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { parseEther, type Address, type Hash, type Log } from 'viem';
import { eventsNamed, increaseTime } from '../lending/fixture';
import {
  ETH32,
  VS,
  accounting,
  addValidators,
  credit,
  loadLiquid,
  provideToRewardsPool,
  resetLiquid,
  type Liquid,
} from './fixture';

const ACTORS = 4; // wallets 4..7; wallet 8 provides to the rewards pool
const VALIDATORS = 48;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const MAX_OPS = Number(process.env.FUZZ_MAX_OPS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

type Intent =
  | { kind: 'depositValidators'; actor: number; count: number }
  | { kind: 'depositFETH'; actor: number; frac: number }
  | { kind: 'cancel'; actor: number }
  | { kind: 'claim'; actor: number }
  | { kind: 'markExiting'; count: number; pick: number }
  | { kind: 'exitArrives'; count: number; extraGwei: number }
  | { kind: 'report'; stakingGwei: number; miningGwei: number; hours: number }
  | { kind: 'provideSP' }
  | { kind: 'processQueue'; max: number };

const actor = fc.integer({ min: 0, max: ACTORS - 1 });
const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('depositValidators' as const),
      actor,
      count: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('depositFETH' as const),
      actor,
      frac: fc.integer({ min: 1, max: 1000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), actor }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), actor }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('markExiting' as const),
      count: fc.integer({ min: 1, max: 3 }),
      pick: fc.nat(1000),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('exitArrives' as const),
      count: fc.integer({ min: 1, max: 3 }),
      extraGwei: fc.nat(2_000_000_000),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      stakingGwei: fc.nat(3_000_000_000),
      miningGwei: fc.nat(1_000_000_000),
      hours: fc.integer({ min: 0, max: 36 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('provideSP' as const) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('processQueue' as const), max: fc.integer({ min: 1, max: 5 }) }),
    weight: 1,
  },
);

class LiquidFuzzer {
  stats: Record<string, { ok: number; skipped: number; refused: number }> = {};
  private baseline: string | undefined;
  /** Live entries in queue order: [entryId, depositor, unfilled]. */
  private model: { id: bigint; who: Address; unfilled: bigint }[] = [];
  /** Per actor: FETH queued less FETH taken back, and ETH claimed (with the fee). */
  private queued = new Map<Address, bigint>();
  private claimed = new Map<Address, bigint>();
  private provided = false;

  constructor(readonly s: Liquid) {}

  static async create(): Promise<LiquidFuzzer> {
    const s = await loadLiquid();
    await addValidators(s, 0, VALIDATORS);
    // a 1% swap fee so that claims move a fee too
    await s.pool.write.setFeeRates([parseEther('0.1'), parseEther('0.1'), parseEther('0.01')], {
      account: s.humanAdmin.account,
    });
    return new LiquidFuzzer(s);
  }

  async reset() {
    const provider = hre.network.provider;
    if (this.baseline !== undefined)
      await provider.request({ method: 'evm_revert', params: [this.baseline] });
    this.baseline = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;
    this.model = [];
    this.queued = new Map();
    this.claimed = new Map();
    this.provided = false;
  }

  private count(kind: string, what: 'ok' | 'skipped' | 'refused') {
    (this.stats[kind] ??= { ok: 0, skipped: 0, refused: 0 })[what] += 1;
  }

  private user(a: number) {
    return this.s.users[a];
  }

  /** The n-th (cyclically) of the actors for whom `test` holds, or undefined when none. */
  private async pickUser(n: number, test: (a: Address) => Promise<boolean>) {
    const all = this.s.users.slice(0, ACTORS);
    const ok = await Promise.all(all.map((w) => test(w.account.address)));
    const candidates = all.filter((_, i) => ok[i]);
    return candidates.length ? candidates[n % candidates.length] : undefined;
  }

  private async send(hash: Promise<Hash>) {
    const publicClient = await hre.viem.getPublicClient();
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success') throw new Error(`transaction reverted: ${receipt.transactionHash}`);
    this.applyEvents(receipt.logs);
    return receipt;
  }

  /** Every fill must be of the model's head entry; failures and cancels take entries out. */
  private applyEvents(logs: readonly Log[]) {
    const abi = this.s.pool.abi;
    for (const log of logs) {
      if (log.address.toLowerCase() !== this.s.addrs.validatorPool.toLowerCase()) continue;
      const [filled] = eventsNamed(abi, [log], 'SwapFilled');
      if (filled) {
        const head = this.model[0];
        expect(head, 'a fill with an empty queue').to.not.equal(undefined);
        expect(filled.entryId, 'the queue fills strictly in order').to.equal(head.id);
        expect(filled.remaining).to.equal(head.unfilled - (filled.amount as bigint));
        head.unfilled = filled.remaining as bigint;
        this.count(filled.remaining === 0n ? '  (entry filled)' : '  (entry partly filled)', 'ok');
        if (head.unfilled === 0n) this.model.shift();
        continue;
      }
      for (const name of ['SwapFailed', 'SwapFailedPanic', 'SwapFailedData']) {
        if (eventsNamed(abi, [log], name).length)
          throw new Error(`${name}: the real FETH never fails a fill`);
      }
      const [queued] = eventsNamed(abi, [log], 'SwapQueued');
      if (queued) {
        this.model.push({
          id: queued.entryId as bigint,
          who: queued.depositor as Address,
          unfilled: queued.amount as bigint,
        });
        const who = (queued.depositor as string).toLowerCase() as Address;
        this.queued.set(who, (this.queued.get(who) ?? 0n) + (queued.amount as bigint));
      }
      const [cancelled] = eventsNamed(abi, [log], 'SwapCancelled');
      if (cancelled) {
        this.model = this.model.filter((e) => e.id !== cancelled.entryId);
        const who = (cancelled.depositor as string).toLowerCase() as Address;
        this.queued.set(who, (this.queued.get(who) ?? 0n) - (cancelled.fethReturned as bigint));
      }
      const [claimed] = eventsNamed(abi, [log], 'ETHClaimed');
      if (claimed) {
        const who = (claimed.depositor as string).toLowerCase() as Address;
        const gross = (claimed.amount as bigint) + (claimed.fee as bigint);
        this.claimed.set(who, (this.claimed.get(who) ?? 0n) + gross);
      }
    }
  }

  async checkInvariants() {
    const s = this.s;
    const a = await accounting(s);
    expect(a.supply, 'supply == free + staked + in transit').to.equal(a.free + a.staked + a.inTransit);
    expect(
      a.supply,
      'supply == balance + staked + in transit - claimable - pending - fees owed - unaccounted',
    ).to.equal(a.balance + a.staked + a.inTransit - a.claimable - a.pending - a.feesOwed - a.unaccounted);
    const [length, users] = await Promise.all([
      s.pool.read.queueLength(),
      Promise.all(
        s.users.slice(0, ACTORS).map(async (w) => {
          const who = w.account.address.toLowerCase() as Address;
          const [claim, deposit] = await Promise.all([
            s.pool.read.ethSwapClaim([who]),
            s.pool.read.fethSwapDeposit([who]),
          ]);
          return { who, claim, deposit };
        }),
      ),
    ]);
    expect(length, 'live entries').to.equal(BigInt(this.model.length));
    expect(a.unfilled, 'unfilled FETH in the queue').to.equal(
      this.model.reduce((t, e) => t + e.unfilled, 0n),
    );
    expect(a.queuedFETH, "the pool's FETH is the entries' unfilled FETH").to.equal(
      users.reduce((t, u) => t + u.deposit, 0n),
    );
    expect(a.claimable, 'claimableETH is the sum of the claims').to.equal(
      users.reduce((t, u) => t + u.claim, 0n),
    );
    for (const u of users) {
      const claimedSoFar = this.claimed.get(u.who) ?? 0n;
      const netQueued = this.queued.get(u.who) ?? 0n;
      expect(claimedSoFar + u.claim + u.deposit, 'nobody claims more than they queued').to.equal(netQueued);
    }
    if (length > 0n) expect(a.free, 'no free ETH with a non-empty live queue').to.equal(0n);
  }

  async apply(intent: Intent): Promise<void> {
    const applied = await this.tryApply(intent);
    this.count(intent.kind, applied ? 'ok' : 'skipped');
    await this.checkInvariants();
  }

  private async tryApply(intent: Intent): Promise<boolean> {
    const s = this.s;
    const pool = s.pool;
    switch (intent.kind) {
      case 'depositValidators': {
        const available = await pool.read.availableValidators();
        if (available === 0n) return false;
        const count = BigInt(Math.min(intent.count, Number(available)));
        await this.send(
          pool.write.depositMultipleValidators([count], {
            account: this.user(intent.actor).account,
            value: ETH32 * count,
          }),
        );
        return true;
      }
      case 'depositFETH': {
        // the actor-th of those holding FETH without an open entry
        const w = await this.pickUser(
          intent.actor,
          async (a) => (await pool.read.entryOf([a])) === 0n && (await s.feth.read.balanceOf([a])) > 0n,
        );
        if (!w) return false;
        const balance = await s.feth.read.balanceOf([w.account.address]);
        const amount = (balance * BigInt(intent.frac)) / 1000n || 1n;
        await this.send(pool.write.depositFETH([amount], { account: w.account }));
        return true;
      }
      case 'cancel': {
        // the actor-th of those with an entry
        const w = await this.pickUser(intent.actor, async (a) => (await pool.read.entryOf([a])) !== 0n);
        if (!w) return false;
        await this.send(pool.write.cancelFETHDeposit({ account: w.account }));
        return true;
      }
      case 'claim': {
        // the actor-th of those with filled ETH to claim
        const w = await this.pickUser(intent.actor, async (a) => (await pool.read.ethSwapClaim([a])) > 0n);
        if (!w) return false;
        await this.send(pool.write.claimETH({ account: w.account }));
        return true;
      }
      case 'markExiting': {
        const staked = await pool.read.validatorsWithStatus([VS.Staked, 1n, 100n]);
        if (staked.length === 0) return false;
        const start = intent.pick % staked.length;
        const ids = staked.slice(start, start + intent.count);
        await this.send(pool.write.markExiting([ids], { account: s.serverAdmin.account }));
        return true;
      }
      case 'exitArrives': {
        // the withdrawal of `count` exiting validators (32 ETH + some rewards each) reaches the pool,
        // then the server settles them
        let exiting = await pool.read.validatorsWithStatus([VS.Exiting, 1n, 100n]);
        if (exiting.length === 0) {
          // none is exiting: the server exits the oldest staked ones first
          const staked = await pool.read.validatorsWithStatus([VS.Staked, 1n, BigInt(intent.count)]);
          if (staked.length === 0) return false;
          await this.send(pool.write.markExiting([staked], { account: s.serverAdmin.account }));
          this.count('  (exit marked first)', 'ok');
          exiting = staked;
        }
        const ids = exiting.slice(0, intent.count);
        await credit(
          s.addrs.validatorPool,
          ETH32 * BigInt(ids.length) + BigInt(intent.extraGwei) * 10n ** 9n,
        );
        await this.send(pool.write.settleExits([ids], { account: s.serverAdmin.account }));
        return true;
      }
      case 'report': {
        // consensus and execution rewards arrive, time moves, and the server reports what arrived
        const staking = BigInt(intent.stakingGwei) * 10n ** 9n;
        const mining = BigInt(intent.miningGwei) * 10n ** 9n;
        await credit(s.addrs.validatorPool, staking + mining);
        if (intent.hours > 0) await increaseTime(intent.hours * 3600);
        const [available, period, last, lastTime] = await Promise.all([
          pool.read.rewardsAvailable(),
          pool.read.reportPeriod(),
          pool.read.lastReportPeriod(),
          pool.read.lastReportTime(),
        ]);
        if (staking + mining > available) return false; // an exit's balance has not arrived yet
        const block = await (await hre.viem.getPublicClient()).getBlock();
        // the next block is at least one second later
        if (lastTime !== 0n && (block.timestamp + 1n) / period <= last) {
          let refused = false;
          try {
            await pool.simulate.reportRewards([staking, mining], { account: s.serverAdmin.account.address });
          } catch (e) {
            refused = (e as Error).message.includes('AlreadyReportedThisPeriod');
          }
          if (refused) {
            this.count('report in a reported period', 'refused');
            return false;
          }
        }
        await this.send(pool.write.reportRewards([staking, mining], { account: s.serverAdmin.account }));
        return true;
      }
      case 'provideSP': {
        if (this.provided) return false;
        await provideToRewardsPool(s, s.users[4], 3000n);
        this.provided = true;
        return true;
      }
      case 'processQueue': {
        await this.send(pool.write.processQueue([BigInt(intent.max)], { account: s.users[5].account }));
        return true;
      }
    }
  }
}

describe('liquid staking invariants (fast-check)', () => {
  after(resetLiquid);

  it('hold after every operation of random sequences', async () => {
    const fuzzer = await LiquidFuzzer.create();
    const result = await fc.check(
      fc.asyncProperty(
        fc.array(intentArb, { minLength: Math.min(10, MAX_OPS), maxLength: MAX_OPS, size: 'max' }),
        async (intents) => {
          await fuzzer.reset();
          await fuzzer.checkInvariants();
          for (const intent of intents) await fuzzer.apply(intent);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(
      `      ${result.numRuns} sequences (seed ${SEED}), operations per kind (ok / skipped / refused):`,
    );
    for (const [k, v] of Object.entries(fuzzer.stats).sort()) {
      console.log(
        `        ${k.padEnd(28)} ${String(v.ok).padStart(5)} ${String(v.skipped).padStart(5)} ${String(v.refused).padStart(5)}`,
      );
    }
    expect(result.failed, fc.defaultReportMessage(result) ?? '').to.equal(false);
    for (const k of [
      'depositValidators',
      'depositFETH',
      'cancel',
      'claim',
      'markExiting',
      'exitArrives',
      'report',
      'processQueue',
    ]) {
      expect(fuzzer.stats[k]?.ok ?? 0, `${k} succeeded at least once`).to.be.greaterThan(0);
    }
  });
});
