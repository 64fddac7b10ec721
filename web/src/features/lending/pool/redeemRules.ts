// The redeem screen's preview and checks: the fee rate this redemption pays (the base rate raised
// by the redeemed fraction of all PAYD), the ETH it brings, how that rate decays if one waits, the
// maximum-fee tolerance, and the bootstrap period before redemptions open. The fee math is the
// contract's (CacheManager: the decayed base rate plus the redeemed fraction of the entire system
// debt over BETA, then the 0.5% floor), through @payd/protocol's Fees.
import { formatDateTime } from '@payd/i18n';
import {
  DEFAULT_REDEMPTION_RATE_SLIPPAGE_TOLERANCE,
  Decimal,
  type Cache,
  type Fees,
  type ProtocolDeployment,
} from '@payd/protocol';

export interface RedemptionPreview {
  /** Fee rate of this redemption (its own effect on the base rate included). */
  rate: Decimal;
  /** ETH the PAYD is worth at today's price, before the fee. */
  ethDrawn: Decimal;
  /** Redemption fee, in ETH, less the redeemer's FTX discount (as CacheManager charges it). */
  feeETH: Decimal;
  /** ETH the person receives. */
  ethReceived: Decimal;
  /**
   * The default maximum fee: the rate after this redemption (its own raise of the base rate
   * included) plus 0.1 percentage points, at most 100%.
   */
  defaultMaxRate: Decimal;
}

/**
 * The preview of redeeming `amount` PAYD at `price`; `discountPercent` is the redeemer's FTX stake
 * discount (0 without a stake), which the contract takes off the fee.
 */
export function redemptionPreview(
  fees: Fees,
  total: Cache,
  price: Decimal,
  amount: Decimal,
  discountPercent = 0,
): RedemptionPreview {
  const rate = fees.redemptionRate(redeemedFraction(total, amount));
  const ethDrawn = amount.div(price);
  const fullFee = ethDrawn.mul(rate);
  const feeETH = discountPercent >= 100 ? Decimal.ZERO : fullFee.mul(100 - discountPercent).div(100);
  return {
    rate,
    ethDrawn,
    feeETH,
    ethReceived: ethDrawn.subOrZero(feeETH),
    defaultMaxRate: Decimal.min(rate.add(DEFAULT_REDEMPTION_RATE_SLIPPAGE_TOLERANCE), Decimal.ONE),
  };
}

/** The share of all PAYD debt that redeeming `amount` takes, as the contract counts it. */
export function redeemedFraction(total: Cache, amount: Decimal): Decimal {
  return total.debt.isZero ? Decimal.ZERO : Decimal.min(amount.div(total.debt), Decimal.ONE);
}

/**
 * The fee rate a redemption of `amount` would pay after waiting each of `minutes`: the base rate
 * decays per whole minute, the redemption's own raise (its fraction over beta) does not.
 */
export function rateDecay(
  fees: Fees,
  now: Date,
  total: Cache,
  amount: Decimal = Decimal.ZERO,
  minutes: readonly number[] = [60, 720, 1440],
): { minutes: number; rate: Decimal }[] {
  const fraction = redeemedFraction(total, amount);
  return minutes.map((m) => ({
    minutes: m,
    rate: fees.redemptionRate(fraction, new Date(now.getTime() + m * 60_000)),
  }));
}

/** '1 hour', '12 hours', '1 day'. */
export function waitText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** Reads the maximum fee typed as a percentage ('0.6' is 0.6%) and checks it against this redemption's rate. */
export function checkMaxFee(text: string, rate: Decimal): { rate?: Decimal; message?: string } {
  const t = text.trim().replace(/%$/, '').trim();
  if (t === '') return { message: 'Enter the most you will pay, in percent' };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t) || (t.split('.')[1] ?? '').length > 16)
    return { message: 'bad decimal format' };
  const max = Decimal.from(t).div(100);
  if (max.gt(Decimal.ONE)) return { message: 'The maximum fee cannot be above 100%' };
  if (max.lt(rate))
    return {
      message: `Below this redemption's fee rate of ${rate.toPercent()}: the transaction would refuse`,
    };
  return { rate: max };
}

/** When redemptions open: the deployment date plus the bootstrap period. */
export const redemptionsOpenAt = (
  deployment: Pick<ProtocolDeployment, 'deploymentDate' | 'bootstrapPeriod'>,
) => new Date(deployment.deploymentDate + deployment.bootstrapPeriod * 1000);

/** When redemptions open, as `lang` writes a date and time (English the en-GB way: '9 Dec 2026, 14:05'). */
export const opensAtText = (lang: string, at: Date): string =>
  formatDateTime(lang === 'en' ? 'en-GB' : lang, at);

/** The refusal shown before anything is sent while the bootstrap period runs; undefined once open. */
export function bootstrapRefusal(
  deployment: Pick<ProtocolDeployment, 'deploymentDate' | 'bootstrapPeriod'>,
  blockTime: Date,
): string | undefined {
  const opensAt = redemptionsOpenAt(deployment);
  if (blockTime.getTime() >= opensAt.getTime()) return undefined;
  return `Redemptions are not open yet: the bootstrap period ends on ${opensAtText('en', opensAt)}.`;
}

/** What the person is told when the amount had to be cut. */
export function truncationText(attempted: Decimal, redeemed: Decimal, increased?: Decimal): string {
  const more = increased ? ` Or redeem ${increased.prettify()} PAYD to take a whole further cache.` : '';
  return (
    `Only ${redeemed.prettify()} of ${attempted.prettify()} PAYD can be redeemed: the rest would leave a cache ` +
    `under the minimum net debt of 2,500 PAYD.${more}`
  );
}

/** The maximum fee's hint; `ownRate` is shown while the fee is still the one set for the person. */
export function maxFeeHint(ownRate: Decimal | undefined): string {
  const setForYou =
    ownRate === undefined
      ? ''
      : `Set for you: this redemption's fee rate of ${ownRate.toPercent()} plus 0.1%. `;
  return `${setForYou}If others redeem first and the fee rises above this, the transaction refuses rather than pay more.`;
}
