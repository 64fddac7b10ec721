// What a rewards pool deposit did over its life, from the pool's events in order (issue 27 item 7):
// the depositor's share of the reported staking rewards (the contract adds them to the same sum S
// as liquidation gains, so the collateral gain alone cannot tell them apart), the PAYD liquidations
// used across every deposit change (the pool forgets it when the gain is paid out), and the rewards
// per PAYD deposited over a window, for an APR. Pure: the reader in reads/ fetches the events.
import type { Address } from 'viem';
import { Decimal } from '../decimal/Decimal.ts';

const PRECISION = 10n ** 18n;
/** RewardsPool.SCALE_FACTOR: a gain in the next scale counts a billionth. */
const SCALE_FACTOR = 10n ** 9n;

/** One rewards pool event, as emitted, in chain order. */
export type RewardsPoolEvent =
  /** S_Updated; `reward` when ETHRewardsDistributed came in the same transaction. */
  | { kind: 'sum'; S: bigint; epoch: bigint; scale: bigint; reward?: { timestamp: number } }
  | { kind: 'product'; P: bigint }
  | { kind: 'epoch'; epoch: bigint }
  | { kind: 'scale'; scale: bigint }
  /** UserDepositChanged: the deposit's new initial value. */
  | { kind: 'depositChanged'; depositor: Address; value: bigint }
  /** DepositSnapshotUpdated: P and S when the deposit changed. */
  | { kind: 'snapshot'; depositor: Address; P: bigint; S: bigint }
  /** ETHGainWithdrawn: the gain paid out and the PAYD liquidations had used since the last change. */
  | { kind: 'gainWithdrawn'; depositor: Address; PAYDLoss: bigint };

export interface RewardsPoolHistory {
  /** The depositor's share of every reward report, paid out or not (ETH). */
  rewardsEarned: Decimal;
  /** PAYD that liquidations used before the deposit last changed (add initial - current for now). */
  pastLiquidationLoss: Decimal;
  /** Each reward report: when, and the ETH it gave each PAYD deposited then. */
  rewards: { timestamp: number; ethPerPAYD: Decimal }[];
}

interface Period {
  value: bigint;
  P: bigint;
  S: bigint;
  epoch: bigint;
  scale: bigint;
  /** Reward increments of S in the period's scale and the next. */
  first: bigint;
  second: bigint;
}

interface Walk {
  depositor: string;
  epoch: bigint;
  scale: bigint;
  P: bigint;
  lastS: Map<string, bigint>;
  pendingValue: bigint;
  period: Period | undefined;
  earned: bigint;
  loss: bigint;
  rewards: { timestamp: number; ethPerPAYD: Decimal }[];
}

/** The contract's getDepositorETHGain for the period's reward increments only. */
const periodRewards = (p: Period | undefined): bigint =>
  p ? (p.value * (p.first + p.second / SCALE_FACTOR)) / p.P / PRECISION : 0n;

function onSum(w: Walk, e: Extract<RewardsPoolEvent, { kind: 'sum' }>): void {
  const key = `${e.epoch}:${e.scale}`;
  const delta = e.S - (w.lastS.get(key) ?? 0n);
  w.lastS.set(key, e.S);
  if (!e.reward) return;
  // delta = ETH per PAYD deposited (18 decimals) x P (18 decimals), so delta / P is ETH per PAYD.
  w.rewards.push({ timestamp: e.reward.timestamp, ethPerPAYD: Decimal.fromRaw(delta / w.P) });
  const p = w.period;
  if (!p || e.epoch !== p.epoch) return;
  if (e.scale === p.scale) p.first += delta;
  else if (e.scale === p.scale + 1n) p.second += delta;
}

function onOwn(w: Walk, e: RewardsPoolEvent): void {
  if (e.kind === 'depositChanged') w.pendingValue = e.value;
  else if (e.kind === 'gainWithdrawn') w.loss += e.PAYDLoss;
  else if (e.kind === 'snapshot') {
    w.earned += periodRewards(w.period);
    w.period =
      w.pendingValue === 0n
        ? undefined
        : { value: w.pendingValue, P: e.P, S: e.S, epoch: w.epoch, scale: w.scale, first: 0n, second: 0n };
  }
}

function step(w: Walk, e: RewardsPoolEvent): void {
  if (e.kind === 'sum') onSum(w, e);
  else if (e.kind === 'product') w.P = e.P;
  else if (e.kind === 'epoch') w.epoch = e.epoch;
  else if (e.kind === 'scale') w.scale = e.scale;
  else if (e.depositor.toLowerCase() === w.depositor) onOwn(w, e);
}

/** Walks the pool's events from its deployment for `depositor`. */
export function rewardsPoolHistory(
  events: readonly RewardsPoolEvent[],
  depositor: Address,
): RewardsPoolHistory {
  const w: Walk = {
    depositor: depositor.toLowerCase(),
    epoch: 0n,
    scale: 0n,
    P: PRECISION,
    lastS: new Map(),
    pendingValue: 0n,
    period: undefined,
    earned: 0n,
    loss: 0n,
    rewards: [],
  };
  for (const e of events) step(w, e);
  return {
    rewardsEarned: Decimal.fromRaw(w.earned + periodRewards(w.period)),
    pastLiquidationLoss: Decimal.fromRaw(w.loss),
    rewards: w.rewards,
  };
}

export const APR_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The yearly return of a PAYD deposit from the rewards of the last `days` (timestamps in ms up to
 * `now`): the ETH they gave each PAYD, at `price` PAYD an ETH, times 365 / days.
 */
export function rewardsApr(
  rewards: readonly { timestamp: number; ethPerPAYD: Decimal }[],
  price: Decimal,
  now: number,
  days = APR_WINDOW_DAYS,
): Decimal {
  const since = now - days * DAY_MS;
  const perPAYD = rewards
    .filter((r) => r.timestamp > since && r.timestamp <= now)
    .reduce((sum, r) => sum.add(r.ethPerPAYD), Decimal.ZERO);
  return perPAYD.mul(price).mul(365).div(days);
}
