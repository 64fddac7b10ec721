// The wallet's validator requests through @payd/protocol (issue 25): the live fee of the EIP-7002
// (exit, partial withdrawal) or EIP-7251 (consolidation, upgrade) predeploy with its buffer, and the
// request sent from the connected wallet with the value the customer saw. Loaded by the request modals
// when they quote, not with the page.
import type { Hash } from 'viem';
import {
  readConsolidationRequestFee,
  readWithdrawalRequestFee,
  requestConsolidation,
  requestExit,
  requestPartialWithdrawal,
  type RequestFeeQuote,
} from '@payd/protocol';
import type { ValidatorRequestKind } from '@payd/schemas';
import { connectReader, connectWallet, type ChainAccess } from '../../shell/chain/connection.ts';

export interface RequestThroughProtocol extends ChainAccess {
  kind: ValidatorRequestKind;
}

export interface ValidatorRequestToSend extends RequestThroughProtocol {
  pubkey: string;
  /** Consolidation: the 0x02 validator to merge into. */
  targetPubkey?: string | null;
  /** Partial withdrawal: gwei. */
  amountGwei?: bigint | null;
  /** The wei the customer agreed to (the quote's value); refused by the protocol if below the live fee. */
  value: bigint;
}

/** Whether the request goes to the EIP-7002 predeploy (else EIP-7251). */
export const isWithdrawalRequest = (kind: ValidatorRequestKind): boolean =>
  kind === 'exit' || kind === 'partialWithdrawal';

/** The live fee of the predeploy `kind` goes to, and the buffered value to send (wei). */
export async function quoteValidatorRequestFee(p: RequestThroughProtocol): Promise<RequestFeeQuote> {
  const connection = await connectReader(p.config);
  return isWithdrawalRequest(p.kind)
    ? readWithdrawalRequestFee(connection)
    : readConsolidationRequestFee(connection);
}

/** Sends the request from the connected wallet; resolves with its hash once mined and queued. */
export async function sendValidatorRequest(p: ValidatorRequestToSend): Promise<Hash> {
  const connection = await connectWallet(p);
  const options = { value: p.value };
  const sent =
    p.kind === 'exit'
      ? await requestExit(connection, p.pubkey, options)
      : p.kind === 'partialWithdrawal'
        ? await requestPartialWithdrawal(connection, p.pubkey, p.amountGwei ?? 0n, options)
        : await requestConsolidation(
            connection,
            p.pubkey,
            p.kind === 'upgrade' ? p.pubkey : String(p.targetPubkey),
            options,
          );
  await sent.waitForSuccess();
  return sent.hash;
}
