// Execution-layer rewards of the dev beacon chain: what each proposal earns (priority fees and MEV,
// EXECUTION_FEES_PER_PROPOSAL_GWEI / MEV_PER_PROPOSAL_GWEI) and how it reaches the proposer's fee
// recipient on chain 88. On a real chain the fees are credited to the block's fee recipient and the
// builder pays the MEV in the block's last transaction; here both arrive in one transaction per
// proposal through the execution-rewards pool (the withdrawal pool's code at its own address: it
// logs the record with the value as topic and hands the value to the record's address with
// SELFDESTRUCT). The schedule is a pure function of a BeaconState; what is paid is read back from
// the pool's logs, so a proposal is paid once, across restarts of the node and replays of the chain.
// Seam: the rest of the node only calls `executionRewardsDue`, `ExecutionRewardPayer` and the codec.
import { decodeAbiParameters, encodeAbiParameters, type Hex, type Log, type PublicClient } from 'viem';
import type { BeaconState } from './beaconState.ts';
import { FAR_FUTURE_EPOCH } from './config.ts';
import { PoolPayer, poolPayerAddress } from './poolPayer.ts';
import { WITHDRAWAL_POOL_CODE } from './withdrawalPool.ts';

/** Address of the execution-rewards pool on chain 88 ("e1fee": execution-layer fees). */
export const EXECUTION_REWARDS_POOL_ADDRESS = `0xbeac${'0'.repeat(31)}e1fee` as const;

const PAYER_KEY_PHRASE = 'payd dev beacon execution rewards';
/** The dev-only account that pays execution-layer rewards. */
export const EXECUTION_REWARDS_PAYER = poolPayerAddress(PAYER_KEY_PHRASE);

const GWEI = 10n ** 9n;

const recordParameters = [
  { name: 'slot', type: 'uint64' },
  { name: 'validatorIndex', type: 'uint64' },
  { name: 'feeRecipient', type: 'address' },
  { name: 'feesGwei', type: 'uint64' },
  { name: 'mevGwei', type: 'uint64' },
] as const;

/** What one proposal paid its fee recipient. */
export interface ExecutionReward {
  slot: bigint;
  epoch: bigint;
  validatorIndex: bigint;
  /** 0x-prefixed lower-case execution address. */
  feeRecipient: string;
  /** Priority fees of the block, in gwei. */
  feesGwei: bigint;
  /** The builder's payment (MEV), in gwei. */
  mevGwei: bigint;
}

/** An execution reward paid on chain 88, with the transaction that paid it. */
export interface PaidExecutionReward extends Omit<ExecutionReward, 'epoch'> {
  txHash: Hex;
  blockNumber: bigint;
}

/**
 * The fee recipient the dev validator client proposes with: payd configures every validator's fee
 * recipient as its withdrawal address, so it is the execution address of 0x01/0x02 credentials.
 * A validator with BLS (0x00) credentials has none, and its proposals pay nobody.
 */
export function feeRecipientOf(withdrawalCredentials: string): string | null {
  const wc = withdrawalCredentials.toLowerCase();
  return wc.startsWith('0x01') || wc.startsWith('0x02') ? `0x${wc.slice(-40)}` : null;
}

/**
 * Every execution reward of a slot that has ended by `state` (slots before its slot), in the
 * chain's order (slot, then validator index; one proposer a slot on a real chain).
 */
export function executionRewardsDue(state: BeaconState): ExecutionReward[] {
  const due: ExecutionReward[] = [];
  for (const v of state.validators()) {
    const feeRecipient = feeRecipientOf(v.withdrawalCredentials);
    if (!feeRecipient) continue;
    for (const p of state.proposals(v.index.toString(), 0n, FAR_FUTURE_EPOCH))
      if (p.slot < state.slot)
        due.push({
          slot: p.slot,
          epoch: p.epoch,
          validatorIndex: v.index,
          feeRecipient,
          feesGwei: p.executionFeesGwei,
          mevGwei: p.mevGwei,
        });
  }
  return due.sort((a, b) =>
    a.slot !== b.slot ? (a.slot < b.slot ? -1 : 1) : a.validatorIndex < b.validatorIndex ? -1 : 1,
  );
}

/** Identifies a payment by everything it records: a record that differs in anything pays nothing. */
export function executionRewardKey(r: Omit<ExecutionReward, 'epoch'>): string {
  return [r.slot, r.validatorIndex, r.feeRecipient.toLowerCase(), r.feesGwei, r.mevGwei].join(':');
}

export function encodeExecutionReward(r: Omit<ExecutionReward, 'epoch'>): Hex {
  return encodeAbiParameters(recordParameters, [
    r.slot,
    r.validatorIndex,
    r.feeRecipient as Hex,
    r.feesGwei,
    r.mevGwei,
  ]);
}

/**
 * The reward a pool log records, or null when the log is not a full payment of one (anyone may
 * call the pool: a record counts only when the value it carried is its fees plus its MEV).
 */
export function decodeExecutionReward(
  log: Pick<Log, 'data' | 'topics'>,
): Omit<ExecutionReward, 'epoch'> | null {
  try {
    const [slot, validatorIndex, feeRecipient, feesGwei, mevGwei] = decodeAbiParameters(
      recordParameters,
      log.data,
    );
    const value = log.topics[0] === undefined ? -1n : BigInt(log.topics[0]);
    if (value !== (feesGwei + mevGwei) * GWEI || value === 0n) return null;
    return { slot, validatorIndex, feeRecipient: feeRecipient.toLowerCase(), feesGwei, mevGwei };
  } catch {
    return null;
  }
}

/** Pays execution rewards one transaction each, over chain 88's JSON-RPC (journaled by the devnet). */
export class ExecutionRewardPayer {
  private readonly payer: PoolPayer;

  constructor(client: PublicClient, rpcUrl: string) {
    this.payer = new PoolPayer(client, rpcUrl, {
      pool: EXECUTION_REWARDS_POOL_ADDRESS,
      code: WITHDRAWAL_POOL_CODE,
      keyPhrase: PAYER_KEY_PHRASE,
    });
  }

  /**
   * Pays the rewards of `due` that `paid` (keys of what chain 88 already holds) lacks, in order,
   * at most `max`; resolves with how many it paid.
   */
  async payMissing(due: readonly ExecutionReward[], paid: ReadonlySet<string>, max: number): Promise<number> {
    let count = 0;
    for (const r of due) {
      if (count >= max) break;
      if (paid.has(executionRewardKey(r))) continue;
      await this.payer.pay(encodeExecutionReward(r), (r.feesGwei + r.mevGwei) * GWEI);
      count++;
    }
    return count;
  }
}
