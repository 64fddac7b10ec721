// The live fee of the EIP-7002 and EIP-7251 predeploys: what an empty eth_call returns (`get_fee()`),
// and the amount payd sends, with a buffer for the fee rising before the request is mined. Whatever
// is sent is kept by the predeploy: neither fee nor buffer is refunded.
import { hexToBigInt, type Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  ExecutionRequestInputError,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
} from '../electra/requestPredeploys.ts';

/**
 * Buffer over the quoted fee, in percent (rounded up to the wei): 50 % covers the fee as it stands
 * after 7 more requests above the target (fake_exponential grows by e^(1/17) ≈ 6 % per request of
 * excess) between the quote and the block that takes the request.
 */
export const REQUEST_FEE_BUFFER_PERCENT = 50n;

/** A fee quote in wei. */
export interface RequestFeeQuote {
  /** What the predeploy asks now. */
  fee: bigint;
  /** What to send: `fee` plus `REQUEST_FEE_BUFFER_PERCENT`, rounded up. Not refunded. */
  value: bigint;
}

/** The value to send for a quoted fee: fee × (100 + buffer) / 100, rounded up. */
export function bufferedRequestFee(fee: bigint): bigint {
  return (fee * (100n + REQUEST_FEE_BUFFER_PERCENT) + 99n) / 100n;
}

/** The predeploy could not quote a fee: not deployed here, or not active yet (excess inhibitor). */
export class RequestFeeUnavailableError extends Error {
  override name = 'RequestFeeUnavailableError';
}

async function readRequestFee(connection: ProtocolConnection, predeploy: Address, what: string) {
  const client = connection.publicClient;
  const code = await client.getCode({ address: predeploy });
  if (code === undefined || code === '0x')
    throw new RequestFeeUnavailableError(
      `The ${what} contract is not deployed on chain ${connection.chainId}`,
    );
  const { data } = await client.call({ to: predeploy, data: '0x' }).catch((error: unknown) => {
    throw new RequestFeeUnavailableError(`The ${what} contract does not quote a fee yet`, { cause: error });
  });
  if (data === undefined || data === '0x')
    throw new RequestFeeUnavailableError(`The ${what} contract returned no fee`);
  const fee = hexToBigInt(data);
  return { fee, value: bufferedRequestFee(fee) };
}

/** The EIP-7002 fee (exit or partial withdrawal) now, and the buffered value to send. */
export function readWithdrawalRequestFee(connection: ProtocolConnection): Promise<RequestFeeQuote> {
  return readRequestFee(connection, WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, 'withdrawal request');
}

/** The EIP-7251 fee (consolidation or switch to 0x02) now, and the buffered value to send. */
export function readConsolidationRequestFee(connection: ProtocolConnection): Promise<RequestFeeQuote> {
  return readRequestFee(connection, CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, 'consolidation request');
}

/** Refuses a value below the live fee (the predeploy would revert and keep the gas). */
export function checkRequestValue(value: bigint, quote: RequestFeeQuote): bigint {
  if (value < quote.fee)
    throw new ExecutionRequestInputError(
      `The fee is now ${quote.fee} wei, more than the ${value} wei offered: quote the fee again`,
    );
  return value;
}
