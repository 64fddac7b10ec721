// Where accepted voluntary exits are kept: on chain 88 itself. The exit pool is an 8-byte contract
// that logs its calldata; the dev beacon sends each accepted exit to it, so the exit is journaled
// with the chain, replayed with it after a restart, and timed by the chain clock like a deposit.
import {
  decodeAbiParameters,
  encodeAbiParameters,
  keccak256,
  toHex,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LOG_CALLDATA_CODE, logOnChain } from './devLog.ts';

/** Address of the exit pool on chain 88. */
export const EXIT_POOL_ADDRESS = `0xbeac${'0'.repeat(31)}e7175` as const;

/** The pool's runtime code: it logs its calldata. */
export const EXIT_POOL_CODE = LOG_CALLDATA_CODE;

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
export function includeExit(client: PublicClient, rpcUrl: string, exit: PooledExit): Promise<Hex> {
  return logOnChain(
    client,
    rpcUrl,
    { address: EXIT_POOL_ADDRESS, submitter, what: 'exit pool' },
    encodeExit(exit),
  );
}
