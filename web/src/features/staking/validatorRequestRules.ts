// Pure rules of the validator request modals (issue 25, items 3-6): which requests a validator's row
// offers, the consolidation targets, the body of the server's check (CheckValidatorRequest), and the
// fee texts. The beacon-state rules themselves are the server's check (@payd/consensus); the texts
// both sides show are @payd/schemas'.
import { validatorKind } from './validatorBalances.ts';
import { formatEther } from 'viem';
import {
  ethTextToGwei,
  validatorRequestFieldMessages,
  type CheckValidatorRequestRequest,
  type ValidatorRequestKind,
} from '@payd/schemas';
import { code, type ValidatorRow } from './validatorsRules.ts';

/** What each request's button and modal are called. */
export const VALIDATOR_REQUEST_TITLES: Record<ValidatorRequestKind, string> = {
  upgrade: 'Upgrade to 0x02',
  consolidation: 'Consolidate',
  partialWithdrawal: 'Withdraw partially',
  exit: 'Exit from the wallet',
};

/** What each request does, in one paragraph of its modal. */
export const VALIDATOR_REQUEST_EXPLAINED: Record<ValidatorRequestKind, string> = {
  upgrade:
    "Switches this validator's withdrawal credentials from 0x01 to 0x02 (compounding): rewards stay in the validator and compound, up to 2048 ETH. Its balance above 32 ETH is queued as a deposit. This cannot be undone.",
  consolidation:
    'Moves the whole balance of this validator into the 0x02 validator you choose, then this validator exits. The target validates on with the combined balance. This cannot be undone.',
  partialWithdrawal:
    'Withdraws part of the balance above 32 ETH to your withdrawal address. The validator keeps validating.',
  exit: 'Your withdrawal address asks the beacon chain to exit this validator (EIP-7002). Its whole balance reaches your withdrawal address after the exit queue and the withdrawal sweep. This cannot be undone.',
};

export const validatorRequestTexts = {
  noTarget: 'You have no other active 0x02 validator to consolidate into. Upgrade one to 0x02 first.',
  checking: 'Checking the request against the beacon chain…',
  sent: 'Request sent. The beacon chain processes it in the coming epochs.',
  feeUnavailable: 'The fee could not be read from the network. Please try again.',
} as const;

/**
 * The validator's kind from its row ('0x01' or '0x02'): the beacon chain's word once synced (an
 * upgraded 0x01 is 0x02), else its deposit's; rows made before issue 25 are 0x01.
 */
export const rowKind = validatorKind;

/** Requests a validator's row offers: only an active validator's; upgrade for 0x01, partial for 0x02. */
export function offeredRequests(v: ValidatorRow): ValidatorRequestKind[] {
  if (code(v) !== '3') return [];
  return rowKind(v) === '0x01'
    ? ['upgrade', 'consolidation', 'exit']
    : ['consolidation', 'partialWithdrawal', 'exit'];
}

/** The customer's other active 0x02 validators: where `source` may be consolidated into. */
export function consolidationTargets(all: readonly ValidatorRow[], source: ValidatorRow): ValidatorRow[] {
  const key = String(source.PubKey5).toLowerCase();
  return all.filter(
    (v) => code(v) === '3' && rowKind(v) === '0x02' && String(v.PubKey5).toLowerCase() !== key,
  );
}

/** What the modal's fields hold. */
export interface RequestForm {
  targetPubkey: string | null;
  amountText: string;
}

/** The CheckValidatorRequest body of the form, or the field message that stops it. */
export function checkRequestBody(
  kind: ValidatorRequestKind,
  walletAddress: string,
  v: ValidatorRow,
  form: RequestForm,
): { body: CheckValidatorRequestRequest } | { error: string } {
  const body: CheckValidatorRequestRequest = { walletAddress, kind, pubkey: String(v.PubKey5) };
  if (kind === 'consolidation') {
    if (!form.targetPubkey) return { error: validatorRequestFieldMessages.target };
    body.targetPubkey = form.targetPubkey;
  }
  if (kind === 'partialWithdrawal') {
    const gwei = ethTextToGwei(form.amountText);
    if (gwei === null) return { error: validatorRequestFieldMessages.amount };
    body.amountGwei = gwei.toString();
  }
  return { body };
}

/** A fee in wei as the modal shows it: '0.000000000000000001 ETH'. */
export function feeText(wei: bigint): string {
  return `${formatEther(wei)} ETH`;
}

/** The quote line: the fee now, and what is sent with the buffer. */
export function quoteText(quote: { fee: bigint; value: bigint }): string {
  return `Fee now: ${feeText(quote.fee)}. Sent with the request (with a buffer for a rising fee): ${feeText(quote.value)}.`;
}

/** Whether the connected wallet may send the request: it must be the validator's withdrawal address. */
export function isWithdrawalWallet(connected: string | undefined, withdrawalAddress: string | null): boolean {
  return !!connected && !!withdrawalAddress && connected.toLowerCase() === withdrawalAddress.toLowerCase();
}
