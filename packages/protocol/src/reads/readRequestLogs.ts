// The EIP-7002 and EIP-7251 requests wallets sent, read from the logs their predeploys write for each
// one (source address ++ pubkey ++ amount; source address ++ source pubkey ++ target pubkey), and
// whether a predeploy still holds requests its end-of-block system call has not dequeued yet.
import { hexToBigInt, numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
  consolidationRequestFromLogs,
  withdrawalRequestFromLogs,
} from '../electra/requestPredeploys.ts';

/** A request as a predeploy logged it, where and when. */
export interface LoggedExecutionRequest {
  /** withdrawal: EIP-7002 (exit or partial withdrawal); consolidation: EIP-7251 (or switch to 0x02). */
  predeploy: 'withdrawal' | 'consolidation';
  /** Lower case. */
  sourceAddress: Address;
  /** The validator the request is about (a consolidation's source), lower case. */
  validatorPubkey: Hex;
  /** Consolidations only, lower case. */
  targetPubkey?: Hex;
  /** Withdrawal requests: gwei, 0 = full exit; consolidations: 0. */
  amountGwei: bigint;
  blockNumber: bigint;
  blockTime: Date;
  transactionHash: Hex;
  logIndex: number;
}

export interface ReadRequestLogsParameters {
  /** First block read. */
  fromBlock: bigint;
  /** Last block read (inclusive). */
  toBlock: bigint;
}

/** Every request the two predeploys logged in `fromBlock`..`toBlock`, in log order. */
export async function readRequestLogs(
  client: PublicClient,
  { fromBlock, toBlock }: ReadRequestLogsParameters,
): Promise<LoggedExecutionRequest[]> {
  const logs = await client.getLogs({
    address: [WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS],
    fromBlock,
    toBlock,
  });
  const times = new Map<bigint, Date>();
  const out: LoggedExecutionRequest[] = [];
  for (const log of logs) {
    if (log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
    const withdrawal = withdrawalRequestFromLogs([log]);
    const consolidation = withdrawal ? undefined : consolidationRequestFromLogs([log]);
    if (!withdrawal && !consolidation) continue;
    let blockTime = times.get(log.blockNumber);
    if (!blockTime) {
      const block = await client.getBlock({ blockNumber: log.blockNumber });
      blockTime = new Date(Number(block.timestamp) * 1000);
      times.set(log.blockNumber, blockTime);
    }
    const where = {
      blockNumber: log.blockNumber,
      blockTime,
      transactionHash: log.transactionHash,
      logIndex: log.logIndex,
    };
    if (withdrawal)
      out.push({
        predeploy: 'withdrawal',
        sourceAddress: withdrawal.sourceAddress.toLowerCase() as Address,
        validatorPubkey: withdrawal.validatorPubkey.toLowerCase() as Hex,
        amountGwei: withdrawal.amountGwei,
        ...where,
      });
    else
      out.push({
        predeploy: 'consolidation',
        sourceAddress: consolidation!.sourceAddress.toLowerCase() as Address,
        validatorPubkey: consolidation!.sourcePubkey.toLowerCase() as Hex,
        targetPubkey: consolidation!.targetPubkey.toLowerCase() as Hex,
        amountGwei: 0n,
        ...where,
      });
  }
  return out;
}

/** Storage slots of both predeploys: the request queue's head and tail indexes (EIP-7002 / EIP-7251). */
const QUEUE_HEAD_SLOT = 2n;
const QUEUE_TAIL_SLOT = 3n;

/**
 * Whether each predeploy's queue is empty at block `blockNumber` (default the head): every request it
 * logged until then has been dequeued by a system call and handed to the beacon chain (the queue is
 * reset when it empties).
 */
export async function readRequestQueuesEmpty(
  client: PublicClient,
  blockNumber?: bigint,
): Promise<{ withdrawal: boolean; consolidation: boolean }> {
  const empty = async (address: Address) => {
    const [head, tail] = await Promise.all(
      [QUEUE_HEAD_SLOT, QUEUE_TAIL_SLOT].map((slot) =>
        client.getStorageAt({
          address,
          slot: numberToHex(slot, { size: 32 }),
          ...(blockNumber === undefined ? {} : { blockNumber }),
        }),
      ),
    );
    const n = (word: Hex | undefined) => (word === undefined || word === '0x' ? 0n : hexToBigInt(word));
    return n(head) >= n(tail);
  };
  const [withdrawal, consolidation] = await Promise.all([
    empty(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS),
    empty(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS),
  ]);
  return { withdrawal, consolidation };
}
