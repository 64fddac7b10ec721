// Eth2WalletWs PrepareDeposits (issue 14): the stake screen's one call before the wallet is asked.
// For the caller's wallet of a withdrawal address on a network (made when there is none), the
// server creates the validators missing for N to wait for their deposit and returns those N with
// their deposit data; the browser checks that deposit data before the wallet signs it.
import { z } from 'zod';
import { positiveIntId } from '../fields.ts';
import {
  depositAmountMessages,
  ETH_PER_VALIDATOR,
  newValidatorAmountProblem,
  VALIDATOR_KINDS,
  type ValidatorKind,
} from './deposit.ts';
import { walletAddressField } from './keyExport.ts';

/**
 * Most validators one stake takes: one MultipleDeposit transaction (its MAX_DEPOSITS) and one
 * creation of validators (Eth2Wallet SaveData's ValidatorCnt6).
 */
export const MAX_VALIDATORS_PER_STAKE = 100;

/** What a stake's validator count outside its bounds is answered with. */
export const stakeCountMessages = {
  required: 'Enter the number of validators to create',
  tooMany: `Validator Count must be at most ${MAX_VALIDATORS_PER_STAKE}`,
} as const;

/**
 * What a caller that names no kind or amount gets: a 0x01 validator of 32 ETH, as before issue 25 (an
 * API caller that knows nothing of 0x02 keeps getting exactly what it got). The stake page sends the
 * customer's choice, starting on STAKE_PAGE_KIND (0x02).
 */
export const DEFAULT_STAKE_KIND = '0x01' as const;
export const DEFAULT_STAKE_AMOUNT_ETH = ETH_PER_VALIDATOR;

/** How many validators one stake takes (spec 001's count input: whole, 1 to MAX_VALIDATORS_PER_STAKE). */
export const validatorCountField = z.coerce
  .number({ error: stakeCountMessages.required })
  .int(stakeCountMessages.required)
  .min(1, stakeCountMessages.required)
  .max(MAX_VALIDATORS_PER_STAKE, stakeCountMessages.tooMany);

/** The kind of every validator of a stake: '0x01' or '0x02'. */
export const validatorKindField = z.enum(VALIDATOR_KINDS, { error: depositAmountMessages.kind });

/** What each validator of a stake is deposited with, in whole ETH (checked with its kind). */
export const validatorAmountField = z.coerce.number({ error: depositAmountMessages.wholeEth });

/** The amount must suit the kind (newValidatorAmountProblem), reported on `amountEth`. */
function amountSuitsKind(b: { kind: ValidatorKind; amountEth: number }, ctx: z.RefinementCtx) {
  const problem = newValidatorAmountProblem(b.kind, b.amountEth);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amountEth'] });
}

/**
 * The stake page's choice (issue 25): kind, amount per validator and count, with the rules and
 * messages PrepareDepositsBody applies on the server, so the form and the server say the same.
 */
export const stakeChoiceForm = z
  .object({
    kind: validatorKindField,
    amountEth: validatorAmountField,
    numberOfValidators: validatorCountField,
  })
  .superRefine(amountSuitsKind);
export type StakeChoice = z.output<typeof stakeChoiceForm>;

/** Eth2WalletWs PrepareDeposits: N validators waiting for their deposit, for this address and network. */
export const prepareDepositsBody = z
  .object({
    /** The withdrawal address (Eth1WithdrawalAddr6) the validators pay out to. */
    walletAddress: walletAddressField,
    /** The chain id of the connected network (NetworkId6). */
    networkId: positiveIntId,
    /** How many validators the deposit takes. */
    numberOfValidators: validatorCountField,
    /** The kind of every validator of this deposit: '0x01' or '0x02' (DEFAULT_STAKE_KIND when absent). */
    kind: validatorKindField.default(DEFAULT_STAKE_KIND),
    /** What each validator of this deposit is deposited with, in whole ETH (newValidatorAmountProblem). */
    amountEth: validatorAmountField.default(DEFAULT_STAKE_AMOUNT_ETH),
  })
  .superRefine(amountSuitsKind);
export type PrepareDepositsBody = z.output<typeof prepareDepositsBody>;
/** What a caller sends: kind and amountEth may be left out (the defaults above). */
export type PrepareDepositsRequest = z.input<typeof prepareDepositsBody>;

/** One validator to deposit, named as in the wallet's validator list (Eth2Validator5). */
export const preparedValidator = z.strictObject({
  Eth2ValidatorId5: z.number().int(),
  Idx5: z.number().int(),
  /** 0x-prefixed BLS public key. */
  PubKey5: z.string(),
  /** Base64 JSON array whose first item is the validator's deposit data (decodeDepositJson). */
  DepositJson5: z.string(),
  /** '0x01' or '0x02': the credentials its deposit data was signed for. */
  WithdrawalKind5: z.enum(VALIDATOR_KINDS),
  /** The amount its deposit data was signed for, in gwei. */
  DepositGwei5: z.number().int(),
});
export type PreparedValidator = z.output<typeof preparedValidator>;

export const prepareDepositsReply = z.strictObject({
  /** The wallet the validators belong to. */
  Eth2WalletId6: z.number().int(),
  /** How many validators this call created. */
  Created: z.number().int(),
  /** The validators to deposit: empty status, one per public key, the first N by index. */
  Validators: z.array(preparedValidator),
});
export type PrepareDepositsReply = z.output<typeof prepareDepositsReply>;
