// The validator pool's and the FETH token's custom errors (and the admin checks a pool write meets)
// in words a person understands. viem decodes a refused pool write by name and arguments (the pool
// writes are sent with an ABI that carries all of these errors, src/writes/poolAbi.ts); this turns
// that into text. Same shape as the lending refusal texts of the web app
// (web/src/features/lending/pool/refusals.ts), which can take POOL_ERROR_TEXTS in as they are.
import { decodeErrorResult, type Hex } from 'viem';
import { Decimal } from '../decimal/Decimal.ts';
import { POOL_ERRORS_ABI } from '../writes/poolAbi.ts';

/** A custom error a contract reverted with: its name and decoded arguments. */
export interface ContractRevert {
  name: string;
  args: readonly unknown[];
}

interface RevertLike {
  errorName?: string;
  args?: readonly unknown[];
  data?: { errorName?: string; args?: readonly unknown[] } | Hex;
  raw?: Hex;
  cause?: unknown;
}

/**
 * The custom error anywhere in `error`'s cause chain: viem's decoded one (ContractFunctionRevertedError
 * `data`), or raw revert data decoded with the pool's errors. Undefined when there is none.
 */
export function contractRevertOf(error: unknown): ContractRevert | undefined {
  let e = error as RevertLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const data = typeof e.data === 'object' ? e.data : undefined;
    const name = data?.errorName ?? e.errorName;
    if (name) return { name, args: data?.args ?? e.args ?? [] };
    const raw = e.raw ?? (typeof e.data === 'string' ? e.data : undefined);
    if (raw && raw.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: POOL_ERRORS_ABI, data: raw });
        return { name: decoded.errorName, args: decoded.args ?? [] };
      } catch {
        // not one of the pool's errors
      }
    }
    e = e.cause as RevertLike | undefined;
  }
  return undefined;
}

/** Wei as ETH / FETH, every digit kept ('32', '0.5'). */
const eth = (wei: unknown) => Decimal.fromRaw(BigInt(wei as bigint)).toString();
/** An 18-decimal fraction as a percentage. */
const percent = (rate: unknown) => Decimal.fromRaw(BigInt(rate as bigint)).toPercent();
const plural = (n: unknown, one: string, many: string) => (BigInt(n as bigint) === 1n ? one : many);
const VALIDATOR_STATUS_NAMES = ['unknown', 'added', 'staked', 'exiting', 'exited', 'removed'];

/** Text for each error by name, from its decoded arguments (in the order the contract declares them). */
export const POOL_ERROR_TEXTS: Readonly<Record<string, (args: readonly unknown[]) => string>> = {
  // validator pool: a person's deposit of validators
  KycDenied: () => 'Your wallet is not approved by KYC for this action, so nothing was sent.',
  ZeroCount: () => 'Choose at least 1 validator',
  TooManyValidators: ([count, max]) =>
    `At most ${String(max)} validators can be deposited in one transaction (you chose ${String(count)})`,
  NotEnoughAvailableValidators: ([, available]) =>
    `Only ${String(available)} ${plural(available, 'validator is', 'validators are')} available`,
  WrongValue: ([expected, sent]) => `Send exactly ${eth(expected)} ETH (${eth(sent)} ETH was sent)`,
  DepositFailed: ([id]) => `The beacon deposit contract refused validator ${String(id)}`,
  // validator pool: the server admin's registration and exits
  InvalidValidator: ([index, reason]) => `Deposit data ${String(index)} is refused: ${String(reason)}`,
  DuplicateValidator: ([pubkey]) => `Validator ${String(pubkey)} is already registered`,
  UnknownValidator: ([id]) => `There is no validator ${String(id)}`,
  WrongValidatorStatus: ([id, status]) =>
    `Validator ${String(id)} is ${VALIDATOR_STATUS_NAMES[Number(status)] ?? String(status)}, which does not allow this`,
  ExitBalanceNotArrived: ([needed, arrived]) =>
    `The exited validators' ETH has not reached the pool yet (${eth(arrived)} of ${eth(needed)} ETH)`,
  RewardsNotArrived: ([reported, available]) =>
    `Only ${eth(available)} ETH of rewards has reached the pool, less than the ${eth(reported)} ETH reported`,
  AlreadyReportedThisPeriod: ([period]) => `Rewards were already reported for period ${String(period)}`,
  RateTooHigh: ([rate, max]) => `A fee rate of ${percent(rate)} is above the maximum of ${percent(max)}`,
  OnlySelf: () => 'Only the validator pool itself may do this',
  ETHTransferFailed: ([to, amount]) => `Sending ${eth(amount)} ETH to ${String(to)} failed`,
  // validator pool: the FETH swap queue
  ZeroAmount: () => 'Enter an amount above 0',
  InsufficientFETH: ([balance, needed]) =>
    `You hold ${eth(balance)} FETH, less than the ${eth(needed)} FETH needed`,
  AlreadyQueued: () => 'You already have FETH in the swap queue; cancel it first',
  NothingQueued: () => 'You have no FETH in the swap queue',
  NothingToClaim: () => 'You have no swapped ETH to claim yet',
  AmountTooLarge: ([amount]) => `${eth(amount)} FETH is more than one queue entry can take`,
  NotEnoughGasToFill: () =>
    'The transaction had too little gas left to fill the queue; send it again with more gas',
  Reentrancy: () => 'The validator pool refused a call made while it was busy',
  // FETH token
  CallerNotAllowed: () => 'Only the validator pool may do this',
  InvalidRecipient: ([recipient]) => `FETH cannot be sent to ${String(recipient)}`,
  InsufficientBalance: ([, balance, needed]) =>
    `You hold ${eth(balance)} FETH, less than the ${eth(needed)} FETH needed`,
  InsufficientAllowance: ([, allowance, needed]) =>
    `The FETH allowance is ${eth(allowance)}, less than the ${eth(needed)} needed`,
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

/**
 * The readable text of a refused pool or FETH write (or read), e.g. 'Only 2 validators are
 * available'; undefined when `error` is not one of their custom errors (a wallet refusal, a network
 * error, a lending error), so the caller can fall back to its own handling.
 */
export function poolRefusalText(error: unknown): string | undefined {
  const revert = contractRevertOf(error);
  return revert && poolErrorText(revert);
}
