// What the Liquid staking screen (issue 13) checks and shows, as plain functions over the store state
// of @payd/protocol: the validator count a deposit may take (the validator pool's rules, checked
// before the wallet is asked), the FETH a person may queue for ETH, their place in the swap queue,
// and the pool's figures. Messages are defined once here; the FETH amount reuses the lending amount
// rules (spec 000 section 5, 'bad decimal format').
import { Decimal, POOL_ERROR_TEXTS } from '@payd/protocol';
import { BAD_DECIMAL_FORMAT, checkAmount, type AmountCheck } from '../pool/amountRules.ts';
import { webRuleText } from '../../../i18n/ruleTexts.ts';

/** IValidatorPool.MAX_VALIDATORS_PER_DEPOSIT: validators one deposit may take. */
export const MAX_VALIDATORS_PER_DEPOSIT = 50;

const poolText = (name: string, args: readonly unknown[] = []): string => {
  const text = POOL_ERROR_TEXTS[name];
  if (!text) throw new Error(`no text for ${name}`);
  return text(args);
};

/**
 * The field messages. Where the validator pool has a refusal for the rule, its words (the
 * protocol's POOL_ERROR_TEXTS) are the field's, so the check before the wallet and the chain's
 * refusal read the same.
 */
export const liquidMessages = {
  wholeNumber: 'Enter a whole number of validators',
  atLeastOne: poolText('ZeroCount'),
  tooMany: (count: number) =>
    poolText('TooManyValidators', [BigInt(count), BigInt(MAX_VALIDATORS_PER_DEPOSIT)]),
  noneAvailable: 'No validators are available right now; please try again later',
  moreThanAvailable: (count: number, available: number) =>
    poolText('NotEnoughAvailableValidators', [BigInt(count), BigInt(available)]),
  notEnoughETH: (needed: Decimal, balance: Decimal) =>
    webRuleText('liquidNeedsEth', {
      needed: { amount: needed, digits: 0 },
      balance: { amount: balance, digits: 4 },
    }),
  alreadyQueued: poolText('AlreadyQueued'),
  noFETH: 'You have no FETH to queue',
  /** Said where FETH is minted (issue 27 item 9): holding FETH earns nothing. */
  earnsNothing:
    "FETH earns nothing: 1 FETH stays a claim on 1 ETH. The validators' staking and mining rewards, after the fee and charity shares, go to the rewards pool's depositors (PAYD deposited on the Rewards pool page), not to FETH holders.",
} as const;

/** The store fields the deposit form reads. */
export interface DepositLimits {
  availableValidators: number;
  /** ETH per validator (the store's validatorAmt, 32). */
  validatorAmt: Decimal;
  /** The person's ETH (the store's accountBalance). */
  accountBalance: Decimal;
}

export type CountCheck =
  { kind: 'empty' } | { kind: 'error'; message: string } | { kind: 'ok'; count: number; ethNeeded: Decimal };

/** The largest count the form may take: 50, the available validators, and what the ETH pays for. */
export function maxValidators(limits: DepositLimits): number {
  const per = limits.validatorAmt.raw;
  if (per === 0n) return 0;
  let affordable = limits.accountBalance.raw / per;
  // The deposit sends exactly count x 32 ETH: a balance of exactly that leaves nothing for gas.
  if (affordable > 0n && affordable * per === limits.accountBalance.raw) affordable -= 1n;
  const payable = Number(affordable > 1000n ? 1000n : affordable);
  return Math.max(0, Math.min(MAX_VALIDATORS_PER_DEPOSIT, limits.availableValidators, payable));
}

/**
 * A number of validators from 1 to min(50, available) whose ETH (count x 32) the wallet holds with
 * something left for gas; else the message the field shows.
 */
export function checkValidatorCount(text: string, limits: DepositLimits): CountCheck {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  if (!/^\d+$/.test(t)) return { kind: 'error', message: liquidMessages.wholeNumber };
  const count = Number(t);
  if (count < 1) return { kind: 'error', message: liquidMessages.atLeastOne };
  if (count > MAX_VALIDATORS_PER_DEPOSIT) return { kind: 'error', message: liquidMessages.tooMany(count) };
  if (limits.availableValidators === 0) return { kind: 'error', message: liquidMessages.noneAvailable };
  if (count > limits.availableValidators)
    return { kind: 'error', message: liquidMessages.moreThanAvailable(count, limits.availableValidators) };
  const ethNeeded = ethNeededFor(count, limits.validatorAmt);
  // The deposit sends exactly count x 32 ETH; the same amount leaves nothing to pay the gas.
  if (limits.accountBalance.lte(ethNeeded))
    return { kind: 'error', message: liquidMessages.notEnoughETH(ethNeeded, limits.accountBalance) };
  return { kind: 'ok', count, ethNeeded };
}

/** The line under the count field: the range a deposit may take, or why none is possible. */
export function countHint(limits: DepositLimits): string {
  if (limits.availableValidators === 0) return liquidMessages.noneAvailable;
  const max = maxValidators(limits);
  if (max === 0) return liquidMessages.notEnoughETH(limits.validatorAmt, limits.accountBalance);
  return max === 1
    ? '1 validator at most right now'
    : `From 1 to ${max} (at most ${MAX_VALIDATORS_PER_DEPOSIT} at once, within the validators available and your ETH)`;
}

export const ethNeededFor = (count: number, validatorAmt: Decimal): Decimal => validatorAmt.mul(count);

export interface DepositPreview {
  ethSent: Decimal;
  fethMinted: Decimal;
  fethAfter: Decimal;
  /** The wallet's ETH after the deposit, before gas. */
  ethAfter: Decimal;
  availableAfter: number;
}

/** What a deposit of `count` validators changes: 1 FETH for each ETH sent. */
export function depositPreview(count: number, limits: DepositLimits, fethBalance: Decimal): DepositPreview {
  const ethSent = ethNeededFor(count, limits.validatorAmt);
  return {
    ethSent,
    fethMinted: ethSent,
    fethAfter: fethBalance.add(ethSent),
    ethAfter: limits.accountBalance.subOrZero(ethSent),
    availableAfter: Math.max(0, limits.availableValidators - count),
  };
}

/** The person's side of the swap queue, from the store. */
export interface QueueState {
  fethBalance: Decimal;
  /** Their unfilled queued FETH (also the FETH of an entry whose processing failed). */
  fethSwapDeposit: Decimal;
  /** Their filled ETH, to claim. */
  ethSwapClaim: Decimal;
  /** Position 1.. among the live entries; 0 when not queued. */
  fethQueuePosition: { position: number; fethAhead: Decimal };
}

export interface QueueView {
  /** An open entry (or one whose processing failed) holds FETH: one entry per address. */
  queued: boolean;
  /** 1-based place in the queue; undefined when not in it. */
  position: number | undefined;
  fethAhead: Decimal;
  unfilled: Decimal;
  toClaim: Decimal;
  canClaim: boolean;
  canCancel: boolean;
  /** Unfilled FETH out of the live queue: its processing failed; cancelling returns it. */
  stuck: boolean;
}

export function queueView(q: QueueState): QueueView {
  const position = q.fethQueuePosition.position > 0 ? q.fethQueuePosition.position : undefined;
  return {
    queued: position !== undefined || !q.fethSwapDeposit.isZero,
    position,
    fethAhead: position ? q.fethQueuePosition.fethAhead : Decimal.ZERO,
    unfilled: q.fethSwapDeposit,
    toClaim: q.ethSwapClaim,
    canClaim: !q.ethSwapClaim.isZero,
    canCancel: !q.fethSwapDeposit.isZero,
    stuck: position === undefined && !q.fethSwapDeposit.isZero,
  };
}

/** Where the person stands, in words. */
export function positionText(view: QueueView): string {
  if (view.position === undefined) return view.stuck ? 'Out of the queue' : 'Not in the queue';
  if (view.position === 1) return 'First in line';
  return `${ordinal(view.position)} in line`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** The FETH typed in the queue field: above 0, within the balance, and no entry open already. */
export function checkQueueAmount(text: string, q: QueueState): AmountCheck {
  const check = checkAmount(text, { max: q.fethBalance, maxName: 'your FETH balance', unit: 'FETH' });
  if (check.kind === 'empty') return check;
  if (queueView(q).queued) return { kind: 'error', message: liquidMessages.alreadyQueued };
  if (q.fethBalance.isZero && !(check.kind === 'error' && check.message === BAD_DECIMAL_FORMAT))
    return { kind: 'error', message: liquidMessages.noFETH };
  return check;
}

/** The whole FETH balance, as the Max button types it (every significant decimal). */
export const maxQueueText = (fethBalance: Decimal): string => fethBalance.toString();

/** Status bar labels. */
export const liquidLabels = {
  deposit: (count: number, feth: Decimal) =>
    `Deposit ${count} validator${count === 1 ? '' : 's'} for ${feth.prettify(0)} FETH`,
  queue: (amount: Decimal) => `Queue ${amount.prettify(4)} FETH for ETH`,
  claim: (amount: Decimal) => `Claim ${amount.prettify(4)} ETH`,
  cancel: (amount: Decimal) => `Cancel the queued ${amount.prettify(4)} FETH`,
};

/** The validator pool's store fields. */
export interface PoolState {
  totalStakedETH: Decimal;
  availableValidators: number;
  unfilledFETHInQueue: Decimal;
  deactivatedETHInProgress: Decimal;
  freeETH: Decimal;
  claimableETH: Decimal;
  totalLifetimeStakingRewards: Decimal;
  totalLifetimeMiningRewards: Decimal;
  currentRewards: Decimal;
  totalRewardsDistributed: Decimal;
}

export interface PoolRow {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}

/** The pool card's figures, in the order shown. */
export function poolRows(p: PoolState): PoolRow[] {
  const eth = (d: Decimal) => `${d.prettify(4)} ETH`;
  // Rewards are small beside 32-ETH validators: shown to the gwei's thousand, as the pool gains are.
  const reward = (d: Decimal) => `${d.prettify(6)} ETH`;
  return [
    { label: 'Total staked', value: eth(p.totalStakedETH), testId: 'liquid-pool-staked' },
    {
      label: 'Validators available',
      value: String(p.availableValidators),
      hint: 'ready for a deposit',
      testId: 'liquid-pool-available',
    },
    {
      label: 'FETH waiting in the queue',
      value: `${p.unfilledFETHInQueue.prettify(4)} FETH`,
      testId: 'liquid-pool-queue',
    },
    {
      label: 'ETH on its way',
      value: eth(p.deactivatedETHInProgress),
      hint: 'from exiting validators',
      testId: 'liquid-pool-exiting',
    },
    { label: 'Free ETH', value: eth(p.freeETH), hint: 'fills the queue', testId: 'liquid-pool-free' },
    {
      label: 'Claimable ETH',
      value: eth(p.claimableETH),
      hint: 'filled, not yet claimed',
      testId: 'liquid-pool-claimable',
    },
    {
      label: 'Lifetime staking rewards',
      value: reward(p.totalLifetimeStakingRewards),
      testId: 'liquid-pool-staking-rewards',
    },
    {
      label: 'Lifetime mining rewards',
      value: reward(p.totalLifetimeMiningRewards),
      testId: 'liquid-pool-mining-rewards',
    },
    {
      label: 'Latest report',
      value: reward(p.currentRewards),
      hint: 'staking and mining rewards',
      testId: 'liquid-pool-current-rewards',
    },
    {
      label: 'Total rewards distributed',
      value: reward(p.totalRewardsDistributed),
      hint: 'to rewards pool depositors',
      testId: 'liquid-pool-distributed',
    },
  ];
}
