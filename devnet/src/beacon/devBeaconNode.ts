// The dev beacon node's behaviour, without HTTP: resolving state ids against the chain clock,
// answering with derived states, and accepting signed voluntary exits after the checks of
// process_voluntary_exit of Electra (the accepted ones go to the exit pool on chain 88).
import { verifyVoluntaryExit, type SignedVoluntaryExit } from '@payd/validator-keys';
import type { Address, Hex, PublicClient } from 'viem';
import { processExecutionRequests } from '../chain/executionRequests.ts';
import { BeaconState, slotAt, startSlotOfEpoch, type ChainFacts } from './beaconState.ts';
import { ChainView } from './chainView.ts';
import { FAR_FUTURE_EPOCH } from './config.ts';
import { includeExit } from './exitPool.ts';
import { sendSwitch } from './offlineSwitch.ts';
import {
  ExecutionRewardPayer,
  executionRewardKey,
  executionRewardsDue,
  type PaidExecutionReward,
} from './executionRewards.ts';
import { SignatureCache } from './signatureCache.ts';
import { WithdrawalPayer, type PaidWithdrawal, type WithdrawalRecord } from './withdrawalPool.ts';

/** A request the Beacon API answers with an error code and message. */
export class BeaconApiError extends Error {
  override name = 'BeaconApiError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export interface DevBeaconNodeOptions {
  client: PublicClient;
  /** JSON-RPC URL of chain 88 (exits are sent there). */
  rpcUrl: string;
  depositContract: Address;
  /** Where BLS check results are cached (`<data dir>/beacon/signature-checks.json`); memory only if absent. */
  signatureCacheFile?: string;
}

/** A state with whether it is at or before the finalized checkpoint. */
export interface ResolvedState {
  state: BeaconState;
  finalized: boolean;
  head: BeaconState;
}

export class DevBeaconNode {
  readonly depositContract: Address;
  private readonly view: ChainView;
  private readonly client: PublicClient;
  private readonly rpcUrl: string;
  private cache: { key: string; state: BeaconState } | null = null;
  private exitQueue: Promise<unknown> = Promise.resolve();
  private readonly signatures: SignatureCache;
  private readonly payer: WithdrawalPayer;
  private paying: Promise<number> | null = null;
  private readonly executionPayer: ExecutionRewardPayer;
  /** Execution-reward payments run one after another; each reads what is due when it starts. */
  private executionQueue: Promise<unknown> = Promise.resolve();
  private executionRuns = 0;
  private requestQueue: Promise<unknown> = Promise.resolve();
  private requestRuns = 0;

  constructor(options: DevBeaconNodeOptions) {
    this.client = options.client;
    this.rpcUrl = options.rpcUrl;
    this.depositContract = options.depositContract;
    this.signatures = new SignatureCache(options.signatureCacheFile);
    this.view = new ChainView(options.client, options.depositContract, this.signatures);
    this.payer = new WithdrawalPayer(options.client, options.rpcUrl);
    this.executionPayer = new ExecutionRewardPayer(options.client, options.rpcUrl);
  }

  /** The execution-layer rewards paid on chain 88 so far, by `executionRewardKey`. */
  async paidExecutionRewards(): Promise<Map<string, PaidExecutionReward>> {
    const snap = await this.view.snapshot();
    return new Map(snap.paidExecutionRewards.map((r) => [executionRewardKey(r), r]));
  }

  /**
   * Pays into chain 88 the execution-layer rewards (fees and MEV) of every ended slot's proposal
   * that chain 88 does not hold yet, to the proposer's fee recipient (at most `max` a call);
   * resolves with how many it paid. Calls queue, so one that resolves has paid what was due when
   * it was made.
   */
  payExecutionRewards(max = Number.MAX_SAFE_INTEGER): Promise<number> {
    this.executionRuns++;
    const run = this.executionQueue
      .then(async () => {
        const [head, paid] = await Promise.all([this.head(), this.paidExecutionRewards()]);
        return this.executionPayer.payMissing(executionRewardsDue(head), new Set(paid.keys()), max);
      })
      .finally(() => this.executionRuns--);
    this.executionQueue = run.catch(() => undefined);
    return run;
  }

  /** Whether an execution-reward payment is under way or queued (the node's timer then waits). */
  get payingExecutionRewards(): boolean {
    return this.executionRuns > 0;
  }

  /** The withdrawals paid on chain 88 so far, by `withdrawalKey`. */
  async paidWithdrawals(): Promise<Map<string, PaidWithdrawal>> {
    const snap = await this.view.snapshot();
    return new Map(snap.paidWithdrawals.map((w) => [withdrawalKey(w), w]));
  }

  /**
   * Pays into chain 88 every withdrawal of an ended slot that is not paid there yet, in the
   * chain's withdrawal order (at most `max` a call); resolves with how many it paid. What counts
   * as paid is read back from chain 88, so a withdrawal is paid once, across restarts too.
   */
  payWithdrawals(max = 64): Promise<number> {
    this.paying ??= this.payDue(max).finally(() => (this.paying = null));
    return this.paying;
  }

  /** Resolves when no payment is under way (a node is closed after its last payment). */
  async settled(): Promise<void> {
    await this.paying?.catch(() => undefined);
    await this.executionQueue;
    await this.requestQueue;
  }

  private async payDue(max: number): Promise<number> {
    const paid = await this.paidWithdrawals();
    const head = await this.head();
    const due = head.withdrawalsInOrder().filter((w) => w.slot < head.slot && !paid.has(withdrawalKey(w)));
    let count = 0;
    for (const w of due.slice(0, max)) {
      await this.payer.pay(w);
      count++;
    }
    return count;
  }

  /**
   * The end-of-block system calls of EIP-7002 and EIP-7251 on chain 88 (emulated, once per slot by
   * the node's timer; tests call it): the requests they dequeue enter the state at that block.
   * Resolves with how many requests were dequeued.
   */
  processExecutionRequests(): Promise<number> {
    this.requestRuns++;
    const run = this.requestQueue
      .then(async () => {
        const { withdrawals, consolidations } = await processExecutionRequests(this.client);
        return withdrawals.length + consolidations.length;
      })
      .finally(() => this.requestRuns--);
    this.requestQueue = run.catch(() => undefined);
    return run;
  }

  /** Whether a system call is under way or queued (the node's timer then waits). */
  get processingExecutionRequests(): boolean {
    return this.requestRuns > 0;
  }

  /** Genesis time in seconds (chain 88's genesis block). */
  async genesisTime(): Promise<bigint> {
    return (await this.view.snapshot()).facts.genesisTime;
  }

  /** The state at the chain clock's current slot. */
  async head(): Promise<BeaconState> {
    const snap = await this.view.snapshot();
    return this.stateAt(snap.version, snap.facts, slotAt(snap.facts.genesisTime, snap.now), snap.now);
  }

  /** The finalized checkpoint's epoch: two epochs behind the head, as a healthy chain's is. */
  static finalizedEpoch(head: BeaconState): bigint {
    return head.epoch >= 2n ? head.epoch - 2n : 0n;
  }

  /** Resolves a Beacon API state_id: head, genesis, finalized, justified or a slot. */
  async state(stateId: string): Promise<ResolvedState> {
    const snap = await this.view.snapshot();
    const head = this.stateAt(snap.version, snap.facts, slotAt(snap.facts.genesisTime, snap.now), snap.now);
    const finalizedSlot = startSlotOfEpoch(DevBeaconNode.finalizedEpoch(head));
    let slot: bigint;
    if (stateId === 'head') slot = head.slot;
    else if (stateId === 'genesis') slot = 0n;
    else if (stateId === 'finalized') slot = finalizedSlot;
    else if (stateId === 'justified') slot = startSlotOfEpoch(head.epoch >= 1n ? head.epoch - 1n : 0n);
    else if (/^\d{1,20}$/.test(stateId)) slot = BigInt(stateId);
    else if (/^0x[0-9a-fA-F]{64}$/.test(stateId))
      throw new BeaconApiError(404, 'State not found: the dev beacon node looks states up by slot');
    else throw new BeaconApiError(400, `Invalid state ID: ${stateId}`);
    if (slot > head.slot) throw new BeaconApiError(404, 'State not found');
    const state = slot === head.slot ? head : this.stateAt(snap.version, snap.facts, slot);
    return { state, finalized: slot <= finalizedSlot, head };
  }

  private stateAt(version: number, facts: ChainFacts, slot: bigint, asOf?: bigint): BeaconState {
    const key = `${version}:${slot}:${asOf ?? ''}`;
    if (this.cache?.key === key) return this.cache.state;
    const state = new BeaconState(facts, slot, asOf);
    if (this.cache === null || slot >= this.cache.state.slot) this.cache = { key, state };
    return state;
  }

  /**
   * Dev control: stops validator `id` (index or pubkey; it misses its attestations from the epoch
   * the switch's block is in) or starts it again, through the offline switch on chain 88. 404 when unknown.
   */
  async switchOffline(id: string, offline: boolean): Promise<{ index: bigint; txHash: Hex }> {
    const validator = (await this.head()).find(id);
    if (!validator) throw new BeaconApiError(404, `Validator not found: ${id}`);
    const txHash = await sendSwitch(this.client, this.rpcUrl, { validatorIndex: validator.index, offline });
    return { index: validator.index, txHash };
  }

  /**
   * Checks a signed voluntary exit as process_voluntary_exit does against the head state and
   * includes it on chain 88; throws BeaconApiError(400) with the reason when it is invalid.
   * Submitting an exit that is already included again is accepted and changes nothing.
   */
  submitVoluntaryExit(body: unknown): Promise<void> {
    const run = this.exitQueue.then(() => this.acceptExit(body));
    this.exitQueue = run.catch(() => undefined);
    return run;
  }

  private async acceptExit(body: unknown): Promise<void> {
    const exit = parseSignedExit(body);
    const invalid = (reason: string) => new BeaconApiError(400, `Invalid voluntary exit: ${reason}`);
    const snap = await this.view.snapshot();
    const index = BigInt(exit.message.validator_index);
    const epoch = BigInt(exit.message.epoch);
    const included = snap.facts.exits.find(
      (e) =>
        e.validatorIndex === index &&
        e.epoch === epoch &&
        e.signature.toLowerCase() === exit.signature.toLowerCase(),
    );
    const head = await this.head();
    const validator = head.find(index.toString());
    if (!validator) throw invalid(`unknown validator index ${index}`);
    if (included && validator.exitEpoch !== FAR_FUTURE_EPOCH) return;
    // process_voluntary_exit's rules on the head state, then the signature.
    const broken = head.voluntaryExitError(index, epoch);
    if (broken !== null) throw invalid(broken);
    const signed = [
      'exit',
      validator.pubkey,
      exit.message.epoch,
      exit.message.validator_index,
      exit.signature,
    ];
    if (!this.signatures.check(signed, () => verifyVoluntaryExit(exit, validator.pubkey, 'payd-devnet')))
      throw invalid('invalid signature');
    await includeExit(this.client, this.rpcUrl, {
      validatorIndex: index,
      epoch,
      signature: exit.signature as Hex,
    });
  }
}

/** Identifies a withdrawal by everything it records: a record that differs in anything pays nothing. */
export function withdrawalKey(w: WithdrawalRecord): string {
  return [w.index, w.validatorIndex, w.address.toLowerCase(), w.amountGwei, w.epoch, w.slot].join(':');
}

function parseSignedExit(body: unknown): SignedVoluntaryExit {
  const b = body as { message?: { epoch?: unknown; validator_index?: unknown }; signature?: unknown } | null;
  const uint64 = (v: unknown) => typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n;
  if (
    !b ||
    typeof b !== 'object' ||
    !uint64(b.message?.epoch) ||
    !uint64(b.message?.validator_index) ||
    typeof b.signature !== 'string' ||
    !/^0x[0-9a-fA-F]{192}$/.test(b.signature)
  )
    throw new BeaconApiError(
      400,
      'Invalid voluntary exit: expected { message: { epoch, validator_index }, signature } with decimal strings and a 96-byte 0x signature',
    );
  return {
    message: { epoch: b.message!.epoch as string, validator_index: b.message!.validator_index as string },
    signature: b.signature,
  };
}
