// The dev beacon chain's state, derived without I/O from what chain 88 recorded (deposit events,
// included voluntary exits, EIP-7002/7251 requests) and a slot, by running the Electra rules
// (devChain.ts). Same facts and slot, same state: nothing is stored.
import type { PendingConsolidation, PendingDeposit, PendingPartialWithdrawal } from '@payd/consensus';
import { DevChain, segmentAttestationRewards, segmentReward, type SimState } from './devChain.ts';
import { voluntaryExitError } from './electra/epoch.ts';
import type { ConsolidationRequest, WithdrawalRequest } from './electra/requests.ts';
import {
  EXECUTION_FEES_PER_PROPOSAL_GWEI,
  FAR_FUTURE_EPOCH,
  MEV_PER_PROPOSAL_GWEI,
  PROPOSAL_INTERVAL_SLOTS,
  PROPOSAL_OFFSET_STEP,
  SECONDS_PER_SLOT,
  SLOTS_PER_EPOCH,
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

/** An EIP-7002 withdrawal request or an EIP-7251 consolidation request of a chain-88 block. */
export type RequestRecord = (WithdrawalRequest | ConsolidationRequest) & {
  /** Timestamp (seconds) of the block whose system call dequeued it. */
  time: bigint;
  blockNumber: bigint;
};

/** A validator stopped or started again with the dev offline switch (offlineSwitch.ts). */
export interface OfflineRecord {
  validatorIndex: bigint;
  offline: boolean;
  /** Timestamp (seconds) of the block that logged it. */
  time: bigint;
  blockNumber: bigint;
}

/** Everything the beacon state is derived from. */
export interface ChainFacts {
  /** Beacon genesis time in seconds (chain 88's genesis block timestamp). */
  genesisTime: bigint;
  /** In log order. */
  deposits: readonly DepositRecord[];
  /** In inclusion order. */
  exits: readonly ExitRecord[];
  /** Execution-layer requests in block order, withdrawals before consolidations within a block. */
  requests?: readonly RequestRecord[];
  /** Validators stopped or started with the dev offline switch, in block order. */
  offline?: readonly OfflineRecord[];
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

export const epochOfSlot = (slot: bigint): bigint => slot / SLOTS_PER_EPOCH;
export const startSlotOfEpoch = (epoch: bigint): bigint => epoch * SLOTS_PER_EPOCH;

/** The slot at `time` (seconds); 0 before genesis. */
export function slotAt(genesisTime: bigint, time: bigint): bigint {
  return time <= genesisTime ? 0n : (time - genesisTime) / SECONDS_PER_SLOT;
}

export function slotTime(genesisTime: bigint, slot: bigint): bigint {
  return genesisTime + slot * SECONDS_PER_SLOT;
}

/** One DevChain per chain (per deposit list: a reorg or a new chain makes a new list). */
const chains = new WeakMap<readonly DepositRecord[], DevChain>();
function chainOf(facts: ChainFacts): DevChain {
  const known = chains.get(facts.deposits);
  if (known) {
    known.update(facts);
    return known;
  }
  const chain = new DevChain(facts);
  chains.set(facts.deposits, chain);
  return chain;
}

/** The beacon chain's view at `slot`: the registry (by index), balances, queues and history. */
export class BeaconState {
  readonly slot: bigint;
  readonly epoch: bigint;
  /** Chain time (seconds) the state is taken at: what chain 88 logged by then is in it. */
  readonly asOf: bigint;
  private readonly sim: SimState;
  private ordered: { all: Withdrawal[]; byValidator: Map<bigint, Withdrawal[]> } | null = null;
  private byPubkey: Map<string, number> | null = null;

  /**
   * `asOf` defaults to the slot's start; the head state is taken at the chain clock's time, so a
   * deposit or an exit shows from the moment its block is mined rather than from the next slot.
   */
  constructor(facts: ChainFacts, slot: bigint, asOf?: bigint) {
    this.slot = slot;
    this.epoch = epochOfSlot(slot);
    this.asOf = asOf ?? slotTime(facts.genesisTime, slot);
    this.sim = chainOf(facts).at(slot, this.asOf);
  }

  get validatorCount(): number {
    return this.sim.state.validators.length;
  }

  /** Every validator, by index. */
  validators(): Validator[] {
    return this.sim.state.validators.map((_, i) => this.validatorAt(i));
  }

  /** A validator by index (decimal) or pubkey (0x hex); undefined when the chain has none. */
  find(id: string): Validator | undefined {
    const i = this.indexOf(id);
    return i === undefined ? undefined : this.validatorAt(i);
  }

  /** Why process_voluntary_exit would refuse an exit of validator `index` at `epoch` now (the signature aside); null if it would not. */
  voluntaryExitError(index: bigint, epoch: bigint): string | null {
    return voluntaryExitError(this.sim.state, index, epoch);
  }

  /** The deposits waiting in `pending_deposits`, in queue order. */
  pendingDeposits(): readonly PendingDeposit[] {
    return this.sim.state.pendingDeposits;
  }

  /** The partial withdrawals waiting in `pending_partial_withdrawals`, in queue order. */
  pendingPartialWithdrawals(): readonly PendingPartialWithdrawal[] {
    return this.sim.state.pendingPartialWithdrawals ?? [];
  }

  /** The consolidations waiting in `pending_consolidations`, in queue order. */
  pendingConsolidations(): readonly PendingConsolidation[] {
    return this.sim.state.pendingConsolidations ?? [];
  }

  /** The withdrawals paid to validator `id` in epochs [fromEpoch, toEpoch). */
  withdrawals(id: string, fromEpoch: bigint, toEpoch: bigint): Withdrawal[] {
    const i = this.indexOf(id);
    if (i === undefined) return [];
    const mine = this.allWithdrawals().byValidator.get(BigInt(i)) ?? [];
    return mine.filter((w) => w.epoch >= fromEpoch && w.epoch < toEpoch);
  }

  /** Every withdrawal made up to this slot, in the chain's order, numbered from 0. */
  withdrawalsInOrder(): readonly Withdrawal[] {
    return this.allWithdrawals().all;
  }

  private allWithdrawals(): { all: Withdrawal[]; byValidator: Map<bigint, Withdrawal[]> } {
    if (this.ordered) return this.ordered;
    // Recorded in the chain's order (by slot, partial withdrawals before the sweep, then index).
    const all = this.sim.withdrawals
      .filter((w) => w.slot <= this.slot)
      .map((w, i) => ({ ...w, index: BigInt(i) }));
    const byValidator = new Map<bigint, Withdrawal[]>();
    for (const w of all) {
      const list = byValidator.get(w.validatorIndex);
      if (list) list.push(w);
      else byValidator.set(w.validatorIndex, [w]);
    }
    return (this.ordered = { all, byValidator });
  }

  /** Whether validator `id` is stopped with the dev offline switch now. */
  isOffline(id: string): boolean {
    const i = this.indexOf(id);
    return i !== undefined && this.sim.offline.has(i);
  }

  /** Attestation rewards (net of penalties) of validator `id` for epochs [fromEpoch, toEpoch) that have ended. */
  consensusRewards(id: string, fromEpoch: bigint, toEpoch: bigint): bigint {
    const i = this.indexOf(id);
    if (i === undefined) return 0n;
    const segments = this.sim.rewards[i] ?? [];
    const until = toEpoch < this.sim.epoch ? toEpoch : this.sim.epoch;
    let total = 0n;
    segments.forEach((seg, k) => {
      const segEnd = segments[k + 1]?.epoch ?? this.sim.epoch;
      const a = seg.epoch > fromEpoch ? seg.epoch : fromEpoch;
      const b = segEnd < until ? segEnd : until;
      if (b > a) total += (b - a) * segmentReward(seg);
    });
    return total;
  }

  /** The attestation rewards validator `id` earned in `epoch` (which must have ended), by duty. */
  attestationRewards(id: string, epoch: bigint): { head: bigint; target: bigint; source: bigint } {
    const i = this.indexOf(id);
    const segments = i === undefined ? [] : (this.sim.rewards[i] ?? []);
    const seg = epoch < this.sim.epoch ? segments.filter((s) => s.epoch <= epoch).at(-1) : undefined;
    return segmentAttestationRewards(seg);
  }

  /** Whether validator `id` earned attestation rewards in `epoch` (which must have ended). */
  attestedIn(id: string, epoch: bigint): boolean {
    return this.consensusRewards(id, epoch, epoch + 1n) > 0n;
  }

  /** The blocks validator `id` proposed in epochs [fromEpoch, toEpoch), up to this slot. */
  proposals(id: string, fromEpoch: bigint, toEpoch: bigint): Proposal[] {
    const v = this.find(id);
    if (!v || v.activationEpoch > this.epoch) return [];
    const start = v.activationEpoch;
    const end = v.exitEpoch;
    const firstSlot = startSlotOfEpoch(fromEpoch > start ? fromEpoch : start);
    const endEpoch = toEpoch < end ? toEpoch : end;
    const lastSlot =
      startSlotOfEpoch(endEpoch) - 1n < this.slot ? startSlotOfEpoch(endEpoch) - 1n : this.slot;
    const offset = (v.index * PROPOSAL_OFFSET_STEP) % PROPOSAL_INTERVAL_SLOTS;
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
    const epoch = epochOfSlot(slot);
    return this.validators().find(
      (v) =>
        v.activationEpoch <= epoch &&
        epoch < v.exitEpoch &&
        (slot + v.index * PROPOSAL_OFFSET_STEP) % PROPOSAL_INTERVAL_SLOTS === 0n,
    );
  }

  private indexOf(id: string): number | undefined {
    const count = this.sim.state.validators.length;
    if (/^\d+$/.test(id)) return BigInt(id) < BigInt(count) ? Number(id) : undefined;
    this.byPubkey ??= new Map(this.sim.state.validators.map((v, i) => [v.pubkey.toLowerCase(), i]));
    return this.byPubkey.get(id.toLowerCase());
  }

  private validatorAt(i: number): Validator {
    const v = this.sim.state.validators[i]!;
    const balance = this.sim.state.balances[i]!;
    return {
      index: BigInt(i),
      pubkey: v.pubkey,
      withdrawalCredentials: v.withdrawalCredentials,
      status: statusOf(
        this.epoch,
        v.activationEligibilityEpoch,
        v.activationEpoch,
        v.exitEpoch,
        v.withdrawableEpoch,
        balance,
      ),
      balance,
      effectiveBalance: v.effectiveBalance,
      slashed: v.slashed ?? false,
      activationEligibilityEpoch: v.activationEligibilityEpoch,
      activationEpoch: v.activationEpoch,
      exitEpoch: v.exitEpoch,
      withdrawableEpoch: v.withdrawableEpoch,
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
