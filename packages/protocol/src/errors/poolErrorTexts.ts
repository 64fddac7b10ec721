// The validator pool's and the FETH token's custom errors in words, by error name: what a form
// checks before the wallet is asked uses these texts as they are (web's liquidRules.ts), without
// the pool's error ABI and viem's decoder that poolErrors.ts needs to read a refused write.
import { Decimal } from '../decimal/Decimal.ts';
import { ruleText, type RuleFigure } from './ruleTexts.ts';

/** A custom error a contract reverted with: its name and decoded arguments. */
export interface ContractRevert {
  name: string;
  args: readonly unknown[];
}

/** Wei as ETH / FETH, every digit kept ('32', '0.5'). */
const ethText = (wei: unknown) => Decimal.fromRaw(BigInt(wei as bigint)).toString();
/** The same as a figure of a rule text (ruleTexts.ts: a catalogue message the web translates). */
const eth = (wei: unknown): RuleFigure => ({ amount: Decimal.fromRaw(BigInt(wei as bigint)) });
/** A count or an id as a figure. */
const n = (value: unknown): RuleFigure => ({ amount: BigInt(value as bigint) });
/** An 18-decimal fraction as a percentage. */
const percent = (rate: unknown) => Decimal.fromRaw(BigInt(rate as bigint)).toPercent();
const VALIDATOR_STATUS_NAMES = ['unknown', 'added', 'staked', 'exiting', 'exited', 'removed'];

/** Text for each error by name, from its decoded arguments (in the order the contract declares them). */
export const POOL_ERROR_TEXTS: Readonly<Record<string, (args: readonly unknown[]) => string>> = {
  // validator pool: a person's deposit of validators
  KycDenied: () => 'Your wallet is not approved by KYC for this action, so nothing was sent.',
  ZeroCount: () => 'Choose at least 1 validator',
  TooManyValidators: ([count, max]) => ruleText('tooManyValidators', { max: n(max), count: n(count) }),
  NotEnoughAvailableValidators: ([, available]) =>
    ruleText('notEnoughValidators', { available: n(available) }),
  WrongValue: ([expected, sent]) => ruleText('wrongValue', { expected: eth(expected), sent: eth(sent) }),
  DepositFailed: ([id]) => ruleText('depositFailed', { id: n(id) }),
  // validator pool: the server admin's registration and exits
  InvalidValidator: ([index, reason]) => `Deposit data ${String(index)} is refused: ${String(reason)}`,
  DuplicateValidator: ([pubkey]) => `Validator ${String(pubkey)} is already registered`,
  UnknownValidator: ([id]) => `There is no validator ${String(id)}`,
  WrongValidatorStatus: ([id, status]) =>
    `Validator ${String(id)} is ${VALIDATOR_STATUS_NAMES[Number(status)] ?? String(status)}, which does not allow this`,
  ExitBalanceNotArrived: ([needed, arrived]) =>
    `The exited validators' ETH has not reached the pool yet (${ethText(arrived)} of ${ethText(needed)} ETH)`,
  RewardsNotArrived: ([reported, available]) =>
    `Only ${ethText(available)} ETH of rewards has reached the pool, less than the ${ethText(reported)} ETH reported`,
  AlreadyReportedThisPeriod: ([period]) => `Rewards were already reported for period ${String(period)}`,
  RateTooHigh: ([rate, max]) => `A fee rate of ${percent(rate)} is above the maximum of ${percent(max)}`,
  OnlySelf: () => 'Only the validator pool itself may do this',
  ETHTransferFailed: ([to, amount]) => `Sending ${ethText(amount)} ETH to ${String(to)} failed`,
  // validator pool: the FETH swap queue
  ZeroAmount: () => 'Enter an amount above 0',
  InsufficientFETH: ([balance, needed]) =>
    ruleText('fethBelowNeeded', { balance: eth(balance), needed: eth(needed) }),
  AlreadyQueued: () => 'You already have FETH in the swap queue; cancel it first',
  NothingQueued: () => 'You have no FETH in the swap queue',
  NothingToClaim: () => 'You have no swapped ETH to claim yet',
  AmountTooLarge: ([amount]) => ruleText('fethTooLarge', { amount: eth(amount) }),
  NotEnoughGasToFill: () =>
    'The transaction had too little gas left to fill the queue; send it again with more gas',
  Reentrancy: () => 'The validator pool refused a call made while it was busy',
  // FETH token
  CallerNotAllowed: () => 'Only the validator pool may do this',
  InvalidRecipient: ([recipient]) => `FETH cannot be sent to ${String(recipient)}`,
  InsufficientBalance: ([, balance, needed]) =>
    ruleText('fethBelowNeeded', { balance: eth(balance), needed: eth(needed) }),
  InsufficientAllowance: ([, allowance, needed]) =>
    ruleText('fethAllowance', { allowance: eth(allowance), needed: eth(needed) }),
  // admin checks
  NotServerAdmin: () => "Only payd's server admin may do this",
  NotHumanAdmin: () => "Only payd's human admin may do this",
  NotAdmin: () => "Only payd's admins may do this",
  NotOwner: () => 'Only the owner may do this',
  ZeroAddress: () => 'The zero address is not allowed here',
};

/** The text for a decoded pool or FETH error; undefined for any other error name. */
export function poolErrorText(revert: ContractRevert): string | undefined {
  const text = POOL_ERROR_TEXTS[revert.name];
  return text?.(revert.args);
}
