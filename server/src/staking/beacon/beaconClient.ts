// What the server needs from the beacon chain, as an interface: any standard beacon node behind
// `BEACON_URL` (HttpBeaconClient) or the embedded default's dev beacon node, which speaks the same API.

/** The Beacon API's validator statuses (consensus-specs validator states). */
export const BEACON_VALIDATOR_STATUSES = [
  'pending_initialized',
  'pending_queued',
  'active_ongoing',
  'active_exiting',
  'active_slashed',
  'exited_unslashed',
  'exited_slashed',
  'withdrawal_possible',
  'withdrawal_done',
] as const;

export type BeaconValidatorStatus = (typeof BEACON_VALIDATOR_STATUSES)[number];

/** A validator in a beacon state. Epochs are null while FAR_FUTURE_EPOCH (not set yet). */
export interface BeaconValidator {
  index: bigint;
  /** 0x-prefixed lower-case 48-byte BLS public key. */
  pubkey: string;
  status: BeaconValidatorStatus;
  /** Balance in gwei. */
  balanceGwei: bigint;
  effectiveBalanceGwei: bigint;
  /** 0x-prefixed 32 bytes; 0x01… holds the execution withdrawal address in its last 20 bytes. */
  withdrawalCredentials: string;
  slashed: boolean;
  activationEligibilityEpoch: bigint | null;
  activationEpoch: bigint | null;
  exitEpoch: bigint | null;
  withdrawableEpoch: bigint | null;
}

export interface BeaconGenesis {
  /** Start of slot 0. */
  genesisTime: Date;
  /** 0x-prefixed 32 bytes: part of the voluntary exit signing domain. */
  genesisValidatorsRoot: string;
  /** 0x-prefixed 4 bytes: signs deposits. */
  genesisForkVersion: string;
}

export interface BeaconSpec {
  secondsPerSlot: bigint;
  slotsPerEpoch: bigint;
  genesisForkVersion: string;
  /** Signs voluntary exits from Deneb on (EIP-7044). */
  capellaForkVersion: string;
  depositChainId: bigint;
  depositContractAddress: string;
  /** Every value the node returned, as strings. */
  values: Readonly<Record<string, string>>;
}

/** A SignedVoluntaryExit in the Beacon API's JSON shape (as @payd/validator-keys signs it). */
export interface SignedVoluntaryExit {
  message: { epoch: string; validator_index: string };
  signature: string;
}

/** A block the validator proposed and what its fee recipient earned, in gwei. */
export interface ProposalReward {
  slot: bigint;
  epoch: bigint;
  executionFeesGwei: bigint;
  mevGwei: bigint;
  /** 0x-prefixed lower-case execution address the block paid; null when it paid nobody. */
  feeRecipient: string | null;
  /** The execution-chain transaction that paid fees and MEV to the fee recipient; null until paid. */
  payment: { txHash: string; blockNumber: bigint } | null;
}

/** A payment of the withdrawal sweep to the validator's withdrawal address. */
export interface WithdrawalPayment {
  slot: bigint;
  epoch: bigint;
  /** 0x-prefixed execution address. */
  address: string;
  amountGwei: bigint;
}

/** What one validator earned over an epoch range. */
export interface ValidatorRewards {
  validatorIndex: bigint;
  /** Attestation rewards (may be negative on a real chain). */
  consensusGwei: bigint;
  executionFeesGwei: bigint;
  mevGwei: bigint;
  proposals: ProposalReward[];
  withdrawals: WithdrawalPayment[];
}

/** Epochs [fromEpoch, toEpoch). */
export interface EpochRange {
  fromEpoch: bigint;
  toEpoch: bigint;
}

/** An entry of a state's pending_deposits (EIP-6110 deposit requests, top-ups, excess balance). */
export interface BeaconPendingDeposit {
  /** 0x-prefixed lower-case 48-byte public key. */
  pubkey: string;
  withdrawalCredentials: string;
  amountGwei: bigint;
  /** The slot of the request's block; 0 for bridge deposits and queued excess balance. */
  slot: bigint;
}

/** An entry of a state's pending_partial_withdrawals (EIP-7002 requests). */
export interface BeaconPendingPartialWithdrawal {
  validatorIndex: bigint;
  amountGwei: bigint;
  withdrawableEpoch: bigint;
}

/** An entry of a state's pending_consolidations (EIP-7251 requests). */
export interface BeaconPendingConsolidation {
  sourceIndex: bigint;
  targetIndex: bigint;
}

/** A withdrawal of an execution payload. */
export interface BeaconPayloadWithdrawal {
  validatorIndex: bigint;
  amountGwei: bigint;
}

/** What the date rules read of a state at once (Electra's queues and the whole registry). */
export interface BeaconQueues {
  headSlot: bigint;
  finalizedEpoch: bigint;
  /** Every validator, in index order. */
  validators: BeaconValidator[];
  pendingDeposits: BeaconPendingDeposit[];
  /**
   * Whether the node served pending_deposits: false when it answered 400 or 404 (before Electra, or not
   * served), pendingDeposits then reading as empty. Only a served queue tells that a deposit left it.
   */
  pendingDepositsServed: boolean;
  pendingPartialWithdrawals: BeaconPendingPartialWithdrawal[];
  pendingConsolidations: BeaconPendingConsolidation[];
  /** The head block's payload withdrawals; null when the node does not serve blocks. */
  headWithdrawals: BeaconPayloadWithdrawal[] | null;
}

/** `head`, `genesis`, `finalized`, `justified` or a slot. */
export type StateId = 'head' | 'genesis' | 'finalized' | 'justified' | bigint;

export interface BeaconClient {
  getGenesis(): Promise<BeaconGenesis>;
  getSpec(): Promise<BeaconSpec>;
  /** The head slot. */
  getHeadSlot(): Promise<bigint>;
  /**
   * Validators by index (decimal) or 0x pubkey, at `stateId` (default head). Ids the chain does
   * not know (yet) are left out of the answer, as the Beacon API does.
   */
  getValidators(ids: readonly string[], stateId?: StateId): Promise<BeaconValidator[]>;
  /** Every validator of the chain waiting for activation (status `pending`: initialized or queued). */
  getPendingValidators(stateId?: StateId): Promise<BeaconValidator[]>;
  /** Balances in gwei by validator index. */
  getValidatorBalances(ids: readonly string[], stateId?: StateId): Promise<Map<bigint, bigint>>;
  /** The state's pending partial withdrawals (EIP-7251), in queue order; none before Electra. */
  getPendingPartialWithdrawals(stateId?: StateId): Promise<BeaconPendingPartialWithdrawal[]>;
  /** The state's pending consolidations (EIP-7251), in queue order; none before Electra. */
  getPendingConsolidations(stateId?: StateId): Promise<BeaconPendingConsolidation[]>;
  /**
   * get_total_active_balance: the effective balances of the state's active validators, in gwei. A
   * real chain lists about a million of them: the answer is kept for the epoch it was read in.
   */
  getTotalActiveBalance(stateId?: StateId): Promise<bigint>;
  /**
   * The Electra queues and the whole registry at the head: finality_checkpoints, validators,
   * pending_deposits, pending_partial_withdrawals, pending_consolidations and the head block's
   * withdrawals. A queue the node does not serve (before Electra) reads as empty.
   */
  getQueues(): Promise<BeaconQueues>;
  /** Submits a signed voluntary exit to the node's pool; rejects with BeaconApiError (400) when invalid. */
  submitVoluntaryExit(exit: SignedVoluntaryExit): Promise<void>;
  /** Rewards of each known validator over `range` (epochs that have ended count). */
  getRewards(ids: readonly string[], range: EpochRange): Promise<ValidatorRewards[]>;
}

/** The node answered with an error, or could not be reached (status 0). */
export class BeaconApiError extends Error {
  override name = 'BeaconApiError';
  /** HTTP status; 0 when the node did not answer. */
  readonly status: number;
  readonly path: string;
  constructor(status: number, message: string, path: string) {
    super(message);
    this.status = status;
    this.path = path;
  }
}

/** Converts between beacon epochs/slots and time, from the genesis and spec of one chain. */
export class BeaconTime {
  private readonly genesisMs: bigint;
  private readonly slotMs: bigint;
  private readonly slotsPerEpoch: bigint;

  constructor(genesis: BeaconGenesis, spec: Pick<BeaconSpec, 'secondsPerSlot' | 'slotsPerEpoch'>) {
    this.genesisMs = BigInt(genesis.genesisTime.getTime());
    this.slotMs = spec.secondsPerSlot * 1000n;
    this.slotsPerEpoch = spec.slotsPerEpoch;
  }

  slotStart(slot: bigint): Date {
    return new Date(Number(this.genesisMs + slot * this.slotMs));
  }

  epochStart(epoch: bigint): Date {
    return this.slotStart(epoch * this.slotsPerEpoch);
  }

  /** The slot at `time`; 0 before genesis. */
  slotAt(time: Date): bigint {
    const ms = BigInt(time.getTime());
    return ms <= this.genesisMs ? 0n : (ms - this.genesisMs) / this.slotMs;
  }

  epochAt(time: Date): bigint {
    return this.slotAt(time) / this.slotsPerEpoch;
  }

  epochOfSlot(slot: bigint): bigint {
    return slot / this.slotsPerEpoch;
  }
}
