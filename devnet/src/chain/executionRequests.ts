// The end-of-block system call of EIP-7002 and EIP-7251, emulated on chain 88. A real execution
// client calls each predeploy from SYSTEM_ADDRESS with empty input after a block's transactions; the
// predeploy dequeues up to 16 withdrawal (2 consolidation) requests, returns them packed, updates
// its excess and resets its count, and the requests go into the block (EIP-7685). Hardhat's EDR does
// none of this, so the dev beacon node asks for it once per slot: one transaction from
// SYSTEM_ADDRESS (impersonated) to the dev-only system caller installed there (systemContracts.ts),
// which makes both calls and logs what each returned. Dequeue and record being one transaction, a
// request is read back from exactly one log: none is lost or returned twice, whatever lands in
// between, and a restart replays that transaction with the journal, log and all.
import { hexToBigInt, isAddressEqual, numberToHex, parseEther, slice, size, type Hex, type Log } from 'viem';
import type { PublicClient } from 'viem';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  SYSTEM_ADDRESS,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
} from './systemContracts.ts';

export { CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, SYSTEM_ADDRESS, WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS };

/** An EIP-7002 request as the system call returned it. */
export interface DequeuedWithdrawalRequest {
  sourceAddress: Hex;
  validatorPubkey: Hex;
  /** Gwei; 0 = full exit. */
  amount: bigint;
  /** Chain 88 block whose system call dequeued it. */
  blockNumber: bigint;
}

/** An EIP-7251 request as the system call returned it (source == target: switch to 0x02). */
export interface DequeuedConsolidationRequest {
  sourceAddress: Hex;
  sourcePubkey: Hex;
  targetPubkey: Hex;
  /** Chain 88 block whose system call dequeued it. */
  blockNumber: bigint;
}

/** Requests in the order the predeploys dequeued them (the order the beacon chain processes them). */
export interface ExecutionRequests {
  withdrawals: DequeuedWithdrawalRequest[];
  consolidations: DequeuedConsolidationRequest[];
}

/** EIP-7002: source address (20) ++ pubkey (48) ++ amount (8, little-endian). */
const WITHDRAWAL_REQUEST_SIZE = 76;
/** EIP-7251: source address (20) ++ source pubkey (48) ++ target pubkey (48). */
const CONSOLIDATION_REQUEST_SIZE = 116;
/** Gas of the system-call transaction: 16 + 2 dequeues with their cold loads and stores fit well. */
const SYSTEM_CALL_GAS = 2_000_000n;
/** SYSTEM_ADDRESS pays for its transactions on chain 88; it is topped up below this. */
const SYSTEM_BALANCE_FLOOR = parseEther('0.1');
const SYSTEM_BALANCE = parseEther('1');

const littleEndianToUint64 = (bytes: Hex): bigint =>
  [...Buffer.from(bytes.slice(2), 'hex')].reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);

function records(data: Hex, recordSize: number): Hex[] {
  const length = size(data);
  if (length % recordSize !== 0)
    throw new Error(
      `system call output of ${length} bytes is not a whole number of ${recordSize}-byte requests`,
    );
  return Array.from({ length: length / recordSize }, (_, i) =>
    slice(data, i * recordSize, (i + 1) * recordSize),
  );
}

/** Decodes what the EIP-7002 predeploy's system call returns. */
export function decodeWithdrawalRequests(data: Hex, blockNumber: bigint): DequeuedWithdrawalRequest[] {
  return records(data, WITHDRAWAL_REQUEST_SIZE).map((r) => ({
    sourceAddress: slice(r, 0, 20),
    validatorPubkey: slice(r, 20, 68),
    amount: littleEndianToUint64(slice(r, 68, 76)),
    blockNumber,
  }));
}

/** Decodes what the EIP-7251 predeploy's system call returns. */
export function decodeConsolidationRequests(data: Hex, blockNumber: bigint): DequeuedConsolidationRequest[] {
  return records(data, CONSOLIDATION_REQUEST_SIZE).map((r) => ({
    sourceAddress: slice(r, 0, 20),
    sourcePubkey: slice(r, 20, 68),
    targetPubkey: slice(r, 68, 116),
    blockNumber,
  }));
}

/** The requests recorded in the system caller's logs (any logs may be passed; others are skipped). */
export function executionRequestsFromLogs(logs: readonly Log[]): ExecutionRequests {
  const result: ExecutionRequests = { withdrawals: [], consolidations: [] };
  for (const log of logs) {
    if (!isAddressEqual(log.address, SYSTEM_ADDRESS) || log.blockNumber === null) continue;
    const topic = log.topics[0];
    if (topic === undefined) continue;
    const predeploy = slice(topic, 12);
    if (isAddressEqual(predeploy, WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS))
      result.withdrawals.push(...decodeWithdrawalRequests(log.data, log.blockNumber));
    else if (isAddressEqual(predeploy, CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS))
      result.consolidations.push(...decodeConsolidationRequests(log.data, log.blockNumber));
  }
  return result;
}

/**
 * Every request dequeued in blocks `fromBlock`..`toBlock` (inclusive), read from the system caller's
 * logs: what the dev beacon node should derive its state from (incrementally, like the deposit
 * logs), so that a request dequeued just before a crash of the beacon is still seen.
 */
export async function readExecutionRequests(
  client: PublicClient,
  range: { fromBlock: bigint; toBlock: bigint | 'latest' },
): Promise<ExecutionRequests> {
  const logs = await client.getLogs({ address: SYSTEM_ADDRESS, ...range });
  return executionRequestsFromLogs(logs);
}

/** Excess, count, queue head and tail (storage slots 0-3) of both predeploys are all zero. */
async function predeploysAtRest(client: PublicClient): Promise<boolean> {
  const reads = [WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS].flatMap(
    (address) => [0n, 1n, 2n, 3n].map((slot) => client.getStorageAt({ address, slot: numberToHex(slot) })),
  );
  return (await Promise.all(reads)).every((word) => word === undefined || hexToBigInt(word) === 0n);
}

/**
 * The end-of-block system calls of both predeploys, as one chain 88 transaction, returning the
 * requests it dequeued. Skipped (nothing returned, nothing mined) when both predeploys are at rest:
 * the call would change nothing. All requests and excess changes since the previous system call
 * count as one block's, as if they had all landed in the block the dev beacon node builds now.
 */
export async function processExecutionRequests(client: PublicClient): Promise<ExecutionRequests> {
  if (await predeploysAtRest(client)) return { withdrawals: [], consolidations: [] };
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  const balance = await client.getBalance({ address: SYSTEM_ADDRESS });
  if (balance < SYSTEM_BALANCE_FLOOR)
    await request({ method: 'hardhat_setBalance', params: [SYSTEM_ADDRESS, numberToHex(SYSTEM_BALANCE)] });
  await request({ method: 'hardhat_impersonateAccount', params: [SYSTEM_ADDRESS] });
  const hash = (await request({
    method: 'eth_sendTransaction',
    params: [{ from: SYSTEM_ADDRESS, to: SYSTEM_ADDRESS, data: '0x', gas: numberToHex(SYSTEM_CALL_GAS) }],
  })) as Hex;
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`the system call transaction ${hash} reverted`);
  return executionRequestsFromLogs(receipt.logs);
}
