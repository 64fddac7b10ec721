// Top-up (issue 25 item 2): whole ETH added to one of the customer's own active validators, as a
// deposit to its public key (no new key). The server signs the deposit data with the validator's key
// and records the top-up; the customer's wallet sends it; it stays pending until the beacon chain
// credits it. The limits and messages here are the ones the web's top-up form and the server's
// TopUpValidator both apply.
//
// 0x01 validators are refused: a 0x01 validator counts at most 32 ETH (MAX_EFFECTIVE_BALANCE), and
// the withdrawal sweep pays everything above 32 ETH back to the withdrawal address within days, so a
// top-up would only send the customer's ETH through the deposit queue and back, for the gas. The
// road to a bigger validator is the upgrade to 0x02.
import { z } from 'zod';
import { positiveIntId } from '../fields.ts';
import {
  depositAmountMessages,
  MAX_DEPOSIT_ETH,
  MAX_DEPOSIT_GWEI,
  MIN_DEPOSIT_ETH,
  topUpAmountProblem,
  depositJsonEntry,
  type ValidatorKind,
} from './deposit.ts';
import { validatorPubkeyField, walletAddressField } from './keyExport.ts';

const GWEI_PER_ETH = 1_000_000_000n;

export const topUpMessages = {
  regularRefused:
    'A 0x01 validator counts at most 32 ETH: what you add above 32 ETH is swept back to your withdrawal address within days. Upgrade it to compounding (0x02) to add ETH.',
  notActive: 'Only an active validator can be topped up.',
  full: `This validator already holds ${MAX_DEPOSIT_ETH} ETH with its pending top-ups, the most a compounding validator counts.`,
  tooMuch: (maxEth: number) =>
    `You can add at most ${maxEth} ETH to this validator (${MAX_DEPOSIT_ETH} ETH in all, pending top-ups included).`,
  notFound: 'Top-up not found.',
} as const;

/** What a top-up is checked against: the validator as the beacon chain and payd's records see it. */
export interface TopUpTarget {
  kind: ValidatorKind;
  /** The beacon chain's balance, in gwei. */
  balanceGwei: bigint;
  /** Top-ups sent and not yet credited, in gwei. */
  pendingGwei: bigint;
  /** active_ongoing on the beacon chain. */
  active: boolean;
}

/**
 * The most whole ETH that may be added: 0 for 0x01 (refused), for 0x02 what keeps the balance and
 * the pending top-ups within MAX_EFFECTIVE_BALANCE_ELECTRA (2048 ETH; above it the sweep pays out).
 */
export function topUpLimitEth(t: Pick<TopUpTarget, 'kind' | 'balanceGwei' | 'pendingGwei'>): number {
  if (t.kind !== '0x02') return 0;
  const room = BigInt(MAX_DEPOSIT_GWEI) - t.balanceGwei - t.pendingGwei;
  return room <= 0n ? 0 : Number(room / GWEI_PER_ETH);
}

/** Why `amountEth` cannot be added to this validator, in the words the top-up form shows; null if it can. */
export function topUpProblem(t: TopUpTarget, amountEth: number): string | null {
  if (!t.active) return topUpMessages.notActive;
  if (t.kind !== '0x02') return topUpMessages.regularRefused;
  const amount = topUpAmountProblem(amountEth);
  if (amount) return amount;
  const max = topUpLimitEth(t);
  if (max < MIN_DEPOSIT_ETH) return topUpMessages.full;
  if (amountEth > max) return topUpMessages.tooMuch(max);
  return null;
}

/** Whole ETH from 1 to 2048 (the validator's own limit is checked against the beacon chain). */
export const topUpAmountField = z.coerce
  .number({ error: depositAmountMessages.wholeEth })
  .superRefine((n, ctx) => {
    const problem = topUpAmountProblem(n);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The web's top-up form for one validator: the amount, within that validator's limit. What the
 * validator itself refuses (not active, 0x01) is said first, whatever the amount.
 */
export function topUpForm(t: TopUpTarget) {
  return z.object({ amountEth: z.unknown() }).transform((b, ctx) => {
    const raw = b.amountEth;
    const amountEth = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim() || Number.NaN);
    const problem = topUpProblem(t, amountEth);
    if (!problem) return { amountEth };
    ctx.addIssue({ code: 'custom', message: problem, path: ['amountEth'] });
    return z.NEVER;
  });
}

/** Eth2WalletWs TopUpValidator: the signed deposit data of a top-up of the caller's validator. */
export const topUpValidatorBody = z.object({
  /** The withdrawal address of the validator's wallet. */
  walletAddress: walletAddressField,
  /** The validator's 0x BLS public key. */
  pubkey: validatorPubkeyField,
  /** Whole ETH to add. */
  amountEth: topUpAmountField,
});
export type TopUpValidatorBody = z.output<typeof topUpValidatorBody>;

/** Eth2WalletWs TopUpSent: the customer's wallet sent the top-up's deposit in this transaction. */
export const topUpSentBody = z.object({
  topUpId: positiveIntId,
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash'),
});
export type TopUpSentBody = z.output<typeof topUpSentBody>;

/** Eth2WalletWs GetTopUps: the top-ups of the caller's wallet, newest first. */
export const getTopUpsBody = z.object({ walletAddress: walletAddressField });

/**
 * A top-up's state: 'signed' (deposit data made, not sent yet), 'pending' (sent, the beacon chain has
 * not credited it yet), 'credited' (the validator's balance holds it).
 */
export const TOP_UP_STATES = ['signed', 'pending', 'credited'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];

export const topUpRow = z.strictObject({
  TopUpId: z.number().int(),
  /** 0x public key of the validator topped up. */
  PubKey: z.string(),
  AmountEth: z.number(),
  State: z.enum(TOP_UP_STATES),
  RequestedUtc: z.string(),
  SentUtc: z.string().nullable(),
  CreditedUtc: z.string().nullable(),
  TxHash: z.string().nullable(),
});
export type TopUpRow = z.output<typeof topUpRow>;

export const topUpValidatorReply = z.strictObject({
  TopUpId: z.number().int(),
  PubKey: z.string(),
  AmountEth: z.number(),
  /** The deposit data of the top-up (staking-deposit-cli format, `amount` in gwei as deposited). */
  DepositData: depositJsonEntry,
  /** `deposit_data-<unix seconds>.json`, for a person who would rather send it with the Launchpad. */
  FileName: z.string(),
});
export type TopUpValidatorReply = z.output<typeof topUpValidatorReply>;

export const getTopUpsReply = z.strictObject({ TopUps: z.array(topUpRow) });
export type GetTopUpsReply = z.output<typeof getTopUpsReply>;
