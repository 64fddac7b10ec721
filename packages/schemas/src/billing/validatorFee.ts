// The daily fee of a validator (issue 25 item 9): spec 001's daily charge (Rates.CR) is the price of
// 32 ETH of effective balance a day, so a 32-ETH validator pays exactly CR, a 64-ETH one 2 × CR and
// a 2048-ETH 0x02 validator 64 × CR. One definition, used by the charge job (whose SQL computes the
// same figure, billing/charges/chargeRun.ts, and is tested against this function), the runway of the
// account page, the low-credit warning, /Pricing and the stake summary.
//
// Between multiples of 32 ETH the fee is pro rata to the effective balance: a 40-ETH validator pays
// 40/32 = 1.25 × CR. Effective balances move in whole ETH (EFFECTIVE_BALANCE_INCREMENT) as a 0x02
// validator compounds, so whole 32-ETH blocks would either charge a 33-ETH validator double (rounding
// up) or let 63 ETH ride on one fee (rounding down); pro rata charges each ETH that earns the same.
// The result is in credits, which have 2 decimals: rounded half up to the cent, as the charge column
// (numeric(20, 2)) always rounded CR, so a multiple of 32 ETH pays exactly that multiple of CR.
import { fromFixed, fx } from './fixed.ts';
import { CREDIT_DECIMALS } from './topUp.ts';
import { GWEI_PER_VALIDATOR, MAX_DEPOSIT_GWEI, type ValidatorKind } from '../staking/deposit.ts';

/** The gwei of effective balance one daily charge (Rates.CR) pays for: 32 ETH, as the beacon chain counts. */
export const FEE_UNIT_GWEI = BigInt(GWEI_PER_VALIDATOR);
/** The most a validator counts: 32 ETH for 0x01 (MAX_EFFECTIVE_BALANCE), 2048 ETH for 0x02. */
export const MAX_EFFECTIVE_GWEI: Readonly<Record<ValidatorKind, bigint>> = {
  '0x01': FEE_UNIT_GWEI,
  '0x02': BigInt(MAX_DEPOSIT_GWEI),
};
const GWEI_PER_ETH = 1_000_000_000n;

/** How the price reads on /Pricing, the stake summary and the statements. */
export const FEE_RULE_TEXT =
  'The daily fee is charged per 32 ETH of effective balance: a 32-ETH validator pays the daily charge, a 64-ETH one twice it, a 2048-ETH one 64 times; between multiples of 32 ETH it is pro rata (40 ETH pays 1.25 times), rounded to the cent.';

/** Credits (2 decimals) a validator of `effectiveGwei` effective balance pays a day at `cr` per 32 ETH. */
export function validatorDailyFee(cr: string, effectiveGwei: bigint | number): string {
  const gwei = BigInt(effectiveGwei);
  if (gwei <= 0n) return fromFixed(0n, CREDIT_DECIMALS);
  const cents = (fx(cr) * gwei * 100n + (FEE_UNIT_GWEI * 10n ** 18n) / 2n) / (FEE_UNIT_GWEI * 10n ** 18n);
  return fromFixed(cents * 10n ** 16n, CREDIT_DECIMALS);
}

/** Credits a day of validators of these effective balances (gwei), each fee rounded as charged. */
export function dailyFeeOf(cr: string, effectiveGwei: readonly (bigint | number)[]): string {
  const total = effectiveGwei.reduce<bigint>((s, g) => s + fx(validatorDailyFee(cr, g)), 0n);
  return fromFixed(total, CREDIT_DECIMALS);
}

/**
 * The effective balance a new validator starts with (process_pending_deposits then
 * process_effective_balance_updates): its deposit in whole ETH, capped by its kind's maximum.
 */
export function startingEffectiveGwei(kind: ValidatorKind, amountEth: number): bigint {
  const gwei = BigInt(Math.max(0, Math.trunc(amountEth))) * GWEI_PER_ETH;
  const max = MAX_EFFECTIVE_GWEI[kind];
  return gwei < max ? gwei : max;
}

/** The fee quoted before staking: `count` new validators of `kind` with `amountEth` each. */
export function stakeDailyFee(cr: string, count: number, kind: ValidatorKind, amountEth: number): string {
  const one = validatorDailyFee(cr, startingEffectiveGwei(kind, amountEth));
  return fromFixed(fx(one) * BigInt(Math.max(0, Math.trunc(count))), CREDIT_DECIMALS);
}
