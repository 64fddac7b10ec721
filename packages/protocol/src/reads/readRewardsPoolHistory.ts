// The rewards pool's events since deployment, turned into the model's RewardsPoolEvent list and
// walked for one depositor (model/rewardsPoolHistory.ts): the rewards earned, the PAYD used by
// liquidations across deposit changes, and each reward report with its time, for the APR.
import { rewardsPoolAbi } from '../abi/readAbis.ts';
import type { Address, Hash } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import {
  rewardsPoolHistory,
  type RewardsPoolEvent,
  type RewardsPoolHistory,
} from '../model/rewardsPoolHistory.ts';

interface PoolLog {
  eventName: string;
  args: Record<string, unknown>;
  transactionHash: Hash | null;
  blockNumber: bigint | null;
}

/** The arguments of the events used (each event has its own few). */
interface PoolArgs {
  S: bigint;
  P: bigint;
  epoch: bigint;
  scale: bigint;
  currentEpoch: bigint;
  currentScale: bigint;
  depositor: Address;
  newDeposit: bigint;
  PAYDLoss: bigint;
}

/** The model's event for one log, or undefined for the events it does not need. */
function toEvent(log: PoolLog, rewardTimes: Map<Hash, number>): RewardsPoolEvent | undefined {
  const a = log.args as unknown as PoolArgs;
  switch (log.eventName) {
    case 'S_Updated': {
      const timestamp = log.transactionHash ? rewardTimes.get(log.transactionHash) : undefined;
      return {
        kind: 'sum',
        S: a.S,
        epoch: a.epoch,
        scale: a.scale,
        ...(timestamp !== undefined && { reward: { timestamp } }),
      };
    }
    case 'P_Updated':
      return { kind: 'product', P: a.P };
    case 'EpochUpdated':
      return { kind: 'epoch', epoch: a.currentEpoch };
    case 'ScaleUpdated':
      return { kind: 'scale', scale: a.currentScale };
    case 'UserDepositChanged':
      return { kind: 'depositChanged', depositor: a.depositor, value: a.newDeposit };
    case 'DepositSnapshotUpdated':
      return { kind: 'snapshot', depositor: a.depositor, P: a.P, S: a.S };
    case 'ETHGainWithdrawn':
      return { kind: 'gainWithdrawn', depositor: a.depositor, PAYDLoss: a.PAYDLoss };
    default:
      return undefined;
  }
}

/** When each reward transaction was mined (ms), read from its block. */
async function rewardTimes(
  connection: ProtocolConnection,
  logs: readonly PoolLog[],
): Promise<Map<Hash, number>> {
  const rewards = logs.filter(
    (l) => l.eventName === 'ETHRewardsDistributed' && l.transactionHash && l.blockNumber,
  );
  const blocks = [...new Set(rewards.map((l) => l.blockNumber!))];
  const times = new Map<bigint, number>();
  await Promise.all(
    blocks.map(async (blockNumber) => {
      const block = await withReadRetry(() => connection.publicClient.getBlock({ blockNumber }));
      times.set(blockNumber, Number(block.timestamp) * 1000);
    }),
  );
  return new Map(rewards.map((l) => [l.transactionHash!, times.get(l.blockNumber!)!]));
}

/** `depositor`'s history in the rewards pool (see RewardsPoolHistory). */
export async function getRewardsPoolHistory(
  connection: ProtocolConnection,
  depositor: Address,
): Promise<RewardsPoolHistory> {
  const { publicClient, deployment } = connection;
  const logs = (await withReadRetry(() =>
    publicClient.getContractEvents({
      address: deployment.addresses.rewardsPool,
      abi: rewardsPoolAbi,
      fromBlock: BigInt(deployment.startBlock),
    }),
  )) as unknown as PoolLog[];
  const times = await rewardTimes(connection, logs);
  const events = logs.map((l) => toEvent(l, times)).filter((e): e is RewardsPoolEvent => e !== undefined);
  return rewardsPoolHistory(events, depositor);
}
