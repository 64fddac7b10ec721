// Random operation sequences against the lending core, shared by the property test (CI: a few fixed-seed
// sequences) and `npm run fuzz` (thousands). Operations are generated as intents and made concrete
// against the current chain state, so that a *valid* operation is valid by construction and must
// succeed, and an *invalid* one breaks one rule and must be refused without changing any state.
// The accounting invariants (LendingInvariants.sol, one eth_call) are checked after every operation.
// The intents are in fuzzIntents.ts, the chain reads in fuzzModel.ts, the operations in
// fuzzOperations.ts (valid) and fuzzInvalid.ts (invalid).
import fc from 'fast-check';
import hre from 'hardhat';
import { parseEther, type Abi, type Address } from 'viem';
import { DEC, loadSystem } from './fixture';
import { ACTORS, intentArb, type Intent } from './fuzzIntents';
import { applyInvalid } from './fuzzInvalid';
import { FuzzChain } from './fuzzModel';
import { applyValid } from './fuzzOperations';

export { intentArb, type Intent } from './fuzzIntents';

export type Stats = Record<string, { ok: number; skipped: number; refused: number }>;

export class Fuzzer extends FuzzChain {
  stats: Stats = {};
  private baseline: string | undefined;
  private depositors: Address[] = [];
  private invariants: Address | undefined;
  private invariantsAbi: Abi | undefined;
  /** Operations applied since the last reset, and the largest total stakes seen (for the dust bound). */
  private opsApplied = 0;
  private maxStakes = 0n;

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

  private count(kind: string, what: 'ok' | 'skipped' | 'refused') {
    (this.stats[kind] ??= { ok: 0, skipped: 0, refused: 0 })[what] += 1;
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

  /** Runs one intent; an intent that does not apply to the current state is counted as skipped. */
  async apply(op: Intent): Promise<void> {
    if (op.kind === 'invalid') return applyInvalid(this, op, (kind, what) => this.count(kind, what));
    const cm = this.sys.cacheManager;
    const [recovery, lEth, owners] = await Promise.all([
      this.market().then((m) => m.recovery),
      cm.read.L_ETH(),
      cm.read.getCacheOwnersCount(),
    ]);
    const done = await applyValid(this, op);
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
