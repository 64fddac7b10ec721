// The dev beacon chain's state, derived without I/O from what chain 88 recorded (deposit events,
// included voluntary exits) and a slot. Same facts and slot, same state: nothing is stored.
import {
  DEPOSIT_PROCESSING_DELAY_SECONDS,
  EFFECTIVE_BALANCE_INCREMENT,
  EPOCH_REWARD_GWEI,
  EXECUTION_FEES_PER_PROPOSAL_GWEI,
  FAR_FUTURE_EPOCH,
  MAX_EFFECTIVE_BALANCE_ELECTRA,
  MAX_SEED_LOOKAHEAD,
  MEV_PER_PROPOSAL_GWEI,
  MIN_ACTIVATION_BALANCE,
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY,
  PROPOSAL_INTERVAL_SLOTS,
  PROPOSAL_OFFSET_STEP,
  SECONDS_PER_SLOT,
  SHARD_COMMITTEE_PERIOD,
  SLOTS_PER_EPOCH,
  WITHDRAWAL_SWEEP_EPOCHS,
  WITHDRAWAL_SWEEP_OFFSET_STEP,
} from './config.ts';

/** A DepositEvent as chain 88 logged it. */
export interface DepositRecord {
  /** 0x-prefixed lower-case 48-byte pubkey. */
  pubkey: string;
  withdrawalCredentials: string;
  amountGwei: bigint;
  signature: string;
  /** Whether the deposit signature verifies for payd-devnet (only matters for a new pubkey). */
  signatureValid: boolean;
  /** Timestamp (seconds) of the block that logged it. */
  time: bigint;
  blockNumber: bigint;
  txHash: string;
}

/** A signed voluntary exit that the exit pool included on chain 88. */
export interface ExitRecord {
  validatorIndex: bigint;
  epoch: bigint;
  signature: string;
  /** Timestamp (seconds) of the block that included it. */
  time: bigint;
  blockNumber: bigint;
  txHash: string;
}

/** Everything the beacon state is derived from. */
export interface ChainFacts {
  /** Beacon genesis time in seconds (chain 88's genesis block timestamp). */
  genesisTime: bigint;
  /** In log order. */
  deposits: readonly DepositRecord[];
  /** In inclusion order. */
  exits: readonly ExitRecord[];
  /** Checks an exit's BLS signature against a validator's pubkey (callers cache it). */
  isValidExitSignature(exit: ExitRecord, pubkey: string): boolean;
}

export type ValidatorStatus =
  | 'pending_initialized'
  | 'pending_queued'
  | 'active_ongoing'
  | 'active_exiting'
  | 'active_slashed'
  | 'exited_unslashed'
  | 'exited_slashed'
  | 'withdrawal_possible'
  | 'withdrawal_done';

/** A sweep payment to the withdrawal address. */
export interface Withdrawal {
  /** Position in the chain's withdrawal order: by slot, then validator index (WithdrawalIndex). */
  index: bigint;
  validatorIndex: bigint;
  epoch: bigint;
  slot: bigint;
  amountGwei: bigint;
  /** 0x-prefixed execution address from the 0x01 credentials. */
  address: string;
}

/** A block the validator proposed, with what its fee recipient earned. */
export interface Proposal {
  slot: bigint;
  epoch: bigint;
  executionFeesGwei: bigint;
  mevGwei: bigint;
}

/** A validator as the registry holds it at one slot. */
export interface Validator {
  index: bigint;
  pubkey: string;
  withdrawalCredentials: string;
  status: ValidatorStatus;
  balance: bigint;
  effectiveBalance: bigint;
  slashed: boolean;
  activationEligibilityEpoch: bigint;
  activationEpoch: bigint;
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
}

/** The lifetime of a validator, independent of the slot it is looked at. */
interface Lifetime {
  index: bigint;
  pubkey: string;
  withdrawalCredentials: string;
  deposits: { time: bigint; amountGwei: bigint }[];
  /** When the deposits first reached 32 ETH; null while they have not. */
  eligibilityEpoch: bigint | null;
  exit: { includedEpoch: bigint; exitEpoch: bigint; withdrawableEpoch: bigint; time: bigint } | null;
}

export const epochOfSlot = (slot: bigint): bigint => slot / SLOTS_PER_EPOCH;
export const startSlotOfEpoch = (epoch: bigint): bigint => epoch * SLOTS_PER_EPOCH;

/** The slot at `time` (seconds); 0 before genesis. */
export function slotAt(genesisTime: bigint, time: bigint): bigint {
  return time <= genesisTime ? 0n : (time - genesisTime) / SECONDS_PER_SLOT;
}

export function slotTime(genesisTime: bigint, slot: bigint): bigint {
  return genesisTime + slot * SECONDS_PER_SLOT;
}

/** compute_activation_exit_epoch. */
const activationExitEpoch = (epoch: bigint) => epoch + 1n + MAX_SEED_LOOKAHEAD;

const hasExecutionCredentials = (wc: string) => wc.startsWith('0x01') || wc.startsWith('0x02');

/**
 * get_max_effective_balance (electra): 2048 ETH for compounding (0x02) credentials, 32 ETH for the
 * others; the sweep pays what is above it. (Issue 25's first step: 0x02 deposits and amounts other
 * than 32 ETH work; pending_deposits, the churn in ETH and hysteresis are not modelled yet.)
 */
export const maxEffectiveBalanceOf = (wc: string): bigint =>
  wc.startsWith('0x02') ? MAX_EFFECTIVE_BALANCE_ELECTRA : MIN_ACTIVATION_BALANCE;

/** The beacon chain's view at `slot`: the registry (by index) with each validator's lifetime. */
export class BeaconState {
  readonly slot: bigint;
  readonly epoch: bigint;
  /** Chain time (seconds) the state is taken at: what chain 88 logged by then is in it. */
  readonly asOf: bigint;
  private readonly facts: ChainFacts;
  private readonly lifetimes: Lifetime[];
  private readonly sweepCache = new Map<Lifetime, Omit<Withdrawal, 'index'>[]>();
  private ordered: { all: Withdrawal[]; byValidator: Map<bigint, Withdrawal[]> } | null = null;
  private readonly byPubkey = new Map<string, Lifetime>();

  /**
   * `asOf` defaults to the slot's start; the head state is taken at the chain clock's time, so a
   * deposit or an exit shows from the moment its block is mined rather than from the next slot.
   */
  constructor(facts: ChainFacts, slot: bigint, asOf?: bigint) {
    this.facts = facts;
    this.slot = slot;
    this.epoch = epochOfSlot(slot);
    this.asOf = asOf ?? slotTime(facts.genesisTime, slot);
    this.lifetimes = this.buildRegistry();
  }

  get validatorCount(): number {
    return this.lifetimes.length;
  }

  /** Every validator, by index. */
  validators(): Validator[] {
    return this.lifetimes.map((l) => this.validatorOf(l));
  }

  /** A validator by index (decimal) or pubkey (0x hex); undefined when the chain has none. */
  find(id: string): Validator | undefined {
    const life = this.lifetimeOf(id);
    return life && this.validatorOf(life);
  }

  /** The withdrawals paid to validator `id` in epochs [fromEpoch, toEpoch). */
  withdrawals(id: string, fromEpoch: bigint, toEpoch: bigint): Withdrawal[] {
    const life = this.lifetimeOf(id);
    if (!life) return [];
    const mine = this.allWithdrawals().byValidator.get(life.index) ?? [];
    return mine.filter((w) => w.epoch >= fromEpoch && w.epoch < toEpoch);
  }

  /** Every withdrawal the sweep made up to this slot, in the chain's order, numbered from 0. */
  withdrawalsInOrder(): readonly Withdrawal[] {
    return this.allWithdrawals().all;
  }

  private allWithdrawals(): { all: Withdrawal[]; byValidator: Map<bigint, Withdrawal[]> } {
    if (this.ordered) return this.ordered;
    const swept = this.lifetimes.flatMap((l) => this.sweeps(l));
    // Later validators' sweeps never land before a slot already swept: the order is stable.
    swept.sort((a, b) =>
      a.slot !== b.slot ? (a.slot < b.slot ? -1 : 1) : a.validatorIndex < b.validatorIndex ? -1 : 1,
    );
    const all = swept.map((w, i) => ({ ...w, index: BigInt(i) }));
    const byValidator = new Map<bigint, Withdrawal[]>();
    for (const w of all) {
      const list = byValidator.get(w.validatorIndex);
      if (list) list.push(w);
      else byValidator.set(w.validatorIndex, [w]);
    }
    return (this.ordered = { all, byValidator });
  }

  /** Attestation rewards of validator `id` for epochs [fromEpoch, toEpoch) that have ended. */
  consensusRewards(id: string, fromEpoch: bigint, toEpoch: bigint): bigint {
    const life = this.lifetimeOf(id);
    if (!life) return 0n;
    const [start, end] = this.dutyEpochs(life);
    const from = fromEpoch > start ? fromEpoch : start;
    const until = [toEpoch, end, this.epoch].reduce((a, b) => (a < b ? a : b));
    return until > from ? (until - from) * EPOCH_REWARD_GWEI : 0n;
  }

  /** Whether validator `id` earned attestation rewards in `epoch` (which must have ended). */
  attestedIn(id: string, epoch: bigint): boolean {
    return this.consensusRewards(id, epoch, epoch + 1n) > 0n;
  }

  /** The blocks validator `id` proposed in epochs [fromEpoch, toEpoch), up to this slot. */
  proposals(id: string, fromEpoch: bigint, toEpoch: bigint): Proposal[] {
    const life = this.lifetimeOf(id);
    if (!life) return [];
    const [start, end] = this.dutyEpochs(life);
    const firstSlot = startSlotOfEpoch(fromEpoch > start ? fromEpoch : start);
    const endEpoch = toEpoch < end ? toEpoch : end;
    const lastSlot =
      startSlotOfEpoch(endEpoch) - 1n < this.slot ? startSlotOfEpoch(endEpoch) - 1n : this.slot;
    const offset = (life.index * PROPOSAL_OFFSET_STEP) % PROPOSAL_INTERVAL_SLOTS;
    const found: Proposal[] = [];
    // First slot >= firstSlot with (slot + offset) % interval == 0.
    let slot =
      firstSlot +
      ((PROPOSAL_INTERVAL_SLOTS - ((firstSlot + offset) % PROPOSAL_INTERVAL_SLOTS)) %
        PROPOSAL_INTERVAL_SLOTS);
    for (; slot <= lastSlot; slot += PROPOSAL_INTERVAL_SLOTS)
      found.push({
        slot,
        epoch: epochOfSlot(slot),
        executionFeesGwei: EXECUTION_FEES_PER_PROPOSAL_GWEI,
        mevGwei: MEV_PER_PROPOSAL_GWEI,
      });
    return found;
  }

  /** The active validator that proposes at `slot`, if any. */
  proposerAt(slot: bigint): Validator | undefined {
    for (const life of this.lifetimes) {
      const [start, end] = this.dutyEpochs(life);
      const epoch = epochOfSlot(slot);
      if (epoch < start || epoch >= end) continue;
      if ((slot + life.index * PROPOSAL_OFFSET_STEP) % PROPOSAL_INTERVAL_SLOTS === 0n)
        return this.validatorOf(life);
    }
    return undefined;
  }

  private lifetimeOf(id: string): Lifetime | undefined {
    if (/^\d+$/.test(id)) return this.lifetimes[Number(id)];
    return this.byPubkey.get(id.toLowerCase());
  }

  /** Deposits in log order make validators (index by order); exits are applied where valid. */
  private buildRegistry(): Lifetime[] {
    const now = this.asOf;
    const registry: Lifetime[] = [];
    const byPubkey = this.byPubkey;
    for (const d of this.facts.deposits) {
      if (d.time > now) break;
      let life = byPubkey.get(d.pubkey);
      if (!life) {
        // process_deposit: a new validator needs a valid signature; an invalid one is ignored.
        if (!d.signatureValid) continue;
        life = {
          index: BigInt(registry.length),
          pubkey: d.pubkey,
          withdrawalCredentials: d.withdrawalCredentials,
          deposits: [],
          eligibilityEpoch: null,
          exit: null,
        };
        registry.push(life);
        byPubkey.set(d.pubkey, life);
      }
      life.deposits.push({ time: d.time, amountGwei: d.amountGwei });
      const total = life.deposits.reduce((sum, x) => sum + x.amountGwei, 0n);
      if (life.eligibilityEpoch === null && total >= MIN_ACTIVATION_BALANCE) {
        const processed = slotAt(this.facts.genesisTime, d.time + DEPOSIT_PROCESSING_DELAY_SECONDS);
        life.eligibilityEpoch = epochOfSlot(processed) + 1n;
      }
    }
    for (const exit of this.facts.exits) {
      if (exit.time > now) break;
      const life = registry[Number(exit.validatorIndex)];
      if (!life || life.exit || life.eligibilityEpoch === null) continue;
      const included = epochOfSlot(slotAt(this.facts.genesisTime, exit.time));
      const activation = activationExitEpoch(life.eligibilityEpoch);
      // process_voluntary_exit: active, not exiting, exit epoch reached, served long enough, signed.
      if (included < activation + SHARD_COMMITTEE_PERIOD || exit.epoch > included) continue;
      if (!this.facts.isValidExitSignature(exit, life.pubkey)) continue;
      const exitEpoch = activationExitEpoch(included);
      life.exit = {
        includedEpoch: included,
        exitEpoch,
        withdrawableEpoch: exitEpoch + MIN_VALIDATOR_WITHDRAWABILITY_DELAY,
        time: exit.time,
      };
    }
    return registry;
  }

  /** [activation epoch, exit epoch) of a validator; empty when it is not activated yet. */
  private dutyEpochs(life: Lifetime): [bigint, bigint] {
    if (life.eligibilityEpoch === null || life.eligibilityEpoch > this.epoch) return [0n, 0n];
    return [activationExitEpoch(life.eligibilityEpoch), life.exit?.exitEpoch ?? FAR_FUTURE_EPOCH];
  }

  private deposited(life: Lifetime, time: bigint): bigint {
    return life.deposits.reduce((sum, d) => (d.time <= time ? sum + d.amountGwei : sum), 0n);
  }

  /** Balance before any withdrawal: deposits made by `slot` plus rewards of the epochs before it. */
  private grossBalance(life: Lifetime, slot: bigint): bigint {
    const [start, end] = this.dutyEpochs(life);
    const epoch = epochOfSlot(slot);
    const until = epoch < end ? epoch : end;
    const rewards = until > start ? (until - start) * EPOCH_REWARD_GWEI : 0n;
    const time = slot === this.slot ? this.asOf : slotTime(this.facts.genesisTime, slot);
    return this.deposited(life, time) + rewards;
  }

  /** The sweep's payments up to this slot: the excess over the maximum effective balance, everything once withdrawable. */
  private sweeps(life: Lifetime): Omit<Withdrawal, 'index'>[] {
    let payments = this.sweepCache.get(life);
    if (!payments) this.sweepCache.set(life, (payments = this.computeSweeps(life)));
    return payments;
  }

  private computeSweeps(life: Lifetime): Omit<Withdrawal, 'index'>[] {
    // Activation epochs are at least 6, so 0 means not activated yet.
    const [start] = this.dutyEpochs(life);
    if (start === 0n || start > this.epoch || !hasExecutionCredentials(life.withdrawalCredentials)) return [];
    const address = `0x${life.withdrawalCredentials.slice(-40)}`;
    const offset = (life.index * WITHDRAWAL_SWEEP_OFFSET_STEP) % WITHDRAWAL_SWEEP_EPOCHS;
    const payments: Omit<Withdrawal, 'index'>[] = [];
    let paid = 0n;
    let epoch =
      start +
      ((WITHDRAWAL_SWEEP_EPOCHS - ((start + offset) % WITHDRAWAL_SWEEP_EPOCHS)) % WITHDRAWAL_SWEEP_EPOCHS);
    for (; epoch <= this.epoch; epoch += WITHDRAWAL_SWEEP_EPOCHS) {
      const slot = startSlotOfEpoch(epoch);
      const balance = this.grossBalance(life, slot) - paid;
      const withdrawable = life.exit !== null && epoch >= life.exit.withdrawableEpoch;
      const amount = withdrawable ? balance : balance - maxEffectiveBalanceOf(life.withdrawalCredentials);
      if (amount > 0n) {
        payments.push({ validatorIndex: life.index, epoch, slot, amountGwei: amount, address });
        paid += amount;
      }
    }
    return payments;
  }

  private validatorOf(life: Lifetime): Validator {
    const paid = this.sweeps(life).reduce((sum, w) => sum + w.amountGwei, 0n);
    const balance = this.grossBalance(life, this.slot) - paid;
    const eligible = life.eligibilityEpoch !== null && life.eligibilityEpoch <= this.epoch;
    const activationEligibilityEpoch = eligible ? life.eligibilityEpoch! : FAR_FUTURE_EPOCH;
    const activationEpoch = eligible ? activationExitEpoch(life.eligibilityEpoch!) : FAR_FUTURE_EPOCH;
    const exitEpoch = life.exit?.exitEpoch ?? FAR_FUTURE_EPOCH;
    const withdrawableEpoch = life.exit?.withdrawableEpoch ?? FAR_FUTURE_EPOCH;
    const effective = balance - (balance % EFFECTIVE_BALANCE_INCREMENT);
    const maxOf = maxEffectiveBalanceOf(life.withdrawalCredentials);
    return {
      index: life.index,
      pubkey: life.pubkey,
      withdrawalCredentials: life.withdrawalCredentials,
      status: statusOf(
        this.epoch,
        activationEligibilityEpoch,
        activationEpoch,
        exitEpoch,
        withdrawableEpoch,
        balance,
      ),
      balance,
      effectiveBalance: effective < maxOf ? effective : maxOf,
      slashed: false,
      activationEligibilityEpoch,
      activationEpoch,
      exitEpoch,
      withdrawableEpoch,
    };
  }
}

/** The Beacon API's validator status (consensus-specs validator states, unslashed). */
export function statusOf(
  epoch: bigint,
  activationEligibilityEpoch: bigint,
  activationEpoch: bigint,
  exitEpoch: bigint,
  withdrawableEpoch: bigint,
  balance: bigint,
): ValidatorStatus {
  if (activationEpoch > epoch)
    return activationEligibilityEpoch === FAR_FUTURE_EPOCH ? 'pending_initialized' : 'pending_queued';
  if (epoch < exitEpoch) return exitEpoch === FAR_FUTURE_EPOCH ? 'active_ongoing' : 'active_exiting';
  if (epoch < withdrawableEpoch) return 'exited_unslashed';
  return balance === 0n ? 'withdrawal_done' : 'withdrawal_possible';
}
