// Requests a validator's withdrawal address sends to the Prague predeploys (issue 25, items 3-5): an
// exit or a partial withdrawal (EIP-7002), a consolidation or the switch to 0x02 credentials
// (EIP-7251). Each goes from the customer's wallet with the live fee and its buffer
// (readRequestFees.ts) unless the caller passes the value it showed; the predeploy keeps all of it.
// The beacon chain ignores requests its rules refuse (wrong sender, not active long enough, …) without
// refunding: check them against the beacon state first.
import type { Address, Hex, TransactionReceipt } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import {
  checkAmountGwei,
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  consolidationRequestFromLogs,
  encodeConsolidationRequest,
  encodeWithdrawalRequest,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
  withdrawalRequestFromLogs,
  type ConsolidationRequestDetails,
  type WithdrawalRequestDetails,
} from '../electra/requestPredeploys.ts';
import {
  checkRequestValue,
  readConsolidationRequestFee,
  readWithdrawalRequestFee,
  type RequestFeeQuote,
} from '../reads/readRequestFees.ts';
import { followTransaction, type SentTransaction } from './sendTransaction.ts';

/** Options of a request. */
export interface ExecutionRequestOptions {
  /**
   * Wei to send: the `value` of the quote the customer saw. Refused when below the live fee;
   * default: the live fee with its buffer.
   */
  value?: bigint;
}

async function sendRequest<D>(
  connection: ProtocolConnection,
  to: Address,
  data: Hex,
  quote: (c: ProtocolConnection) => Promise<RequestFeeQuote>,
  options: ExecutionRequestOptions,
  details: (receipt: TransactionReceipt) => D,
): Promise<SentTransaction<D>> {
  const signer = requireSigner(connection);
  const live = await quote(connection);
  const value = options.value === undefined ? live.value : checkRequestValue(options.value, live);
  const hash = await signer.walletClient.sendTransaction({
    to,
    data,
    value,
    account: signer.account,
    chain: signer.walletClient.chain ?? null,
  } as never);
  return followTransaction(connection, hash, details);
}

const requireDetails = <D>(found: D | undefined, hash: Hex): D => {
  if (found === undefined) throw new Error(`Transaction ${hash} queued no request`);
  return found;
};

function sendWithdrawalRequest(
  connection: ProtocolConnection,
  data: Hex,
  options: ExecutionRequestOptions,
): Promise<SentTransaction<WithdrawalRequestDetails>> {
  return sendRequest(
    connection,
    WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
    data,
    readWithdrawalRequestFee,
    options,
    (r) => requireDetails(withdrawalRequestFromLogs(r.logs), r.transactionHash),
  );
}

/** Asks for the full exit of the validator `pubkey` (EIP-7002, amount 0). */
export async function requestExit(
  connection: ProtocolConnection,
  pubkey: string,
  options: ExecutionRequestOptions = {},
): Promise<SentTransaction<WithdrawalRequestDetails>> {
  return sendWithdrawalRequest(connection, encodeWithdrawalRequest(pubkey, 0n), options);
}

/**
 * Asks for `amountGwei` (above 0, a uint64) of the validator `pubkey` to be withdrawn (EIP-7002;
 * only a 0x02 validator's balance above 32 ETH is paid out).
 */
export async function requestPartialWithdrawal(
  connection: ProtocolConnection,
  pubkey: string,
  amountGwei: bigint | number,
  options: ExecutionRequestOptions = {},
): Promise<SentTransaction<WithdrawalRequestDetails>> {
  const data = encodeWithdrawalRequest(pubkey, checkAmountGwei(amountGwei));
  return sendWithdrawalRequest(connection, data, options);
}

/**
 * Asks for the validator `sourcePubkey` to be merged into `targetPubkey` (EIP-7251); with source ==
 * target, for its credentials to switch from 0x01 to 0x02.
 */
export async function requestConsolidation(
  connection: ProtocolConnection,
  sourcePubkey: string,
  targetPubkey: string,
  options: ExecutionRequestOptions = {},
): Promise<SentTransaction<ConsolidationRequestDetails>> {
  const data = encodeConsolidationRequest(sourcePubkey, targetPubkey);
  return sendRequest(
    connection,
    CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
    data,
    readConsolidationRequestFee,
    options,
    (r) => requireDetails(consolidationRequestFromLogs(r.logs), r.transactionHash),
  );
}
