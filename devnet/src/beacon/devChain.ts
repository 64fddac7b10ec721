// The dev beacon chain run epoch by epoch with the Electra rules (electra/): what chain 88 logged
// (deposit requests, included voluntary exits, EIP-7002/7251 requests) enters the state at its
// block's slot; each epoch ends with rewards, process_registry_updates, process_pending_deposits,
// process_pending_consolidations and process_effective_balance_updates; each epoch's first slot pays
// the withdrawable pending partial withdrawals and the validators whose turn in the daily sweep it
// is. Runs are cached at epoch boundaries, so a head that moves on replays only the new epochs.
import {
  computeStartSlotAtEpoch,
  withdrawalAddressOf,
  type ElectraState,
  type PendingDeposit,
} from '@payd/consensus';
import type { ChainFacts, DepositRecord, ExitRecord, OfflineRecord, RequestRecord } from './beaconState.ts';
import {
  ATTESTATION_REWARD_GWEI,
  DEV_CONSENSUS_CONFIG,
  MIN_ACTIVATION_BALANCE,
  SECONDS_PER_SLOT,
  WITHDRAWAL_SWEEP_EPOCHS,
  WITHDRAWAL_SWEEP_OFFSET_STEP,
} from './config.ts';
import { processEffectiveBalanceUpdates } from './electra/effectiveBalance.ts';
import {
  processPendingConsolidations,
  processPendingPartialWithdrawals,
  processRegistryUpdates,
  processVoluntaryExit,
  sweepAmount,
} from './electra/epoch.ts';
import { processPendingDeposits } from './electra/pendingDeposits.ts';
import { processConsolidationRequest, processWithdrawalRequest } from './electra/requests.ts';

const SLOTS = DEV_CONSENSUS_CONFIG.SLOTS_PER_EPOCH;
/** Boundary states kept at most, the latest RECENT_CHECKPOINTS of them always (one every 64 epochs). */
const MAX_CHECKPOINTS = 128;
const RECENT_CHECKPOINTS = 32;

/** A sweep or partial-withdrawal payment, before it is numbered in the chain's order. */
export interface SimWithdrawal {
  validatorIndex: bigint;
  epoch: bigint;
  slot: bigint;
  amountGwei: bigint;
  address: string;
}

/**
 * From `epoch` on (until the next segment), a validator earns rewards for `increments` ETH effective
 * (0: none), or pays the penalties of missed attestations when it is `offline`.
 */
export interface RewardSegment {
  epoch: bigint;
  increments: bigint;
  offline?: boolean;
}

/** One thing chain 88 logged, in the order the beacon chain applies them. */
type Operation =
  | { kind: 0; time: bigint; block: bigint; deposit: DepositRecord }
  | { kind: 1; time: bigint; block: bigint; exit: ExitRecord }
  | { kind: 2; time: bigint; block: bigint; request: RequestRecord }
  | { kind: 3; time: bigint; block: bigint; offline: OfflineRecord };

/** The chain between two blocks: the Electra state plus what the dev chain records beside it. */
export interface SimState {
  state: ElectraState;
  /** Epochs before this one are processed; the state is at its first slot or within it. */
  epoch: bigint;
  /** How many operations (in `operations` order) are applied. */
  applied: number;
  rewards: RewardSegment[][];
  withdrawals: SimWithdrawal[];
  /** Validators (by index) stopped with the dev offline switch. */
  offline: Set<number>;
}

/** Attestation rewards of one epoch for `increments` ETH effective: 32 ETH earns ATTESTATION_REWARD_GWEI. */
export function attestationRewardsFor(increments: bigint): { head: bigint; target: bigint; source: bigint } {
  const full = MIN_ACTIVATION_BALANCE / DEV_CONSENSUS_CONFIG.EFFECTIVE_BALANCE_INCREMENT;
  return {
    head: (ATTESTATION_REWARD_GWEI.head * increments) / full,
    target: (ATTESTATION_REWARD_GWEI.target * increments) / full,
    source: (ATTESTATION_REWARD_GWEI.source * increments) / full,
  };
}

export const epochRewardFor = (increments: bigint): bigint => {
  const r = attestationRewardsFor(increments);
  return r.head + r.target + r.source;
};

/**
 * The attestation rewards of one epoch of `segment` by duty: a stopped validator misses all three
 * votes and pays the source and target penalties (Altair's rules: as much as the reward; no head penalty).
 */
export function segmentAttestationRewards(segment: RewardSegment | undefined): {
  head: bigint;
  target: bigint;
  source: bigint;
} {
  const r = attestationRewardsFor(segment?.increments ?? 0n);
  return segment?.offline ? { head: 0n, target: -r.target, source: -r.source } : r;
}

/** What one epoch of `segment` adds to the balance (negative when offline). */
export function segmentReward(segment: RewardSegment): bigint {
  const r = segmentAttestationRewards(segment);
  return r.head + r.target + r.source;
}

const cloneSim = (s: SimState): SimState => ({
  state: {
    ...s.state,
    validators: s.state.validators.map((v) => ({ ...v })),
    balances: [...s.state.balances],
    pendingDeposits: [...s.state.pendingDeposits],
    pendingPartialWithdrawals: [...(s.state.pendingPartialWithdrawals ?? [])],
    pendingConsolidations: [...(s.state.pendingConsolidations ?? [])],
  },
  epoch: s.epoch,
  applied: s.applied,
  rewards: s.rewards.map((r) => [...r]),
  withdrawals: [...s.withdrawals],
  offline: new Set(s.offline),
});

function genesis(): SimState {
  return {
    state: {
      slot: 0n,
      validators: [],
      balances: [],
      pendingDeposits: [],
      depositBalanceToConsume: 0n,
      finalizedEpoch: 0n,
      eth1DepositIndex: 0n,
      depositRequestsStartIndex: 0n,
      pendingPartialWithdrawals: [],
      pendingConsolidations: [],
      exitBalanceToConsume: 0n,
      earliestExitEpoch: 0n,
      consolidationBalanceToConsume: 0n,
      earliestConsolidationEpoch: 0n,
      config: DEV_CONSENSUS_CONFIG,
    },
    epoch: 0n,
    applied: 0,
    rewards: [],
    withdrawals: [],
    offline: new Set(),
  };
}

const compare = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
const depositKey = (d: Pick<PendingDeposit, 'pubkey' | 'withdrawalCredentials' | 'amount' | 'signature'>) =>
  [d.pubkey.toLowerCase(), d.withdrawalCredentials.toLowerCase(), d.amount, d.signature.toLowerCase()].join(
    ':',
  );

/** Runs ChainFacts forward with the Electra rules; one per chain (a new one after a reorg). */
export class DevChain {
  private facts: ChainFacts;
  private operations: Operation[] = [];
  private counts = [0, 0, 0, 0];
  /** Boundary states by epoch (every 64th, thinned out further back), each valid while no earlier fact is added. */
  private readonly checkpoints = new Map<bigint, SimState>();
  private latest: SimState = genesis();
  private validSignatures = new Set<string>();

  constructor(facts: ChainFacts) {
    this.facts = facts;
    this.update(facts);
  }

  /** Takes new facts of the same chain: states from before the earliest new fact stay cached. */
  update(facts: ChainFacts): void {
    const requests = facts.requests ?? [];
    const offline = facts.offline ?? [];
    const counts = [facts.deposits.length, facts.exits.length, requests.length, offline.length];
    const same = facts.deposits === this.facts.deposits && counts.every((n, i) => n >= this.counts[i]!);
    const added: Operation[] = [
      ...facts.deposits
        .slice(same ? this.counts[0] : 0)
        .map((d) => ({ kind: 0 as const, time: d.time, block: d.blockNumber, deposit: d })),
      ...facts.exits
        .slice(same ? this.counts[1] : 0)
        .map((e) => ({ kind: 1 as const, time: e.time, block: e.blockNumber, exit: e })),
      ...requests
        .slice(same ? this.counts[2] : 0)
        .map((r) => ({ kind: 2 as const, time: r.time, block: r.blockNumber, request: r })),
      ...offline
        .slice(same ? this.counts[3] : 0)
        .map((o) => ({ kind: 3 as const, time: o.time, block: o.blockNumber, offline: o })),
    ];
    for (const op of added)
      if (op.kind === 0 && op.deposit.signatureValid)
        this.validSignatures.add(depositKey({ ...op.deposit, amount: op.deposit.amountGwei }));
    this.facts = facts;
    this.counts = counts;
    if (!same) {
      this.operations = [];
      this.checkpoints.clear();
      this.latest = genesis();
    }
    if (added.length === 0) return;
    // Stable: same time and block keep deposits, then exits, then requests, then switches, each in log order.
    this.operations = [...this.operations, ...added].sort(
      (a, b) => compare(a.time, b.time) || compare(a.block, b.block) || a.kind - b.kind,
    );
    const earliest = added.reduce((t, op) => (op.time < t ? op.time : t), added[0]!.time);
    const stale = (s: SimState) =>
      this.slotStart(computeStartSlotAtEpoch(s.epoch, DEV_CONSENSUS_CONFIG)) > earliest;
    for (const [epoch, s] of this.checkpoints) if (stale(s)) this.checkpoints.delete(epoch);
    if (stale(this.latest)) this.latest = this.bestCheckpoint(this.latest.epoch);
  }

  /** The chain at `slot`, with what was logged up to chain time `asOf` (at or after the slot's start). */
  at(slot: bigint, asOf: bigint): SimState {
    const epoch = slot / SLOTS;
    const from = this.latest.epoch <= epoch ? this.latest : this.bestCheckpoint(epoch);
    const sim = cloneSim(from);
    while (sim.epoch < epoch) {
      this.endEpoch(sim);
      if (sim.epoch % 64n === 0n) this.keepCheckpoint(sim);
    }
    if (sim.epoch >= this.latest.epoch) this.latest = cloneSim(sim);
    this.applyOperations(sim, asOf);
    sim.state.slot = slot;
    sim.state.finalizedEpoch = epoch >= 2n ? epoch - 2n : 0n;
    return sim;
  }

  /** Keeps a boundary state; past MAX_CHECKPOINTS, every other one of the older ones goes (memory stays bounded). */
  private keepCheckpoint(sim: SimState): void {
    this.checkpoints.set(sim.epoch, cloneSim(sim));
    if (this.checkpoints.size <= MAX_CHECKPOINTS) return;
    const epochs = [...this.checkpoints.keys()].sort((a, b) => (a < b ? -1 : 1));
    epochs.slice(0, -RECENT_CHECKPOINTS).forEach((epoch, i) => i % 2 === 1 && this.checkpoints.delete(epoch));
  }

  private bestCheckpoint(epoch: bigint): SimState {
    let best = genesis();
    for (const s of this.checkpoints.values()) if (s.epoch <= epoch && s.epoch > best.epoch) best = s;
    return best;
  }

  private slotStart(slot: bigint): bigint {
    return this.facts.genesisTime + slot * SECONDS_PER_SLOT;
  }

  private slotAt(time: bigint): bigint {
    return time <= this.facts.genesisTime ? 0n : (time - this.facts.genesisTime) / SECONDS_PER_SLOT;
  }

  /** Applies the operations logged at or before `until` (in their blocks' slots). */
  private applyOperations(sim: SimState, until: bigint): void {
    for (; sim.applied < this.operations.length; sim.applied++) {
      const op = this.operations[sim.applied]!;
      if (op.time > until) return;
      sim.state.slot = this.slotAt(op.time);
      this.apply(sim, op);
    }
  }

  private apply(sim: SimState, op: Operation): void {
    const state = sim.state;
    if (op.kind === 0) {
      const d = op.deposit;
      // process_deposit_request: every deposit of the contract is queued (EIP-6110).
      state.pendingDeposits.push({
        pubkey: d.pubkey,
        withdrawalCredentials: d.withdrawalCredentials,
        amount: d.amountGwei,
        signature: d.signature,
        slot: state.slot,
      });
    } else if (op.kind === 1) {
      const e = op.exit;
      const validator = state.validators[Number(e.validatorIndex)];
      if (!validator || !this.facts.isValidExitSignature(e, validator.pubkey)) return;
      processVoluntaryExit(state, e.validatorIndex, e.epoch);
    } else if (op.kind === 3) {
      const i = Number(op.offline.validatorIndex);
      if (op.offline.offline) sim.offline.add(i);
      else sim.offline.delete(i);
    } else if ('validatorPubkey' in op.request) processWithdrawalRequest(state, op.request);
    else processConsolidationRequest(state, op.request);
  }

  /** Ends `sim.epoch`: its remaining operations, the epoch processing, then the next epoch's first slot. */
  private endEpoch(sim: SimState): void {
    const state = sim.state;
    const next = sim.epoch + 1n;
    this.applyOperations(sim, this.slotStart(computeStartSlotAtEpoch(next, DEV_CONSENSUS_CONFIG)) - 1n);
    state.slot = computeStartSlotAtEpoch(next, DEV_CONSENSUS_CONFIG) - 1n;
    // Justification of a healthy chain: at the end of epoch E the checkpoint of E - 1 is finalized.
    state.finalizedEpoch = sim.epoch >= 1n ? sim.epoch - 1n : 0n;
    this.processRewards(sim);
    processRegistryUpdates(state);
    processPendingDeposits(state, (d) => this.validSignatures.has(depositKey(d)));
    processPendingConsolidations(state);
    processEffectiveBalanceUpdates(state);
    state.slot = computeStartSlotAtEpoch(next, DEV_CONSENSUS_CONFIG);
    sim.epoch = next;
    this.processWithdrawals(sim);
  }

  /**
   * Every validator active in the epoch earns its attestation rewards, but one stopped with the dev
   * offline switch, which misses its duties and pays their penalties.
   */
  private processRewards(sim: SimState): void {
    const { state, epoch } = sim;
    state.validators.forEach((v, i) => {
      const active = v.activationEpoch <= epoch && epoch < v.exitEpoch;
      const increments = active ? v.effectiveBalance / DEV_CONSENSUS_CONFIG.EFFECTIVE_BALANCE_INCREMENT : 0n;
      const offline = active && sim.offline.has(i);
      const segments = (sim.rewards[i] ??= []);
      const last = segments.at(-1);
      if ((last?.increments ?? 0n) !== increments || (last?.offline ?? false) !== offline)
        segments.push(offline ? { epoch, increments, offline } : { epoch, increments });
      const reward = segmentReward({ epoch, increments, offline });
      state.balances[i] = state.balances[i]! + reward > 0n ? state.balances[i]! + reward : 0n;
    });
  }

  /** The epoch's first slot: pending partial withdrawals, then the validators the daily sweep visits. */
  private processWithdrawals(sim: SimState): void {
    const { state, epoch } = sim;
    const slot = state.slot;
    for (const w of processPendingPartialWithdrawals(state))
      sim.withdrawals.push({
        validatorIndex: w.validatorIndex,
        epoch,
        slot,
        amountGwei: w.amount,
        address: withdrawalAddressOf(state.validators[Number(w.validatorIndex)]!),
      });
    state.validators.forEach((v, i) => {
      const offset = (BigInt(i) * WITHDRAWAL_SWEEP_OFFSET_STEP) % WITHDRAWAL_SWEEP_EPOCHS;
      if ((epoch + offset) % WITHDRAWAL_SWEEP_EPOCHS !== 0n) return;
      const amount = sweepAmount(state, i);
      if (amount === 0n) return;
      state.balances[i] = state.balances[i]! - amount;
      sim.withdrawals.push({
        validatorIndex: BigInt(i),
        epoch,
        slot,
        amountGwei: amount,
        address: withdrawalAddressOf(v),
      });
    });
  }
}
