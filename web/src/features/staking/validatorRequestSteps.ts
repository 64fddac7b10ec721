// The steps of a validator request modal, without React: check the request on the server (nothing is
// quoted or sent when the beacon chain would ignore it), quote the predeploy's fee, then send from
// the connected wallet, only when it is the validator's withdrawal address. Its I/O is injected:
// the server check, the fee quote and the wallet's send (protocolRequests.ts).
import {
  validatorRequestMessages,
  type CheckValidatorRequestReply,
  type CheckValidatorRequestRequest,
  type ValidatorRequestKind,
} from '@payd/schemas';
import {
  checkRequestBody,
  isWithdrawalWallet,
  validatorRequestTexts,
  type RequestForm,
} from './validatorRequestRules.ts';
import type { ValidatorRow } from './validatorsRules.ts';

export interface FeeQuote {
  /** Wei the predeploy asks now. */
  fee: bigint;
  /** Wei sent: the fee and its buffer. */
  value: bigint;
}

export type RequestStage =
  | { stage: 'form'; error: string | null }
  | { stage: 'refused'; reply: CheckValidatorRequestReply }
  | { stage: 'wrongWallet'; reply: CheckValidatorRequestReply; message: string }
  | { stage: 'ready'; reply: CheckValidatorRequestReply; quote: FeeQuote }
  | { stage: 'sent'; reply: CheckValidatorRequestReply; hash: string }
  /** `feeError`: the fee could not be read (feeUnavailable), for this reason. */
  | { stage: 'failed'; message: string; feeError?: string };

export const FORM: RequestStage = { stage: 'form', error: null };

export interface RequestIo {
  check: (body: CheckValidatorRequestRequest) => Promise<CheckValidatorRequestReply>;
  quote: (kind: ValidatorRequestKind) => Promise<FeeQuote>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The check, then (when the chain would act and the wallet may send) the fee quote. */
export async function prepareRequest(
  io: RequestIo,
  kind: ValidatorRequestKind,
  connected: string | undefined,
  v: ValidatorRow,
  form: RequestForm,
): Promise<RequestStage> {
  if (!connected) return { stage: 'form', error: validatorRequestMessages.noWallet };
  const made = checkRequestBody(kind, connected, v, form);
  if ('error' in made) return { stage: 'form', error: made.error };
  let reply: CheckValidatorRequestReply;
  try {
    reply = await io.check(made.body);
  } catch (e) {
    return { stage: 'failed', message: messageOf(e) };
  }
  if (!reply.Processed) return { stage: 'refused', reply };
  if (!isWithdrawalWallet(connected, reply.WithdrawalAddress))
    return {
      stage: 'wrongWallet',
      reply,
      message: validatorRequestMessages.wrongWallet(reply.WithdrawalAddress ?? ''),
    };
  try {
    return { stage: 'ready', reply, quote: await io.quote(kind) };
  } catch (e) {
    const feeError = messageOf(e);
    return { stage: 'failed', message: `${validatorRequestTexts.feeUnavailable} (${feeError})`, feeError };
  }
}

/** Sends a ready request with the value the customer saw; the hash, or why it failed. */
export async function sendPrepared(
  send: (value: bigint) => Promise<string>,
  ready: Extract<RequestStage, { stage: 'ready' }>,
): Promise<RequestStage> {
  try {
    return { stage: 'sent', reply: ready.reply, hash: await send(ready.quote.value) };
  } catch (e) {
    return { stage: 'failed', message: messageOf(e) };
  }
}
