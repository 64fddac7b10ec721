// Small assertions shared by the periphery contract tests.
import { expect } from 'chai';
import hre from 'hardhat';
import {
  decodeErrorResult,
  decodeEventLog,
  encodeFunctionData,
  toHex,
  type Abi,
  type Hash,
  type Hex,
  type Log,
} from 'viem';

/** KYC statuses, in the order of IKycManager.Status. */
export const Status = { None: 0, Pending: 1, Approved: 2, Suspended: 3, Closed: 4 } as const;

/** Awaits a contract call or transaction and asserts it reverts naming `reason` (custom error or string). */
export async function expectRevert(promise: Promise<unknown>, reason: string): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `expected a revert with ${reason}`).to.be.instanceOf(Error);
  expect((error as Error).message).to.include(reason);
}

/** Waits for a transaction, asserts it succeeded, and returns its receipt. */
export async function mined(hash: Promise<Hash> | Hash) {
  const publicClient = await hre.viem.getPublicClient();
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).to.equal('success');
  return receipt;
}

/** Decodes the logs of `abi` named `eventName` from a receipt. */
export function eventsNamed(abi: Abi, logs: readonly Log[], eventName: string) {
  const out: { eventName: string; args: Record<string, unknown> }[] = [];
  for (const log of logs) {
    try {
      const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
      if (decoded.eventName === eventName)
        out.push(decoded as unknown as { eventName: string; args: Record<string, unknown> });
    } catch {
      // a log of another contract or event
    }
  }
  return out;
}

/** Moves the chain clock forward and mines a block at the new time. */
export async function increaseTime(seconds: number | bigint): Promise<void> {
  const testClient = await hre.viem.getTestClient();
  await testClient.increaseTime({ seconds: Number(seconds) });
  await testClient.mine({ blocks: 1 });
}

export async function latestTimestamp(): Promise<bigint> {
  const publicClient = await hre.viem.getPublicClient();
  return (await publicClient.getBlock()).timestamp;
}

/** The raw revert data of a call (viem's errors from the Hardhat provider carry only the message). */
export async function revertData(
  to: Hex,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  value = 0n,
): Promise<Hex> {
  const [from] = await hre.viem.getWalletClients();
  const data = encodeFunctionData({ abi, functionName, args });
  try {
    await hre.network.provider.request({
      method: 'eth_call',
      params: [{ from: from.account.address, to, data, value: toHex(value) }, 'latest'],
    });
  } catch (e) {
    const revert = (e as { data?: unknown }).data;
    if (typeof revert === 'string') return revert as Hex;
    if (revert && typeof (revert as { data?: unknown }).data === 'string')
      return (revert as { data: Hex }).data;
    throw e;
  }
  throw new Error(`${functionName} did not revert`);
}

/**
 * Asserts that a read (eth_call) reverts with the custom error `errorName`. Used instead of
 * expectRevert on `contract.read.*`, which viem retries with backoff for about a second.
 */
export async function expectCallRevert(
  to: Hex,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  errorName: string,
): Promise<void> {
  const data = await revertData(to, abi, functionName, args);
  expect(decodeErrorResult({ abi, data }).errorName).to.equal(errorName);
}
