// The Borrow page's rules as plain functions: the preview of opening or adjusting a cache as the
// person types (ratio, liquidation price, the borrowing fee less the FTX discount, total debt) and
// every refusal the contracts would make, given before the wallet is asked. Mirrors
// BorrowerOperations: fee = floor(amount x rate) less the FTX tier's percentage; debt = reserve +
// amount + fee on opening. Tested in borrowRules.test.ts.
import {
  borrowingFee,
  Cache,
  CRITICAL_COLLATERAL_RATIO,
  DebtBelowMinimumError,
  Decimal,
  DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  liquidationPrices,
  minimumDebtRefusal,
  MINIMUM_COLLATERAL_RATIO,
  PAYD_LIQUIDATION_RESERVE,
  PAYD_MINIMUM_DEBT,
  repaymentRefusal,
  type Fees,
} from '@payd/protocol';
import { parseAmount } from './amounts.ts';
import { criticalRatioWarning } from './liquidationText.ts';

/** What the rules read from the store. */
export interface BorrowMarket {
  price: Decimal;
  /** Collateral and debt of all caches. */
  total: Cache;
  /** Fees with recovery mode set (state.fees). */
  fees: Fees;
  /** The FTX stake's discount, in percent (0 without a stake). */
  discountPercent: number;
  /** ETH in the wallet. */
  accountBalance: Decimal;
  /** PAYD in the wallet. */
  paydBalance: Decimal;
  /** PAYD in the rewards pool: in recovery mode it decides which caches can be liquidated. */
  paydInRewardsPool: Decimal;
}

export const BorrowMessages = {
  required: 'Enter an amount.',
  collateralZero: 'Enter an amount of ETH above zero.',
  borrowZero: 'Enter an amount of PAYD above zero.',
  aboveEthBalance: 'This is more ETH than your wallet holds.',
  abovePaydBalance: 'This is more PAYD than your wallet holds.',
  aboveCollateral: 'This is more than the collateral of your cache.',
  ratioBelowMinimum: 'The collateral ratio must be at least 115%.',
  ratioBelowCritical: 'In recovery mode the collateral ratio must be at least 155%.',
  ratioDecrease: 'In recovery mode a change may not lower the collateral ratio of your cache.',
  withdrawInRecovery: 'You cannot withdraw collateral while the system is in recovery mode.',
  lowersTotalRatio: 'This would lower the total collateral ratio of the system below 155%, so it is refused.',
  lowersTotalRatioInRecovery:
    'This would lower the total collateral ratio of the system, which recovery mode does not allow.',
  closeInRecovery: 'A cache cannot be closed while the system is in recovery mode.',
  nothingToChange: 'Enter a change of collateral or debt.',
} as const;

/** 'Cache's debt might fall below 2700 within 10 minutes' (spec 000 section 5). */
export const debtBelowMinimumMessage = new DebtBelowMinimumError(
  PAYD_MINIMUM_DEBT,
  DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
).message;

export interface Preview {
  /** The cache after the change. */
  cache: Cache;
  ratio: Decimal;
  liquidationPrice: Decimal;
  /** The fee as charged (after the discount), and before it. */
  fee: Decimal;
  feeBeforeDiscount: Decimal;
  /** The borrowing rate the fee is computed at. */
  rate: Decimal;
  /** The system's total collateral ratio after the change. */
  totalRatio: Decimal;
  /** Outside recovery mode, a ratio under 155% is a risk worth saying (criticalRatioWarning). */
  warning?: string;
}

/** The figures of a cache the preview shows before -> after an adjustment. */
export interface CacheFigures {
  cache: Cache;
  ratio: Decimal;
  liquidationPrice: Decimal;
}

export interface FormCheck {
  /** Messages by field. */
  errors: { collateral?: string; debt?: string };
  /** A refusal of the whole change (shown above the button). */
  refusal?: string;
  preview?: Preview;
  /** An adjustment: the cache as it is now, for 'before -> after'. */
  before?: CacheFigures;
  /** Everything is filled in and allowed: the wallet may be asked. */
  canSend: boolean;
}

function field(text: string, zeroMessage: string, required: boolean) {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.value === undefined) return required ? { error: BorrowMessages.required } : { value: undefined };
  if (parsed.value.isZero) return required ? { error: zeroMessage } : { value: undefined };
  return { value: parsed.value };
}

const isRecovery = (m: BorrowMarket) => m.fees.recoveryMode;

function previewOf(m: BorrowMarket, cache: Cache, borrow: Decimal | undefined, totalAfter: Cache): Preview {
  const rate = m.fees.borrowingRate();
  const ratio = cache.collateralRatio(m.price);
  const warning = criticalRatioWarning(ratio, isRecovery(m));
  const feeBeforeDiscount = borrow ? borrow.mul(rate) : Decimal.ZERO;
  const fee = borrow ? borrowingFee(borrow, rate, m.discountPercent) : Decimal.ZERO;
  return {
    cache,
    ratio,
    // the price that holds in either mode (recovery mode takes a cache under the total ratio early)
    liquidationPrice: liquidationPrices(cache, totalAfter, m.paydInRewardsPool).effective,
    fee,
    feeBeforeDiscount,
    rate,
    totalRatio: totalAfter.collateralRatio(m.price),
    ...(warning && { warning }),
  };
}

/** The debt once the fee has decayed for the tolerance: the minimum debt is checked against it. */
function decayedFee(m: BorrowMarket, borrow: Decimal): Decimal {
  const later = new Date(
    m.fees.timeOfLatestBlock.getTime() + DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES * 60_000,
  );
  return borrowingFee(borrow, m.fees.borrowingRate(later), m.discountPercent);
}

/** Opening a cache with `collateralText` ETH and `borrowText` PAYD. */
export function checkOpen(m: BorrowMarket, collateralText: string, borrowText: string): FormCheck {
  const errors: FormCheck['errors'] = {};
  const coll = field(collateralText, BorrowMessages.collateralZero, true);
  const debt = field(borrowText, BorrowMessages.borrowZero, true);
  if (coll.error) errors.collateral = coll.error;
  else if (coll.value!.gt(m.accountBalance)) errors.collateral = BorrowMessages.aboveEthBalance;
  if (debt.error) errors.debt = debt.error;
  if (!coll.value || !debt.value) return { errors, canSend: false };
  const borrow = debt.value;
  // the cache the write path builds too (protocol model: reserve + amount + discounted fee)
  const cache = Cache.create(
    { depositCollateral: coll.value, borrowPAYD: borrow },
    m.fees.borrowingRate(),
    m.discountPercent,
  );
  const preview = previewOf(m, cache, borrow, m.total.add(cache));
  const tooSmall = minimumDebtRefusal(
    cache.debt,
    PAYD_LIQUIDATION_RESERVE.add(borrow).add(decayedFee(m, borrow)),
  );
  if (tooSmall && !errors.debt) errors.debt = tooSmall;
  let refusal: string | undefined;
  if (isRecovery(m)) {
    if (preview.ratio.lt(CRITICAL_COLLATERAL_RATIO)) refusal = BorrowMessages.ratioBelowCritical;
  } else if (preview.ratio.lt(MINIMUM_COLLATERAL_RATIO)) refusal = BorrowMessages.ratioBelowMinimum;
  else if (preview.totalRatio.lt(CRITICAL_COLLATERAL_RATIO)) refusal = BorrowMessages.lowersTotalRatio;
  const fieldsOk = !errors.collateral && !errors.debt;
  return { errors, refusal, preview, canSend: fieldsOk && !refusal };
}

export type CollateralDirection = 'add' | 'withdraw';
export type DebtDirection = 'borrow' | 'repay';

export interface AdjustInput {
  collateralDirection: CollateralDirection;
  collateralText: string;
  debtDirection: DebtDirection;
  debtText: string;
}

/** The adjustment parameters of @payd/protocol for a checked form. */
export function adjustmentParams(input: AdjustInput): {
  depositCollateral?: Decimal;
  withdrawCollateral?: Decimal;
  borrowPAYD?: Decimal;
  repayPAYD?: Decimal;
} {
  const coll = parseAmount(input.collateralText);
  const debt = parseAmount(input.debtText);
  const c = coll.ok && coll.value && !coll.value.isZero ? coll.value : undefined;
  const d = debt.ok && debt.value && !debt.value.isZero ? debt.value : undefined;
  return {
    ...(c && (input.collateralDirection === 'add' ? { depositCollateral: c } : { withdrawCollateral: c })),
    ...(d && (input.debtDirection === 'borrow' ? { borrowPAYD: d } : { repayPAYD: d })),
  };
}

/** 'Add 1 ETH and borrow 500 PAYD': the change kind in words, or undefined when nothing changes. */
export function changeKind(input: AdjustInput): string | undefined {
  const p = adjustmentParams(input);
  const parts = [
    p.depositCollateral && `add ${p.depositCollateral.prettify(4)} ETH`,
    p.withdrawCollateral && `withdraw ${p.withdrawCollateral.prettify(4)} ETH`,
    p.borrowPAYD && `borrow ${p.borrowPAYD.prettify(2)} PAYD`,
    p.repayPAYD && `repay ${p.repayPAYD.prettify(2)} PAYD`,
  ].filter(Boolean) as string[];
  if (parts.length === 0) return undefined;
  const text = parts.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function adjustFieldErrors(m: BorrowMarket, current: Cache, input: AdjustInput) {
  const errors: FormCheck['errors'] = {};
  const coll = field(input.collateralText, BorrowMessages.collateralZero, false);
  const debt = field(input.debtText, BorrowMessages.borrowZero, false);
  if (coll.error) errors.collateral = coll.error;
  else if (coll.value && input.collateralDirection === 'add' && coll.value.gt(m.accountBalance))
    errors.collateral = BorrowMessages.aboveEthBalance;
  else if (coll.value && input.collateralDirection === 'withdraw') {
    if (isRecovery(m)) errors.collateral = BorrowMessages.withdrawInRecovery;
    else if (coll.value.gt(current.collateral)) errors.collateral = BorrowMessages.aboveCollateral;
  }
  const repay = debt.value && input.debtDirection === 'repay' ? debt.value : undefined;
  if (debt.error) errors.debt = debt.error;
  else if (repay) errors.debt = repaymentRefusal(current.debt, repay);
  if (repay && !errors.debt && repay.gt(m.paydBalance)) errors.debt = BorrowMessages.abovePaydBalance;
  return { errors, coll: coll.value, debt: debt.value };
}

/** The cache as it is, in the preview's figures. */
export function figuresOf(m: BorrowMarket, cache: Cache): CacheFigures {
  return {
    cache,
    ratio: cache.collateralRatio(m.price),
    liquidationPrice: liquidationPrices(cache, m.total, m.paydInRewardsPool).effective,
  };
}

/** Adjusting the open cache `current` (with pending redistribution applied). */
export function checkAdjust(m: BorrowMarket, current: Cache, input: AdjustInput): FormCheck {
  const checked = checkAdjustment(m, current, input);
  return { ...checked, before: figuresOf(m, current) };
}

function checkAdjustment(m: BorrowMarket, current: Cache, input: AdjustInput): FormCheck {
  const { errors, coll, debt } = adjustFieldErrors(m, current, input);
  if (!coll && !debt) return { errors, canSend: false };
  const borrow = debt && input.debtDirection === 'borrow' ? debt : undefined;
  const fee = borrow ? borrowingFee(borrow, m.fees.borrowingRate(), m.discountPercent) : Decimal.ZERO;
  let cache = current;
  if (coll)
    cache = input.collateralDirection === 'add' ? cache.addCollateral(coll) : cache.subtractCollateral(coll);
  if (debt) cache = borrow ? cache.addDebt(borrow.add(fee)) : cache.subtractDebt(debt);
  const totalAfter = m.total.subtract(current).add(cache);
  const preview = previewOf(m, cache, borrow, totalAfter);
  if (borrow && !errors.debt)
    errors.debt = minimumDebtRefusal(cache.debt, current.debt.add(borrow).add(decayedFee(m, borrow)));
  let refusal: string | undefined;
  const oldRatio = current.collateralRatio(m.price);
  if (isRecovery(m)) {
    if (borrow && preview.ratio.lt(CRITICAL_COLLATERAL_RATIO)) refusal = BorrowMessages.ratioBelowCritical;
    else if (borrow && preview.ratio.lt(oldRatio)) refusal = BorrowMessages.ratioDecrease;
    else if (preview.totalRatio.lt(m.total.collateralRatio(m.price)))
      refusal = BorrowMessages.lowersTotalRatioInRecovery;
  } else if (preview.ratio.lt(MINIMUM_COLLATERAL_RATIO)) refusal = BorrowMessages.ratioBelowMinimum;
  else if (preview.totalRatio.lt(CRITICAL_COLLATERAL_RATIO)) refusal = BorrowMessages.lowersTotalRatio;
  const fieldsOk = !errors.collateral && !errors.debt;
  return { errors, refusal, preview, canSend: fieldsOk && !refusal };
}

export interface CloseCheck {
  /** PAYD to repay: the debt less the liquidation reserve. */
  needed: Decimal;
  held: Decimal;
  /** PAYD still to get before closing (zero when the wallet holds enough). */
  shortfall: Decimal;
  refusal?: string;
  canSend: boolean;
}

/** Closing the open cache `current`. */
export function checkClose(m: BorrowMarket, current: Cache): CloseCheck {
  const needed = current.debt.subOrZero(PAYD_LIQUIDATION_RESERVE);
  const shortfall = needed.subOrZero(m.paydBalance);
  let refusal: string | undefined;
  if (isRecovery(m)) refusal = BorrowMessages.closeInRecovery;
  else if (m.total.subtract(current).collateralRatio(m.price).lt(CRITICAL_COLLATERAL_RATIO))
    refusal = BorrowMessages.lowersTotalRatio;
  return { needed, held: m.paydBalance, shortfall, refusal, canSend: !refusal && shortfall.isZero };
}
