// The validator actions of issue 25 sent from the withdrawal-address wallet: exit (EIP-7002, amount 0),
// partial withdrawal (EIP-7002, a 0x02 validator's balance above 32 ETH), consolidation into another
// 0x02 validator and the 0x01 -> 0x02 upgrade (EIP-7251, source == target). The body of the server's
// check (Eth2WalletWs CheckValidatorRequest), its reply, and every text the customer reads about a
// request the beacon chain would ignore: the server answers with them, the modals show them.
import { z } from 'zod';
import { walletAddressField } from './keyExport.ts';

export const VALIDATOR_REQUEST_KINDS = ['exit', 'partialWithdrawal', 'consolidation', 'upgrade'] as const;
export type ValidatorRequestKind = (typeof VALIDATOR_REQUEST_KINDS)[number];

/** Largest uint64: the most a request's amount field carries (gwei). */
export const UINT64_MAX = 2n ** 64n - 1n;
export const GWEI_PER_ETH = 1_000_000_000n;

export const validatorRequestFieldMessages = {
  kind: "The request must be 'exit', 'partialWithdrawal', 'consolidation' or 'upgrade'",
  pubkey: 'Must be a validator public key (48 bytes hex)',
  target: 'Choose the validator to consolidate into',
  sameTarget:
    'Choose another validator than the source: consolidating a validator into itself is the upgrade to 0x02',
  amount: 'Enter an amount in ETH, more than 0, with at most 9 decimals',
} as const;

const pubkeyField = z
  .string({ error: validatorRequestFieldMessages.pubkey })
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{96}$/, validatorRequestFieldMessages.pubkey)
  .transform((k) => (k.startsWith('0x') ? k : `0x${k}`).toLowerCase());

/** Eth2WalletWs CheckValidatorRequest: would the beacon chain act on this request of the connected wallet? */
export const checkValidatorRequestBody = z
  .object({
    /** The connected wallet: the address the request would be sent from. */
    walletAddress: walletAddressField,
    kind: z.enum(VALIDATOR_REQUEST_KINDS, { error: validatorRequestFieldMessages.kind }),
    /** The validator the request is for (the consolidation's source). */
    pubkey: pubkeyField,
    /** Consolidation: the 0x02 validator the source is merged into. */
    targetPubkey: pubkeyField.optional().nullable(),
    /** Partial withdrawal: the amount in gwei, as digits. */
    amountGwei: z
      .string()
      .regex(/^\d{1,20}$/, validatorRequestFieldMessages.amount)
      .optional()
      .nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'consolidation' && !b.targetPubkey)
      ctx.addIssue({ code: 'custom', message: validatorRequestFieldMessages.target, path: ['targetPubkey'] });
    if (b.kind === 'consolidation' && b.targetPubkey === b.pubkey)
      ctx.addIssue({
        code: 'custom',
        message: validatorRequestFieldMessages.sameTarget,
        path: ['targetPubkey'],
      });
    // the field's own regex may have failed already: never parse what is not digits
    const amount = b.amountGwei && /^\d{1,20}$/.test(b.amountGwei) ? BigInt(b.amountGwei) : 0n;
    if (b.kind === 'partialWithdrawal' && (amount <= 0n || amount > UINT64_MAX))
      ctx.addIssue({ code: 'custom', message: validatorRequestFieldMessages.amount, path: ['amountGwei'] });
  });
export type CheckValidatorRequestBody = z.output<typeof checkValidatorRequestBody>;
export type CheckValidatorRequestRequest = z.input<typeof checkValidatorRequestBody>;

/**
 * An amount the customer typed in ETH ('20', '0.5', '1,5' is not one) as gwei, or null when it is
 * not a positive amount with at most 9 decimals that fits a request (uint64 gwei).
 */
export function ethTextToGwei(text: string): bigint | null {
  const m = /^(\d{1,11})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!m) return null;
  const gwei = BigInt(m[1]!) * GWEI_PER_ETH + BigInt((m[2] ?? '').padEnd(9, '0') || '0');
  return gwei > 0n && gwei <= UINT64_MAX ? gwei : null;
}

/** Gwei as ETH for people: '23', '0.5', '1.000000001' (no trailing zeros). */
export function gweiToEthText(gwei: bigint | string): string {
  const g = BigInt(gwei);
  const whole = g / GWEI_PER_ETH;
  const frac = (g % GWEI_PER_ETH).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** A time as the request texts show it, the same on both sides: '29 Nov 2026, 14:05 UTC'. */
export function requestTimeText(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** What the texts of a reason may name. */
export interface RequestReasonDetail {
  /** activeTooShort: SHARD_COMMITTEE_PERIOD of the chain, in epochs. */
  shardCommitteePeriod?: string | null;
  /** activeTooShort: the first epoch the request is processed, and its start (ISO). */
  allowedFromEpoch?: string | null;
  allowedFromUtc?: string | null;
  /** amountAboveWithdrawable: the most a partial withdrawal may take now, in gwei. */
  withdrawableGwei?: string | null;
  /** notWithdrawalAddress: the validator's withdrawal address. */
  withdrawalAddress?: string | null;
}

/** Why a request would not be processed, in the customer's words (keys: @payd/consensus's reasons). */
export const validatorRequestReasonMessages = {
  unknownValidator: () =>
    'The beacon chain does not know this validator yet: its deposit has not been processed.',
  noExecutionCredentials: () =>
    'This validator has no withdrawal address (0x00 credentials), so no wallet can send requests for it.',
  notWithdrawalAddress: (d: RequestReasonDetail) =>
    `Requests for this validator are only accepted from its withdrawal address${
      d.withdrawalAddress ? ` ${d.withdrawalAddress}` : ''
    }. Connect that wallet.`,
  notActiveYet: () => 'This validator is not active yet. Requests can be sent once it is active.',
  exitInitiated: () =>
    'This validator is already exiting (its exit was requested, it has exited, or it is being consolidated).',
  activeTooShort: (d: RequestReasonDetail) =>
    `This validator has been active for less than ${d.shardCommitteePeriod ?? '256'} epochs.${
      d.allowedFromEpoch
        ? ` The request is accepted from epoch ${d.allowedFromEpoch}${
            d.allowedFromUtc ? `, ${requestTimeText(d.allowedFromUtc)}` : ''
          }.`
        : ''
    }`,
  partialWithdrawalPending: () =>
    'A partial withdrawal of this validator is still pending. Send this request once it has been paid out.',
  partialQueueFull: () => "The beacon chain's queue of partial withdrawals is full. Please try again later.",
  notCompounding: () =>
    'Partial withdrawals are only for compounding (0x02) validators. Upgrade this validator to 0x02 first.',
  effectiveBalanceTooLow: () =>
    "This validator's effective balance is below 32 ETH, so nothing can be withdrawn partially.",
  nothingToWithdraw: () =>
    'This validator has nothing above 32 ETH to withdraw (counting the partial withdrawals already pending).',
  amountAboveWithdrawable: (d: RequestReasonDetail) =>
    `At most ${gweiToEthText(d.withdrawableGwei ?? '0')} ETH can be withdrawn now (the balance above 32 ETH less the partial withdrawals already pending). Enter a smaller amount.`,
  alreadyCompounding: () => 'This validator already has compounding (0x02) credentials.',
  consolidationQueueFull: () => "The beacon chain's consolidation queue is full. Please try again later.",
  consolidationChurnTooLow: () =>
    'The beacon chain takes no consolidations at the moment: its consolidation churn is 32 ETH an epoch or less.',
  unknownTarget: () =>
    'The beacon chain does not know the target validator yet: its deposit has not been processed.',
  targetNotCompounding: () =>
    'The target must be a compounding (0x02) validator. Upgrade the target to 0x02 first.',
  targetNotActiveYet: () => 'The target validator is not active yet.',
  targetExitInitiated: () => 'The target validator is exiting (or being consolidated itself).',
  differentWithdrawalAddresses: () =>
    "The two validators pay out to different withdrawal addresses: the stake would move to the target's address. payd consolidates only validators of the same withdrawal address.",
} as const satisfies Record<string, (d: RequestReasonDetail) => string>;

export type ValidatorRequestReason = keyof typeof validatorRequestReasonMessages;

/** The texts around a check and a request, both sides. */
export const validatorRequestMessages = {
  ignoredBySpec: 'The beacon chain would ignore this request and keep its fee, so nothing was sent.',
  refusedByPayd: 'Nothing was sent and no fee was paid.',
  processed: 'The beacon chain will process this request.',
  feeNotRefunded:
    'The fee is paid to the Ethereum network with the request and is not refunded, even if the beacon chain ignores the request.',
  feeBuffer:
    'The fee changes from block to block: a little more than the quote is sent, and the contract keeps it all.',
  wrongWallet: (address: string) =>
    `Requests for this validator must be sent from its withdrawal address ${address}. Connect that wallet to send it.`,
  noWallet: 'Connect the wallet of the withdrawal address to send the request.',
  signedExitRoad:
    'Exit Validator sends an exit signed by payd with the validator key: no wallet transaction and no fee.',
  walletExitRoad:
    'Exit from the wallet sends an exit request from your withdrawal address (EIP-7002): it works without payd or the validator key, for a small fee.',
} as const;

/** The message of a reason with its detail, and what follows: ignored by the chain, or refused by payd. */
export function validatorRequestReasonText(
  reason: ValidatorRequestReason,
  detail: RequestReasonDetail,
  bySpec: boolean,
): string {
  const after = bySpec ? validatorRequestMessages.ignoredBySpec : validatorRequestMessages.refusedByPayd;
  return `${validatorRequestReasonMessages[reason](detail)} ${after}`;
}

/** The reason's detail on the wire. */
export const requestReasonDetailWire = z.strictObject({
  AllowedFromEpoch: z.string().nullable(),
  AllowedFromUtc: z.string().nullable(),
  WithdrawableGwei: z.string().nullable(),
  /** The validator's withdrawal address (0x…, lower case); null for 0x00 credentials. */
  WithdrawalAddress: z.string().nullable(),
});
export type RequestReasonDetailWire = z.output<typeof requestReasonDetailWire>;

const reasons = Object.keys(validatorRequestReasonMessages) as [
  ValidatorRequestReason,
  ...ValidatorRequestReason[],
];

/** Eth2WalletWs CheckValidatorRequest's data. Amounts in gwei and epochs as digits. */
export const checkValidatorRequestReply = requestReasonDetailWire.extend({
  Kind: z.enum(VALIDATOR_REQUEST_KINDS),
  PubKey: z.string(),
  TargetPubKey: z.string().nullable(),
  /** Whether the beacon chain would process the request as asked. */
  Processed: z.boolean(),
  /** Why not (null when processed). */
  Reason: z.enum(reasons).nullable(),
  /** Whether the beacon chain itself would ignore it (false: payd refuses it, see the message). */
  BySpec: z.boolean().nullable(),
  /** The text to show: validatorRequestReasonText, or validatorRequestMessages.processed. */
  Message: z.string(),
  /** The epoch of the beacon head the check read. */
  HeadEpoch: z.string(),
});
export type CheckValidatorRequestReply = z.output<typeof checkValidatorRequestReply>;
