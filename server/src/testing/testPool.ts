// Stand-ins for tests of the pool job: an in-memory ValidatorPool that keeps the contract's rules
// (IValidatorPool.sol: statuses, 32-ETH accounting, the queue filled by settlements, one report per
// period, duplicate pubkeys refused) and a beacon node whose validators the test moves along.
// The same tests run against the real contracts on chain 88 in poolJob.chain.test.ts.
import type { Address, Hex } from 'viem';
import { BeaconApiError, type BeaconClient, type BeaconValidator } from '../staking/index.ts';
import {
  VALIDATOR_WEI,
  type PoolChain,
  type PoolState,
  type PoolValidatorDeposit,
  type PoolValidatorStatus,
} from '../liquid/poolChain.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class TestPoolChain implements PoolChain {
  readonly address: Address = `0x${'7e'.repeat(20)}`;
  readonly validators: { id: bigint; pubkey: string; status: PoolValidatorStatus }[] = [];
  totalStaked = 0n;
  deactivated = 0n;
  free = 0n;
  claimable = 0n;
  /** ETH that arrived and is not accounted (exited balances, swept rewards). */
  unaccounted = 0n;
  unfilled = 0n;
  reportPeriod = 86_400n;
  lastReportPeriod = 0n;
  time = 1_800_000_000n;
  lifetimeStaking = 0n;
  lifetimeMining = 0n;
  addCalls = 0;
  reports: { stakingRewards: bigint; miningRewards: bigint }[] = [];
  /** Delay of each transaction, so concurrent runners overlap. */
  txDelayMs = 20;

  async poolAddress(): Promise<Address> {
    return this.address;
  }

  async readState(): Promise<PoolState> {
    const available = this.validators.filter((v) => v.status === 'Added').length;
    const rewards = this.unaccounted - this.deactivated;
    return {
      availableValidators: BigInt(available),
      totalStakedETH: this.totalStaked,
      deactivatedETHInProgress: this.deactivated,
      freeETH: this.free,
      claimableETH: this.claimable,
      unaccountedETH: this.unaccounted,
      rewardsAvailable: rewards > 0n ? rewards : 0n,
      unfilledFETHInQueue: this.unfilled,
      queueLength: this.unfilled > 0n ? 1n : 0n,
      reportPeriod: this.reportPeriod,
      lastReportPeriod: this.lastReportPeriod,
      totalLifetimeStakingRewards: this.lifetimeStaking,
      totalLifetimeMiningRewards: this.lifetimeMining,
    };
  }

  async validatorIdOf(pubkey: Hex): Promise<bigint> {
    return this.validators.find((v) => v.pubkey === pubkey.toLowerCase())?.id ?? 0n;
  }

  async validatorsWithStatus(status: PoolValidatorStatus, startId: bigint, max: number): Promise<bigint[]> {
    return this.validators
      .filter((v) => v.status === status && v.id >= startId)
      .slice(0, max)
      .map((v) => v.id);
  }

  async addValidators(deposits: readonly PoolValidatorDeposit[]): Promise<void> {
    await sleep(this.txDelayMs);
    const credentials = `0x01${'00'.repeat(11)}${this.address.slice(2).toLowerCase()}`;
    for (const d of deposits) {
      if (d.withdrawal_credentials.toLowerCase() !== credentials)
        throw new Error('InvalidValidator(credentials)');
      if (this.validators.some((v) => v.pubkey === d.pubkey.toLowerCase()))
        throw new Error(`DuplicateValidator(${d.pubkey})`);
    }
    this.addCalls++;
    for (const d of deposits)
      this.validators.push({
        id: BigInt(this.validators.length + 1),
        pubkey: d.pubkey.toLowerCase(),
        status: 'Added',
      });
  }

  /** A depositor's depositMultipleValidators(n). */
  stake(n: number): void {
    for (const v of this.validators.filter((x) => x.status === 'Added').slice(0, n)) {
      v.status = 'Staked';
      this.totalStaked += VALIDATOR_WEI;
    }
  }

  private byId(id: bigint, status: PoolValidatorStatus) {
    const v = this.validators.find((x) => x.id === id);
    if (!v) throw new Error(`UnknownValidator(${id})`);
    if (v.status !== status) throw new Error(`WrongValidatorStatus(${id}, ${v.status})`);
    return v;
  }

  async markExiting(ids: readonly bigint[]): Promise<void> {
    await sleep(this.txDelayMs);
    const vs = ids.map((id) => this.byId(id, 'Staked'));
    for (const v of vs) {
      v.status = 'Exiting';
      this.totalStaked -= VALIDATOR_WEI;
      this.deactivated += VALIDATOR_WEI;
    }
  }

  async settleExits(ids: readonly bigint[]): Promise<void> {
    await sleep(this.txDelayMs);
    const need = VALIDATOR_WEI * BigInt(ids.length);
    if (this.unaccounted < need) throw new Error(`ExitBalanceNotArrived(${need}, ${this.unaccounted})`);
    const vs = ids.map((id) => this.byId(id, 'Exiting'));
    for (const v of vs) v.status = 'Exited';
    this.deactivated -= need;
    this.unaccounted -= need;
    this.free += need;
    const fill = this.free < this.unfilled ? this.free : this.unfilled;
    this.free -= fill;
    this.unfilled -= fill;
    this.claimable += fill;
  }

  async reportRewards(r: { stakingRewards: bigint; miningRewards: bigint }): Promise<{ txHash: string }> {
    await sleep(this.txDelayMs);
    const period = this.time / this.reportPeriod;
    if (this.lastReportPeriod >= period) throw new Error(`AlreadyReportedThisPeriod(${period})`);
    const { rewardsAvailable } = await this.readState();
    const sum = r.stakingRewards + r.miningRewards;
    if (sum > rewardsAvailable) throw new Error(`RewardsNotArrived(${sum}, ${rewardsAvailable})`);
    this.unaccounted -= sum;
    this.lifetimeStaking += r.stakingRewards;
    this.lifetimeMining += r.miningRewards;
    this.lastReportPeriod = period;
    this.reports.push(r);
    return { txHash: `0x${String(this.reports.length).padStart(64, '0')}` };
  }

  async chainTime(): Promise<bigint> {
    return this.time;
  }
}

interface TestBeaconValidator {
  index: bigint;
  status: BeaconValidator['status'];
  /** Gwei the sweep paid to the pool so far. */
  sweptGwei: bigint;
  feesGwei: bigint;
}

/** A beacon node of the pool's validators: the test sets their statuses and sweeps. */
export class TestBeacon implements BeaconClient {
  readonly validators = new Map<string, TestBeaconValidator>();
  readonly exits: { message: { validator_index: string; epoch: string }; signature: string }[] = [];
  /** While set, every posted exit is refused with this message (HTTP 400). */
  refuseExits: string | null = null;
  headSlot = 8000n;
  private nextIndex = 0n;

  constructor(private readonly poolAddress: string) {}

  /** The validator of `pubkey` appears on the beacon chain (deposited) with `status`. */
  set(pubkey: string, status: BeaconValidator['status'], extra: Partial<TestBeaconValidator> = {}): void {
    const key = pubkey.toLowerCase();
    const had = this.validators.get(key);
    this.validators.set(key, {
      index: had?.index ?? this.nextIndex++,
      sweptGwei: had?.sweptGwei ?? 0n,
      feesGwei: had?.feesGwei ?? 0n,
      ...extra,
      status,
    });
  }

  async getGenesis() {
    return {
      genesisTime: new Date(0),
      genesisValidatorsRoot: `0x${'00'.repeat(32)}`,
      genesisForkVersion: '0x10000058',
    };
  }
  async getSpec() {
    return {
      secondsPerSlot: 6n,
      slotsPerEpoch: 8n,
      genesisForkVersion: '0x10000058',
      capellaForkVersion: '0x40000058',
      depositChainId: 88n,
      depositContractAddress: `0x${'00'.repeat(20)}`,
      values: {},
    };
  }
  async getHeadSlot() {
    return this.headSlot;
  }
  async getValidators(ids: readonly string[]): Promise<BeaconValidator[]> {
    const out: BeaconValidator[] = [];
    for (const id of ids) {
      const v = this.validators.get(id.toLowerCase());
      if (!v) continue;
      out.push({
        index: v.index,
        pubkey: id.toLowerCase(),
        status: v.status,
        balanceGwei: 32_000_000_000n,
        effectiveBalanceGwei: 32_000_000_000n,
        withdrawalCredentials: `0x01${'00'.repeat(11)}${this.poolAddress.slice(2)}`,
        slashed: false,
        activationEligibilityEpoch: 0n,
        activationEpoch: 1n,
        exitEpoch: null,
        withdrawableEpoch: null,
      });
    }
    return out;
  }
  async getPendingValidators() {
    return [];
  }
  async getQueues() {
    const validators = await this.getValidators([...this.validators.keys()]);
    return {
      headSlot: this.headSlot,
      finalizedEpoch: this.headSlot / 8n - 2n,
      validators: validators.sort((a, b) => (a.index < b.index ? -1 : 1)),
      // No deposit queue is modelled: none is told as having left it.
      pendingDeposits: [],
      pendingDepositsServed: false,
      pendingPartialWithdrawals: [],
      pendingConsolidations: [],
      headWithdrawals: null,
    };
  }
  async getValidatorBalances() {
    return new Map<bigint, bigint>();
  }
  async getPendingPartialWithdrawals() {
    return [];
  }
  async getPendingConsolidations() {
    return [];
  }
  async getTotalActiveBalance() {
    return 32_000_000_000n * BigInt(Math.max(this.validators.size, 1));
  }
  async submitVoluntaryExit(exit: {
    message: { epoch: string; validator_index: string };
    signature: string;
  }) {
    if (this.refuseExits)
      throw new BeaconApiError(400, `Invalid voluntary exit: ${this.refuseExits}`, '/exits');
    this.exits.push(exit);
    for (const v of this.validators.values())
      if (v.index === BigInt(exit.message.validator_index)) v.status = 'active_exiting';
  }
  async getRewards(ids: readonly string[]) {
    return [...this.validators.values()]
      .filter((v) => ids.includes(v.index.toString()))
      .map((v) => ({
        validatorIndex: v.index,
        consensusGwei: 0n,
        executionFeesGwei: v.feesGwei,
        mevGwei: 0n,
        proposals: [],
        withdrawals: v.sweptGwei
          ? [{ slot: 1n, epoch: 1n, address: this.poolAddress, amountGwei: v.sweptGwei }]
          : [],
      }));
  }
}
