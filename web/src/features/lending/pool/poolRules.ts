// The rewards pool screen's figures and the write each form sends, as plain functions over the
// store state of @payd/protocol and the pool's history (rewards earned, PAYD used, the APR).
import {
  Decimal,
  rewardsApr,
  type PoolWithdrawal,
  type RewardsPoolHistory,
  type StabilityDeposit,
} from '@payd/protocol';

export interface PoolView {
  /** PAYD in the deposit now (after liquidations used part of it). */
  deposited: Decimal;
  /**
   * PAYD the liquidations have used from the person's deposits since the first one (the pool's own
   * figure, initial - current, starts again at every deposit change); undefined while the history
   * loads.
   */
  usedByLiquidations: Decimal | undefined;
  /** ETH earned from liquidations and rewards, not yet withdrawn. */
  collateralGain: Decimal;
  /** The person's share of every reported staking reward, paid out or not (ETH); undefined while loading. */
  rewardsEarned: Decimal | undefined;
  /** The rewards of the last 30 days per PAYD deposited, at today's price, for a year. */
  apr: Decimal | undefined;
  /** The gain valued in PAYD at today's price. */
  gainValue: Decimal;
  poolTotal: Decimal;
  /** The deposit's part of the pool, 0 to 1. */
  share: Decimal;
  hasDeposit: boolean;
}

/** The pool's history for the figures (getRewardsPoolHistory) and the time the APR is taken at. */
export interface PoolHistoryInput {
  history: RewardsPoolHistory;
  now: number;
}

export function poolView(
  deposit: StabilityDeposit,
  poolTotal: Decimal,
  price: Decimal,
  past?: PoolHistoryInput,
): PoolView {
  const deposited = deposit.currentPAYD;
  const h = past?.history;
  return {
    deposited,
    usedByLiquidations: h?.pastLiquidationLoss.add(deposit.initialPAYD.subOrZero(deposited)),
    collateralGain: deposit.collateralGain,
    rewardsEarned: h?.rewardsEarned,
    apr: h && rewardsApr(h.rewards, price, past.now),
    gainValue: deposit.collateralGain.mul(price),
    poolTotal,
    share: poolTotal.isZero ? Decimal.ZERO : Decimal.min(deposited.div(poolTotal), Decimal.ONE),
    hasDeposit: !deposit.initialPAYD.isZero,
  };
}

/** What a pool form does: deposit (also a top-up), withdraw an amount, or withdraw everything. */
export type PoolAction = 'deposit' | 'withdraw' | 'withdrawAll';

/**
 * The amount passed to the write: for 'withdrawAll' the initial deposit, which the pool reads as
 * "everything" (it pays out at most the compounded value), so a liquidation between reading and
 * mining cannot leave dust behind.
 */
export function writeAmount(action: PoolAction, deposit: StabilityDeposit, typed?: Decimal): Decimal {
  if (action === 'withdrawAll') return deposit.initialPAYD;
  if (!typed) throw new Error('an amount is needed');
  return typed;
}

/** The deposit after the action, for the preview under the form. */
export function depositAfter(action: PoolAction, deposit: StabilityDeposit, typed?: Decimal): Decimal {
  if (action === 'withdrawAll') return Decimal.ZERO;
  if (!typed) return deposit.currentPAYD;
  return action === 'deposit' ? deposit.currentPAYD.add(typed) : deposit.currentPAYD.subOrZero(typed);
}

/** The label of the transaction in the status bar. */
export function actionLabel(action: PoolAction, deposit: StabilityDeposit, typed?: Decimal): string {
  if (action === 'withdrawAll') return `Withdraw all ${deposit.currentPAYD.prettify()} PAYD`;
  const amount = `${typed?.prettify() ?? ''} PAYD`;
  if (action === 'deposit') return deposit.initialPAYD.isZero ? `Deposit ${amount}` : `Top up ${amount}`;
  return `Withdraw ${amount}`;
}

/**
 * What keeps PAYD in the pool and what would let it out (RewardsPool refuses withdrawals while the
 * riskiest cache is under 115%); undefined when withdrawals are open.
 */
export function withdrawalBlockText(w: PoolWithdrawal): string | undefined {
  if (w.allowed) return undefined;
  const ratio = w.ratio.toPercent();
  const price = w.releasePrice.prettify();
  if (w.lastCache) {
    return (
      `The only cache in the system is at ${ratio}, under 115%, and the last cache in the system cannot be ` +
      `liquidated, so the pool refuses PAYD withdrawals. They open again when ETH rises above ${price} PAYD, ` +
      `when its owner adds collateral or repays debt to bring it to 115%, or when another cache is opened ` +
      `and this one is liquidated. Your collateral gain can still be withdrawn.`
    );
  }
  return (
    `A cache is at ${ratio}, under 115%, so the pool refuses PAYD withdrawals until it is liquidated ` +
    `(anyone can, on Risky caches), its owner brings it to 115%, or ETH rises above ${price} PAYD. ` +
    `Your collateral gain can still be withdrawn.`
  );
}
