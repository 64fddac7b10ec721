// BeaconClient over the standard Beacon API (any beacon node at BEACON_URL, or the dev beacon node).
import {
  BEACON_VALIDATOR_STATUSES,
  BeaconApiError,
  type BeaconClient,
  type BeaconQueues,
  type BeaconGenesis,
  type BeaconPendingConsolidation,
  type BeaconPendingPartialWithdrawal,
  type BeaconSpec,
  type BeaconValidator,
  type BeaconValidatorStatus,
  type EpochRange,
  type SignedVoluntaryExit,
  type StateId,
  type ValidatorRewards,
} from './beaconClient.ts';
import {
  toPayloadWithdrawals,
  toPendingConsolidation,
  toPendingDeposit,
  toPendingPartialWithdrawal,
  type BlockJson,
  type PendingConsolidationJson,
  type PendingDepositJson,
  type PendingPartialWithdrawalJson,
} from './queuesJson.ts';

const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;

export interface HttpBeaconClientOptions {
  /** Base URL of the beacon node, e.g. `http://127.0.0.1:5052` (BEACON_URL). */
  url: string;
  /** Milliseconds before a request is given up; default 10,000. */
  timeoutMs?: number;
  /** Ids per validators request, so that URLs stay short; default 64. */
  idsPerRequest?: number;
  /**
   * Where rewards come from: `payd` (the dev node's POST /payd/v1/rewards), `standard` (the sum of
   * POST /eth/v1/beacon/rewards/attestations/{epoch}; no proposals or withdrawals), or `auto`
   * (default): payd when the node has it, standard otherwise.
   */
  rewards?: 'auto' | 'payd' | 'standard';
  /** Most epochs `standard` rewards add up in one call (one request each); default 225. */
  maxStandardRewardEpochs?: number;
}

interface ValidatorJson {
  index: string;
  balance: string;
  status: string;
  validator: {
    pubkey: string;
    withdrawal_credentials: string;
    effective_balance: string;
    slashed: boolean;
    activation_eligibility_epoch: string;
    activation_epoch: string;
    exit_epoch: string;
    withdrawable_epoch: string;
  };
}

interface PaydRewardsJson {
  validator_index: string;
  consensus_rewards: string;
  execution_fees: string;
  mev: string;
  proposals: {
    slot: string;
    epoch: string;
    execution_fees: string;
    mev: string;
    fee_recipient?: string | null;
    transaction_hash?: string | null;
    block_number?: string | null;
  }[];
  withdrawals: { slot: string; epoch: string; address: string; amount: string }[];
}

const epochOrNull = (v: string): bigint | null => (BigInt(v) === FAR_FUTURE_EPOCH ? null : BigInt(v));

function toValidator(v: ValidatorJson): BeaconValidator {
  if (!(BEACON_VALIDATOR_STATUSES as readonly string[]).includes(v.status))
    throw new Error(`unknown validator status ${v.status}`);
  return {
    index: BigInt(v.index),
    pubkey: v.validator.pubkey.toLowerCase(),
    status: v.status as BeaconValidatorStatus,
    balanceGwei: BigInt(v.balance),
    effectiveBalanceGwei: BigInt(v.validator.effective_balance),
    withdrawalCredentials: v.validator.withdrawal_credentials.toLowerCase(),
    slashed: v.validator.slashed,
    activationEligibilityEpoch: epochOrNull(v.validator.activation_eligibility_epoch),
    activationEpoch: epochOrNull(v.validator.activation_epoch),
    exitEpoch: epochOrNull(v.validator.exit_epoch),
    withdrawableEpoch: epochOrNull(v.validator.withdrawable_epoch),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class HttpBeaconClient implements BeaconClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly idsPerRequest: number;
  private readonly maxStandardRewardEpochs: number;
  private rewardsMode: 'auto' | 'payd' | 'standard';
  private genesis: Promise<BeaconGenesis> | null = null;
  private totalActive: { epoch: bigint; gwei: bigint } | null = null;
  private spec: Promise<BeaconSpec> | null = null;

  constructor(options: HttpBeaconClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.idsPerRequest = options.idsPerRequest ?? 64;
    this.rewardsMode = options.rewards ?? 'auto';
    this.maxStandardRewardEpochs = options.maxStandardRewardEpochs ?? 225;
  }

  /** Genesis never changes for a chain: asked once, kept (a failed answer is asked again). */
  getGenesis(): Promise<BeaconGenesis> {
    this.genesis ??= this.get<{
      data: { genesis_time: string; genesis_validators_root: string; genesis_fork_version: string };
    }>('/eth/v1/beacon/genesis')
      .then(({ data }) => ({
        genesisTime: new Date(Number(data.genesis_time) * 1000),
        genesisValidatorsRoot: data.genesis_validators_root,
        genesisForkVersion: data.genesis_fork_version,
      }))
      .catch((error: unknown) => {
        this.genesis = null;
        throw error;
      });
    return this.genesis;
  }

  /** The chain's configuration: asked once, kept. */
  getSpec(): Promise<BeaconSpec> {
    this.spec ??= this.get<{ data: Record<string, string> }>('/eth/v1/config/spec')
      .then(({ data }) => ({
        secondsPerSlot: BigInt(data.SECONDS_PER_SLOT ?? '12'),
        slotsPerEpoch: BigInt(data.SLOTS_PER_EPOCH ?? '32'),
        genesisForkVersion: data.GENESIS_FORK_VERSION ?? '',
        capellaForkVersion: data.CAPELLA_FORK_VERSION ?? '',
        depositChainId: BigInt(data.DEPOSIT_CHAIN_ID ?? '0'),
        depositContractAddress: data.DEPOSIT_CONTRACT_ADDRESS ?? '',
        values: data,
      }))
      .catch((error: unknown) => {
        this.spec = null;
        throw error;
      });
    return this.spec;
  }

  async getHeadSlot(): Promise<bigint> {
    const { data } = await this.get<{ data: { header: { message: { slot: string } } } }>(
      '/eth/v1/beacon/headers/head',
    );
    return BigInt(data.header.message.slot);
  }

  /** The head state's finalized checkpoint epoch (finality_checkpoints). */
  async getFinalizedEpoch(): Promise<bigint> {
    const { data } = await this.get<{ data: { finalized: { epoch: string } } }>(
      '/eth/v1/beacon/states/head/finality_checkpoints',
    );
    return BigInt(data.finalized.epoch);
  }

  async getValidators(ids: readonly string[], stateId: StateId = 'head'): Promise<BeaconValidator[]> {
    const found: BeaconValidator[] = [];
    for (const part of chunks(ids, this.idsPerRequest)) {
      const { data } = await this.get<{ data: ValidatorJson[] }>(
        `/eth/v1/beacon/states/${stateId}/validators?id=${part.map(encodeURIComponent).join(',')}`,
      );
      found.push(...data.map(toValidator));
    }
    return found;
  }

  async getPendingValidators(stateId: StateId = 'head'): Promise<BeaconValidator[]> {
    const { data } = await this.get<{ data: ValidatorJson[] }>(
      `/eth/v1/beacon/states/${stateId}/validators?status=pending`,
    );
    return data.map(toValidator);
  }

  async getValidatorBalances(
    ids: readonly string[],
    stateId: StateId = 'head',
  ): Promise<Map<bigint, bigint>> {
    const balances = new Map<bigint, bigint>();
    for (const part of chunks(ids, this.idsPerRequest)) {
      const { data } = await this.get<{ data: { index: string; balance: string }[] }>(
        `/eth/v1/beacon/states/${stateId}/validator_balances?id=${part.map(encodeURIComponent).join(',')}`,
      );
      for (const b of data) balances.set(BigInt(b.index), BigInt(b.balance));
    }
    return balances;
  }

  async getPendingPartialWithdrawals(stateId: StateId = 'head'): Promise<BeaconPendingPartialWithdrawal[]> {
    const data = await this.queue<{ validator_index: string; amount: string; withdrawable_epoch: string }>(
      `/eth/v1/beacon/states/${stateId}/pending_partial_withdrawals`,
    );
    return data.map((w) => ({
      validatorIndex: BigInt(w.validator_index),
      amountGwei: BigInt(w.amount),
      withdrawableEpoch: BigInt(w.withdrawable_epoch),
    }));
  }

  async getPendingConsolidations(stateId: StateId = 'head'): Promise<BeaconPendingConsolidation[]> {
    const data = await this.queue<{ source_index: string; target_index: string }>(
      `/eth/v1/beacon/states/${stateId}/pending_consolidations`,
    );
    return data.map((c) => ({ sourceIndex: BigInt(c.source_index), targetIndex: BigInt(c.target_index) }));
  }

  async getQueues(): Promise<BeaconQueues> {
    const state = '/eth/v1/beacon/states/head';
    const [headSlot, finality, all, deposits, partials, consolidations, block] = await Promise.all([
      this.getHeadSlot(),
      this.get<{ data: { finalized: { epoch: string } } }>(`${state}/finality_checkpoints`),
      this.get<{ data: ValidatorJson[] }>(`${state}/validators`),
      this.servedQueue<PendingDepositJson>(`${state}/pending_deposits`),
      this.queue<PendingPartialWithdrawalJson>(`${state}/pending_partial_withdrawals`),
      this.queue<PendingConsolidationJson>(`${state}/pending_consolidations`),
      this.get<{ data: BlockJson }>('/eth/v2/beacon/blocks/head').then(
        ({ data }) => toPayloadWithdrawals(data),
        (error: unknown) => {
          if (error instanceof BeaconApiError && error.status === 404) return null;
          throw error;
        },
      ),
    ]);
    return {
      headSlot,
      finalizedEpoch: BigInt(finality.data.finalized.epoch),
      validators: all.data.map(toValidator).sort((a, b) => (a.index < b.index ? -1 : 1)),
      pendingDeposits: (deposits ?? []).map(toPendingDeposit),
      pendingDepositsServed: deposits !== null,
      pendingPartialWithdrawals: partials.map(toPendingPartialWithdrawal),
      pendingConsolidations: consolidations.map(toPendingConsolidation),
      headWithdrawals: block,
    };
  }

  /** A state's queue; empty where the node does not have it (before Electra: 400, or 404). */
  private async queue<T>(path: string): Promise<T[]> {
    return (await this.servedQueue<T>(path)) ?? [];
  }

  /** A state's queue; null where the node does not have it (before Electra: 400, or 404). */
  private async servedQueue<T>(path: string): Promise<T[] | null> {
    try {
      return (await this.get<{ data: T[] }>(path)).data;
    } catch (error) {
      if (error instanceof BeaconApiError && (error.status === 400 || error.status === 404)) return null;
      throw error;
    }
  }

  /** Summed from `validators?status=active` (the only standard source), once an epoch of the head. */
  async getTotalActiveBalance(stateId: StateId = 'head'): Promise<bigint> {
    const epoch =
      stateId === 'head' ? (await this.getHeadSlot()) / (await this.getSpec()).slotsPerEpoch : null;
    if (epoch !== null && this.totalActive?.epoch === epoch) return this.totalActive.gwei;
    const { data } = await this.get<{ data: { validator: { effective_balance: string } }[] }>(
      `/eth/v1/beacon/states/${stateId}/validators?status=active`,
    );
    const total = data.reduce((sum, v) => sum + BigInt(v.validator.effective_balance), 0n);
    // get_total_active_balance is at least EFFECTIVE_BALANCE_INCREMENT
    const gwei = total > 1_000_000_000n ? total : 1_000_000_000n;
    if (epoch !== null) this.totalActive = { epoch, gwei };
    return gwei;
  }

  async submitVoluntaryExit(exit: SignedVoluntaryExit): Promise<void> {
    await this.request('POST', '/eth/v1/beacon/pool/voluntary_exits', exit);
  }

  async getRewards(ids: readonly string[], range: EpochRange): Promise<ValidatorRewards[]> {
    if (ids.length === 0 || range.toEpoch <= range.fromEpoch) return [];
    if (this.rewardsMode !== 'standard') {
      try {
        const result = await this.paydRewards(ids, range);
        this.rewardsMode = 'payd';
        return result;
      } catch (error) {
        if (!(error instanceof BeaconApiError && error.status === 404 && this.rewardsMode === 'auto'))
          throw error;
        this.rewardsMode = 'standard';
      }
    }
    return this.standardRewards(ids, range);
  }

  private async paydRewards(ids: readonly string[], range: EpochRange): Promise<ValidatorRewards[]> {
    const { data } = await this.request<{ data: PaydRewardsJson[] }>('POST', '/payd/v1/rewards', {
      validators: ids,
      from_epoch: range.fromEpoch.toString(),
      to_epoch: range.toEpoch.toString(),
    });
    return data.map((r) => ({
      validatorIndex: BigInt(r.validator_index),
      consensusGwei: BigInt(r.consensus_rewards),
      executionFeesGwei: BigInt(r.execution_fees),
      mevGwei: BigInt(r.mev),
      proposals: r.proposals.map((p) => ({
        slot: BigInt(p.slot),
        epoch: BigInt(p.epoch),
        executionFeesGwei: BigInt(p.execution_fees),
        mevGwei: BigInt(p.mev),
        feeRecipient: p.fee_recipient ? p.fee_recipient.toLowerCase() : null,
        payment:
          p.transaction_hash && p.block_number
            ? { txHash: p.transaction_hash, blockNumber: BigInt(p.block_number) }
            : null,
      })),
      withdrawals: r.withdrawals.map((w) => ({
        slot: BigInt(w.slot),
        epoch: BigInt(w.epoch),
        address: w.address,
        amountGwei: BigInt(w.amount),
      })),
    }));
  }

  /** Adds up the standard per-epoch attestation rewards over the ended epochs of `range`. */
  private async standardRewards(ids: readonly string[], range: EpochRange): Promise<ValidatorRewards[]> {
    const head = await this.getHeadSlot();
    const { slotsPerEpoch } = await this.getSpec();
    const lastEnded = head / slotsPerEpoch - 1n;
    const to = range.toEpoch - 1n < lastEnded ? range.toEpoch - 1n : lastEnded;
    if (to - range.fromEpoch + 1n > BigInt(this.maxStandardRewardEpochs))
      throw new BeaconApiError(
        400,
        `this beacon node has no rewards index: at most ${this.maxStandardRewardEpochs} epochs at a time`,
        '/eth/v1/beacon/rewards/attestations',
      );
    const totals = new Map<bigint, bigint>();
    for (const validator of await this.getValidators(ids)) totals.set(validator.index, 0n);
    const indices = [...totals.keys()].map(String);
    if (indices.length === 0) return [];
    for (let epoch = range.fromEpoch; epoch <= to; epoch++) {
      const { data } = await this.request<{
        data: {
          total_rewards: {
            validator_index: string;
            head: string;
            target: string;
            source: string;
            inactivity?: string;
          }[];
        };
      }>('POST', `/eth/v1/beacon/rewards/attestations/${epoch}`, indices);
      for (const r of data.total_rewards) {
        const index = BigInt(r.validator_index);
        const sum = BigInt(r.head) + BigInt(r.target) + BigInt(r.source) + BigInt(r.inactivity ?? '0');
        totals.set(index, (totals.get(index) ?? 0n) + sum);
      }
    }
    return [...totals].map(([validatorIndex, consensusGwei]) => ({
      validatorIndex,
      consensusGwei,
      executionFeesGwei: 0n,
      mevGwei: 0n,
      proposals: [],
      withdrawals: [],
    }));
  }

  private get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new BeaconApiError(
        0,
        `beacon node unreachable: ${error instanceof Error ? error.message : String(error)}`,
        path,
      );
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text || res.statusText;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // Not JSON: keep the text.
      }
      throw new BeaconApiError(res.status, message, path);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
}
