// What the rewards card's percentages are measured against: the balance that earned the rewards,
// not what is staked today. A validator earns from its activation to its exit, on its effective
// balance (32 ETH for a 0x01 validator, up to 2048 for a 0x02 one, issue 25); so a period's
// percentage is its rewards over the effective balance of each validator that ran in the period, and
// the LTD yearly return annualises the rewards over the ETH-time staked (the queue before
// activation earns nothing and does not dilute it). After an exit the figures stay those of the
// time the validator ran, instead of dropping to 0 with nothing staked.
import { ETH_PER_VALIDATOR } from './messages.ts';

const DAY_MS = 86_400_000n;
const YEAR_DAYS = 365n;

/** When a validator earned: from its activation to its exit (null: still running), epoch ms. */
export interface EarningSpan {
  activation: number;
  exit: number | null;
  /** Whole ETH it earned on: its effective balance (32 when not given). */
  eth?: bigint;
}

/** How long a span earned inside [from, to] (from null: since the start), in ms. */
function overlapMs(span: EarningSpan, from: number | null, to: number): number {
  const start = Math.max(span.activation, from ?? span.activation);
  const end = Math.min(span.exit ?? to, to);
  return Math.max(0, end - start);
}

export interface EarningBalance {
  /** Whole ETH that earned in the window: the effective balance of each validator that ran in it. */
  principalEth: bigint;
  /** ETH × ms staked in the window, for annualising. */
  ethMs: bigint;
}

/** The balance that earned in [from, to] (from null: the whole life). */
export function earningBalance(
  spans: readonly EarningSpan[],
  from: number | null,
  to: number,
): EarningBalance {
  let principalEth = 0n;
  let ethMs = 0n;
  for (const s of spans) {
    const ms = overlapMs(s, from, to);
    if (ms <= 0) continue;
    const eth = s.eth ?? ETH_PER_VALIDATOR;
    principalEth += eth;
    ethMs += eth * BigInt(Math.round(ms));
  }
  return { principalEth, ethMs };
}

/** a / b rounded half away from zero (PostgreSQL numeric round). */
export function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (x * 2n + y) / (y * 2n);
  return neg ? -q : q;
}

/** Rewards (10^-18 ETH units) as a percentage of the principal, in 10^-18 units; 0 without one. */
export function periodPct(rewardUnits: bigint, balance: EarningBalance): bigint {
  return balance.principalEth === 0n ? 0n : divRound(rewardUnits * 100n, balance.principalEth);
}

/** Rewards (10^-18 ETH units) as a yearly percentage (365 days) of the ETH-time staked, in 10^-18 units. */
export function annualisedPct(rewardUnits: bigint, balance: EarningBalance): bigint {
  if (balance.ethMs === 0n) return 0n;
  return divRound(rewardUnits * 100n * YEAR_DAYS * DAY_MS, balance.ethMs);
}
