// Where accepted voluntary exits are kept: on chain 88 itself. The exit pool is an 8-byte contract
// that logs its calldata; the dev beacon sends each accepted exit to it, so the exit is journaled
// with the chain, replayed with it after a restart, and timed by the chain clock like a deposit.
import {
  createWalletClient,
  decodeAbiParameters,
  defineChain,
  encodeAbiParameters,
  http,
  keccak256,
  parseEther,
  toHex,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPOSIT_CHAIN_ID } from './config.ts';

/** Address of the exit pool on chain 88. */
export const EXIT_POOL_ADDRESS = `0xbeac${'0'.repeat(31)}e7175` as const;

/** Runtime code: CALLDATACOPY(0, 0, CALLDATASIZE); LOG0(0, CALLDATASIZE); STOP. */
export const EXIT_POOL_CODE = '0x365f5f37365fa000';

/** The dev-only key that pays for exit-pool transactions (derived from a public phrase). */
const submitter = privateKeyToAccount(keccak256(toHex('payd dev beacon exit pool')));

const exitParameters = [
  { name: 'validatorIndex', type: 'uint64' },
  { name: 'epoch', type: 'uint64' },
  { name: 'signature', type: 'bytes' },
] as const;

/** A signed exit as the pool logs it. */
export interface PooledExit {
  validatorIndex: bigint;
  epoch: bigint;
  signature: Hex;
}

export function encodeExit(exit: PooledExit): Hex {
  return encodeAbiParameters(exitParameters, [exit.validatorIndex, exit.epoch, exit.signature]);
}

/** The exit a pool log carries, or null when the log is not one (anyone may call the pool). */
export function decodeExit(log: Pick<Log, 'data'>): PooledExit | null {
  try {
    const [validatorIndex, epoch, signature] = decodeAbiParameters(exitParameters, log.data);
    return signature.length === 2 + 192 ? { validatorIndex, epoch, signature } : null;
  } catch {
    return null;
  }
}

/**
 * Includes `exit` on chain 88: installs the pool and funds its submitter on first use (Hardhat's
 * dev methods, journaled by the devnet), then sends the transaction and waits for its block.
 */
export async function includeExit(client: PublicClient, rpcUrl: string, exit: PooledExit): Promise<Hex> {
  if ((await client.getCode({ address: EXIT_POOL_ADDRESS })) === undefined)
    await client.request({
      method: 'hardhat_setCode' as never,
      params: [EXIT_POOL_ADDRESS, EXIT_POOL_CODE] as never,
    });
  if ((await client.getBalance({ address: submitter.address })) < parseEther('0.1'))
    await client.request({
      method: 'hardhat_setBalance' as never,
      params: [submitter.address, toHex(parseEther('10'))] as never,
    });
  const chain = defineChain({
    id: Number(DEPOSIT_CHAIN_ID),
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account: submitter, chain, transport: http(rpcUrl) });
  const hash = await wallet.sendTransaction({ to: EXIT_POOL_ADDRESS, data: encodeExit(exit) });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`the exit pool transaction ${hash} reverted`);
  return hash;
}
