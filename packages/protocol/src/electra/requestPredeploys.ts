// The EIP-7002 (withdrawal request) and EIP-7251 (consolidation request) predeploys as a wallet
// calls them: addresses, the fee rule, and the calldata, with the inputs checked before any wallet
// is asked (a request the predeploy takes but the beacon chain ignores still costs its fee). Pure.
import { concat, isHex, numberToHex, size, slice, type Address, type Hex, type Log } from 'viem';

/** EIP-7002 `WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS` (mainnet, its testnets and chain 88). */
export const WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS: Address = '0x00000961Ef480Eb55e80D19ad83579A64c007002';
/** EIP-7251 `CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS` (mainnet, its testnets and chain 88). */
export const CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS: Address = '0x0000BBdDc7CE488642fb579F8B00f3a590007251';

/** Both EIPs: `MIN_..._REQUEST_FEE` (wei) and `..._REQUEST_FEE_UPDATE_FRACTION`. */
export const MIN_REQUEST_FEE = 1n;
export const REQUEST_FEE_UPDATE_FRACTION = 17n;
/** The largest uint64, the most an EIP-7002 amount (gwei) can say. */
export const MAX_UINT64 = 2n ** 64n - 1n;

/** An input a request cannot be built from; nothing was sent. */
export class ExecutionRequestInputError extends Error {
  override name = 'ExecutionRequestInputError';
}

/** `fake_exponential(factor, numerator, denominator)` of EIP-7002 / EIP-7251 (and EIP-4844). */
export function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let output = 0n;
  let accumulator = factor * denominator;
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator;
    accumulator = (accumulator * numerator) / (denominator * i);
  }
  return output / denominator;
}

/** The fee either predeploy asks for a request while its excess is `excess` (`get_fee()`). */
export function requestFeeForExcess(excess: bigint): bigint {
  return fakeExponential(MIN_REQUEST_FEE, excess, REQUEST_FEE_UPDATE_FRACTION);
}

/**
 * A validator public key as 0x-prefixed lower-case hex of 48 bytes (with or without 0x on input).
 * `what` names it in the error ('Validator public key', 'Source public key', …).
 */
export function normalizeValidatorPubkey(pubkey: string, what = 'Validator public key'): Hex {
  const hex = (pubkey.startsWith('0x') ? pubkey : `0x${pubkey}`).toLowerCase();
  if (!isHex(hex, { strict: true }) || size(hex) !== 48)
    throw new ExecutionRequestInputError(`${what} must be 48 bytes (96 hex characters)`);
  return hex;
}

/** A uint64 amount in gwei; `allowZero` for the exit (amount 0). */
export function checkAmountGwei(amountGwei: bigint | number, allowZero = false): bigint {
  if (typeof amountGwei === 'number' && !Number.isSafeInteger(amountGwei))
    throw new ExecutionRequestInputError('Amount must be a whole number of gwei');
  const amount = BigInt(amountGwei);
  if (amount < 0n || amount > MAX_UINT64)
    throw new ExecutionRequestInputError(`Amount must be between 0 and ${MAX_UINT64} gwei (uint64)`);
  if (amount === 0n && !allowZero)
    throw new ExecutionRequestInputError('Amount must be above 0 gwei (an amount of 0 requests a full exit)');
  return amount;
}

/** EIP-7002 calldata: the 48-byte pubkey and the amount as a big-endian uint64 (56 bytes). */
export function encodeWithdrawalRequest(pubkey: string, amountGwei: bigint | number): Hex {
  return concat([
    normalizeValidatorPubkey(pubkey),
    numberToHex(checkAmountGwei(amountGwei, true), { size: 8 }),
  ]);
}

/** EIP-7251 calldata: source and target pubkeys (96 bytes); source == target switches it to 0x02. */
export function encodeConsolidationRequest(sourcePubkey: string, targetPubkey: string): Hex {
  return concat([
    normalizeValidatorPubkey(sourcePubkey, 'Source public key'),
    normalizeValidatorPubkey(targetPubkey, 'Target public key'),
  ]);
}

/** A withdrawal request as the predeploy queued it (its log: source ++ pubkey ++ amount). */
export interface WithdrawalRequestDetails {
  sourceAddress: Address;
  validatorPubkey: Hex;
  /** Gwei; 0 = full exit. */
  amountGwei: bigint;
}

/** A consolidation request as the predeploy queued it (its log: source ++ source ++ target). */
export interface ConsolidationRequestDetails {
  sourceAddress: Address;
  sourcePubkey: Hex;
  targetPubkey: Hex;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The request the EIP-7002 predeploy logged in these logs (a receipt's). */
export function withdrawalRequestFromLogs(logs: readonly Log[]): WithdrawalRequestDetails | undefined {
  const log = logs.find(
    (l) => sameAddress(l.address, WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS) && size(l.data) === 76,
  );
  if (!log) return undefined;
  return {
    sourceAddress: slice(log.data, 0, 20),
    validatorPubkey: slice(log.data, 20, 68),
    // The queue holds the amount big-endian as sent; only the system call's output is little-endian.
    amountGwei: BigInt(slice(log.data, 68, 76)),
  };
}

/** The request the EIP-7251 predeploy logged in these logs (a receipt's). */
export function consolidationRequestFromLogs(logs: readonly Log[]): ConsolidationRequestDetails | undefined {
  const log = logs.find(
    (l) => sameAddress(l.address, CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS) && size(l.data) === 116,
  );
  if (!log) return undefined;
  return {
    sourceAddress: slice(log.data, 0, 20),
    sourcePubkey: slice(log.data, 20, 68),
    targetPubkey: slice(log.data, 68, 116),
  };
}
