// The staff screen of liquid staking's validator pool (PoolValidatorWs, server liquid/staff.ts;
// read-only for every staff role): payd's own pool validators with their statuses, exits and
// settlements, and above them the pool's on-chain totals and reward reports (GetPoolState,
// PoolSummary.tsx).
import type { StaffScreen } from './screens.ts';

export const POOL_SERVICE = 'PoolValidator';

/** pool_validator status codes as staff read them. */
export const POOL_VALIDATOR_STATUS_TEXT: Readonly<Record<string, string>> = {
  G: 'Generated',
  A: 'Available',
  S: 'Staked',
  X: 'Exiting',
  E: 'Exited',
  R: 'Removed',
};

/** Reward report status codes as staff read them. */
export const REPORT_STATUS: Readonly<Record<string, string>> = { P: 'Sending', D: 'Done', F: 'Failed' };

/** The totals GetPoolState shows, in this order, with their labels. */
export const POOL_STATE_FIGURES: readonly (readonly [string, string])[] = [
  ['availableValidators', 'Available validators'],
  ['totalStakedETH', 'Staked (ETH)'],
  ['deactivatedETHInProgress', 'Exits in progress (ETH)'],
  ['freeETH', 'Free (ETH)'],
  ['claimableETH', 'Claimable (ETH)'],
  ['unfilledFETHInQueue', 'Waiting in the queue (FETH)'],
  ['queueLength', 'Queue entries'],
  ['rewardsAvailable', 'Rewards arrived, not reported (ETH)'],
  ['totalLifetimeStakingRewards', 'Lifetime staking rewards (ETH)'],
  ['totalLifetimeMiningRewards', 'Lifetime mining rewards (ETH)'],
];

const DAY_SECONDS = 86_400n;

/**
 * A reward report's period as staff read it: the UTC day it began (period × the chain's
 * reportPeriod seconds of chain time), with the time of day when periods are shorter than a day
 * or do not start at midnight; 'period N' when the chain's period length is unknown.
 */
export function reportPeriodText(period: string, reportPeriodSeconds: string | undefined): string {
  const length = /^\d+$/.test(reportPeriodSeconds ?? '') ? BigInt(reportPeriodSeconds!) : 0n;
  if (length <= 0n || !/^\d+$/.test(period)) return `period ${period}`;
  const start = BigInt(period) * length;
  const iso = new Date(Number(start) * 1000).toISOString();
  return length % DAY_SECONDS === 0n ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const poolScreen: StaffScreen = {
  path: 'pool',
  title: 'Validator pool',
  config: {
    service: POOL_SERVICE,
    entity: 'PoolValidator41',
    keys: { mstKey: 'PoolValidatorId41' },
  },
};
