// Customer alerts (issue 29): the kinds, the preferences and every text an alert shows, in one place
// for the server (e-mails, the in-app list it returns) and the web (notification centre, settings).
// An alert stores the figures of the moment it fired (`facts`); its text is made from them here.
import { z } from 'zod';
import { manageValidatorPath } from '../staking/manageValidatorPaths.ts';
import { plural } from '../text/plural.ts';

/** The alert kinds, in the order the settings list them (most urgent first). */
export const ALERT_KINDS = [
  'credits_low',
  'validator_slashed',
  'validator_offline',
  'cache_band',
  'recovery_mode',
  'cache_closed',
  'cache_redeemed',
  'pool_gain',
  'feth_claimable',
  'validator_activated',
  'validator_exited',
  'validator_withdrawal',
  'request_confirmed',
  'request_ignored',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** What each kind is called in the settings. */
export const ALERT_KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  credits_low: 'Credits running out',
  validator_slashed: 'Validator slashed',
  validator_offline: 'Validator offline',
  cache_band: 'Cache collateral ratio below a band',
  recovery_mode: 'Recovery mode started or ended',
  cache_closed: 'Cache liquidated or closed by a redemption',
  cache_redeemed: 'A redemption touched the cache',
  pool_gain: 'Rewards pool gain waiting',
  feth_claimable: 'FETH swap filled and claimable',
  validator_activated: 'Validator activated',
  validator_exited: 'Validator exited',
  validator_withdrawal: 'Validator withdrawal paid',
  request_confirmed: 'Deposit, top-up or request confirmed by the beacon chain',
  request_ignored: 'Deposit or request ignored by the beacon chain',
};

/** Default collateral-ratio bands in percent (an alert when the ratio falls below each). */
export const DEFAULT_ALERT_BANDS: readonly number[] = [150, 125];
/** Default epochs without a balance rise before a validator counts as offline. */
export const DEFAULT_OFFLINE_EPOCHS = 3;
/**
 * The protocol's minimum collateral ratio in percent (MINIMUM_COLLATERAL_RATIO of @payd/protocol,
 * which this package does not import; a server test keeps the two equal): a band must be above it.
 */
export const LIQUIDATION_RATIO_PERCENT = 115;

const channels = z.object({ email: z.boolean(), inApp: z.boolean() });
export type AlertChannels = z.infer<typeof channels>;

export const alertPreferencesSchema = z.object({
  /** Per kind: e-mail and in-app; a kind left out has both on. */
  channels: z.partialRecord(z.enum(ALERT_KINDS), channels),
  /** E-mails once a day (a digest of that day's alerts) instead of one per alert. */
  digest: z.boolean(),
  /** Collateral-ratio bands in percent, each above the liquidation ratio; an alert when the ratio falls below one. */
  bands: z
    .array(
      z
        .number()
        .int('A band is a whole percentage.')
        .min(LIQUIDATION_RATIO_PERCENT + 1, `A band must be above ${LIQUIDATION_RATIO_PERCENT}%.`)
        .max(1000, 'A band must be at most 1000%.'),
    )
    .max(5, 'At most 5 bands.')
    .refine((b) => new Set(b).size === b.length, 'Each band only once.'),
  /** Epochs a validator earns nothing before it counts as offline. */
  offlineEpochs: z
    .number()
    .int('Epochs are a whole number.')
    .min(1, 'At least 1 epoch.')
    .max(225, 'At most 225 epochs (a day).'),
});

export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  channels: {},
  digest: false,
  bands: [...DEFAULT_ALERT_BANDS],
  offlineEpochs: DEFAULT_OFFLINE_EPOCHS,
};

/** The channels of `kind` under `prefs` (both on unless the customer turned one off). */
export function alertChannels(prefs: AlertPreferences, kind: AlertKind): AlertChannels {
  return prefs.channels[kind] ?? { email: true, inApp: true };
}

/** The figures an alert keeps, as the evaluators record them (strings for exact decimals). */
export type AlertFacts = Readonly<Record<string, string | number | boolean>>;

export interface AlertText {
  /** What happened, short (e-mail subject, list title). */
  title: string;
  /** What it means in money. */
  body: string;
  /** The one action that helps. */
  action: { label: string; path: string };
}

const str = (facts: AlertFacts, key: string): string => String(facts[key] ?? '');
const shortKey = (pubkey: string) =>
  pubkey.length > 14 ? `${pubkey.slice(0, 10)}…${pubkey.slice(-4)}` : pubkey;
const validatorName = (facts: AlertFacts) =>
  facts.index !== undefined && facts.index !== ''
    ? `Validator ${str(facts, 'index')}`
    : `Validator ${shortKey(str(facts, 'pubkey'))}`;

/** The execution-layer requests a wallet sends to the EIP-7002 and EIP-7251 predeploys (`facts.operation`). */
export const VALIDATOR_REQUEST_OPERATIONS = [
  'exit',
  'partialWithdrawal',
  'switchToCompounding',
  'consolidation',
] as const;
export type ValidatorRequestOperation = (typeof VALIDATOR_REQUEST_OPERATIONS)[number];

const REQUEST_NAMES: Readonly<Record<ValidatorRequestOperation, string>> = {
  exit: 'exit',
  partialWithdrawal: 'partial withdrawal',
  switchToCompounding: 'switch to 0x02 compounding credentials',
  consolidation: 'consolidation',
};

/** What process_withdrawal_request / process_consolidation_request (electra) require, told per request. */
const REQUEST_CHECKS: Readonly<Record<ValidatorRequestOperation, string>> = {
  exit:
    'the request must come from the withdrawal address of the validator, which must have been active for ' +
    'at least 256 epochs (about 27 hours), with no exit started and no partial withdrawal pending.',
  partialWithdrawal:
    'only a validator with 0x02 compounding credentials can withdraw part of its balance, only what is above ' +
    '32 ETH and not already pending, after at least 256 epochs (about 27 hours) of activity, with no exit ' +
    'started, and the request must come from its withdrawal address.',
  switchToCompounding:
    'the validator must have 0x01 credentials, be active with no exit started, and the request must come ' +
    'from its withdrawal address.',
  consolidation:
    'both validators must be active with no exit started and the target must have 0x02 compounding ' +
    'credentials; the source must have been active for at least 256 epochs (about 27 hours), have no partial ' +
    "withdrawal pending, and the request must come from the source's withdrawal address.",
};

/**
 * What a request_confirmed / request_ignored alert tells of: a wallet request, a new validator's deposit
 * (the beacon chain registered the validator) or else a top-up.
 */
const operationOf = (facts: AlertFacts): ValidatorRequestOperation | 'deposit' | 'top-up' => {
  const op = str(facts, 'operation');
  if (op === 'deposit') return 'deposit';
  return (VALIDATOR_REQUEST_OPERATIONS as readonly string[]).includes(op)
    ? (op as ValidatorRequestOperation)
    : 'top-up';
};

const targetName = (facts: AlertFacts) =>
  facts.targetIndex !== undefined && facts.targetIndex !== ''
    ? `validator ${str(facts, 'targetIndex')}`
    : `validator ${shortKey(str(facts, 'targetPubkey'))}`;

function confirmedText(facts: AlertFacts): AlertText {
  const name = validatorName(facts);
  const manage = { label: 'See the validator', path: manageValidatorPath(str(facts, 'pubkey')) };
  const from = `sent from your wallet ${shortKey(str(facts, 'address'))}`;
  switch (operationOf(facts)) {
    case 'deposit':
      return {
        title: `${name}: deposit of ${str(facts, 'amountEth')} ETH registered`,
        body:
          `The beacon chain registered your deposit of ${str(facts, 'amountEth')} ETH: the validator now waits in ` +
          `the activation queue. It earns nothing and is not charged until it is active; payd tells you when it is.`,
        action: { label: 'See it on the dashboard', path: '/dashboard' },
      };
    case 'top-up':
      return {
        title: `${name}: top-up of ${str(facts, 'amountEth')} ETH credited`,
        body:
          `The beacon chain credited your top-up of ${str(facts, 'amountEth')} ETH: the validator's balance is ` +
          `${str(facts, 'balanceEth')} ETH now. Its effective balance follows in whole ETH; it earns on that, and its ` +
          `daily fee is charged per 32 ETH of it.`,
        action: manage,
      };
    case 'exit':
      return {
        title: `${name}: exit request confirmed`,
        body:
          `The beacon chain applied the exit request ${from}: the validator stops earning at epoch ` +
          `${str(facts, 'exitEpoch')}. Its balance (${str(facts, 'balanceEth')} ETH now) is paid to your withdrawal ` +
          `address once it becomes withdrawable and the withdrawal sweep reaches it.`,
        action: manage,
      };
    case 'partialWithdrawal':
      return {
        title: `${name}: withdrawal of ${str(facts, 'amountEth')} ETH queued`,
        body:
          `The beacon chain queued the partial withdrawal ${from}: ${str(facts, 'amountEth')} ETH is paid to your ` +
          `withdrawal address from epoch ${str(facts, 'withdrawableEpoch')} on, when the sweep reaches the validator. ` +
          `The rest of its balance keeps staking.`,
        action: manage,
      };
    case 'switchToCompounding':
      return {
        title: `${name}: switched to 0x02 compounding credentials`,
        body:
          `The beacon chain applied the switch ${from}: its rewards now stay in its balance and count towards its ` +
          `effective balance (up to 2048 ETH) instead of being swept to your withdrawal address; what was above ` +
          `32 ETH is queued to be counted again.`,
        action: manage,
      };
    case 'consolidation':
      return {
        title: `${name}: consolidation into ${targetName(facts)} confirmed`,
        body:
          `The beacon chain accepted the consolidation ${from}: ${name} exits at epoch ${str(facts, 'exitEpoch')} ` +
          `and its balance (${str(facts, 'balanceEth')} ETH now) then moves to ${targetName(facts)}, which keeps ` +
          `staking it.`,
        action: manage,
      };
  }
}

function ignoredText(facts: AlertFacts): AlertText {
  const op = operationOf(facts);
  if (op === 'deposit')
    return {
      title: `${validatorName(facts)}: deposit of ${str(facts, 'amountEth')} ETH dropped`,
      body:
        `The beacon chain processed your deposit of ${str(facts, 'amountEth')} ETH but made no validator of it: ` +
        `the deposit's signature did not verify, so it was dropped. The ${str(facts, 'amountEth')} ETH stays in ` +
        `the deposit contract and cannot be recovered; the validator is never charged.`,
      action: { label: 'Check your validators', path: '/dashboard' },
    };
  const operation: ValidatorRequestOperation = op === 'top-up' ? 'exit' : op;
  return {
    title: `${validatorName(facts)}: ${REQUEST_NAMES[operation]} request ignored`,
    body:
      `The beacon chain did not apply the ${REQUEST_NAMES[operation]} request sent from your wallet ` +
      `${shortKey(str(facts, 'address'))} (transaction ${shortKey(str(facts, 'txHash'))}); the request fee was ` +
      `kept. What to check: ${REQUEST_CHECKS[operation]} The validator's page checks a request before you pay ` +
      `its fee.`,
    action: { label: 'Check the validator', path: manageValidatorPath(str(facts, 'pubkey')) },
  };
}

/** The validator kinds told from what the validator sync recorded: their events and the customer's top-ups. */
type ValidatorEventKind = Extract<
  AlertKind,
  | 'validator_slashed'
  | 'validator_activated'
  | 'validator_exited'
  | 'validator_withdrawal'
  | 'request_confirmed'
  | 'request_ignored'
>;

function validatorEventText(kind: ValidatorEventKind, facts: AlertFacts): AlertText {
  switch (kind) {
    case 'validator_slashed':
      return {
        title: `${validatorName(facts)} was slashed`,
        body:
          `The beacon chain penalised it for signing two conflicting blocks or attestations and is forcibly exiting it. ` +
          `Its balance is ${str(facts, 'balanceEth')} ETH now. It loses more each epoch until it can be withdrawn ` +
          `(about 36 days after the slashing), with a further penalty halfway that grows with how many validators ` +
          `were slashed at the same time; what is left is then paid to your withdrawal address.`,
        action: { label: 'Manage the validator', path: manageValidatorPath(str(facts, 'pubkey')) },
      };
    case 'validator_activated':
      return {
        title: `${validatorName(facts)} is active`,
        body: `It stakes ${str(facts, 'balanceEth')} ETH and earns rewards from now on; its daily fee is charged from your credits.`,
        action: { label: 'See it on the dashboard', path: '/dashboard' },
      };
    case 'validator_exited':
      return {
        title: `${validatorName(facts)} has exited`,
        body: `Its ${str(facts, 'balanceEth')} ETH is paid to your withdrawal address once the beacon chain sweeps it; it is no longer charged.`,
        action: { label: 'See your withdrawals', path: '/withdrawETH' },
      };
    case 'validator_withdrawal':
      return {
        title: `${validatorName(facts)}: withdrawal paid`,
        body: `${str(facts, 'amountEth')} ETH was paid to your withdrawal address ${shortKey(str(facts, 'address'))}.`,
        action: { label: 'See the history', path: '/dashboard' },
      };
    case 'request_confirmed':
      return confirmedText(facts);
    case 'request_ignored':
      return ignoredText(facts);
  }
}

/** The text of an alert of `kind` with its recorded `facts`. */
export function alertText(kind: AlertKind, facts: AlertFacts): AlertText {
  switch (kind) {
    case 'validator_slashed':
    case 'validator_activated':
    case 'validator_exited':
    case 'validator_withdrawal':
    case 'request_confirmed':
    case 'request_ignored':
      return validatorEventText(kind, facts);
    case 'credits_low': {
      const days = Number(facts.daysLeft ?? 0);
      const left =
        days <= 0
          ? 'They do not pay the next day of your validators.'
          : `They pay about ${plural(days, 'more day')} of your validators.`;
      return {
        title: 'Your credits are running out',
        body:
          `Your balance is ${plural(str(facts, 'balance'), 'credit')}; your validators cost ` +
          `${plural(str(facts, 'dailyCost'), 'credit')} a day. ${left} When the credits run out, payd exits your validators.`,
        action: { label: 'Top up credits', path: '/payment' },
      };
    }
    case 'validator_offline':
      return {
        title: `${validatorName(facts)} is offline`,
        body:
          `It has earned nothing for ${plural(Number(facts.epochs ?? 0), 'epoch')}; its balance fell by ` +
          `${str(facts, 'lostEth')} ETH since it last earned, and it loses more each epoch until it is back online.`,
        action: { label: 'Check your validators', path: '/dashboard' },
      };
    case 'cache_band':
      return {
        title: `Your cache's collateral ratio is below ${str(facts, 'band')}%`,
        body:
          `At ETH $${str(facts, 'price')} your cache's ratio is ${str(facts, 'ratio')}%: ${str(facts, 'collateral')} ETH ` +
          `($${str(facts, 'collateralUsd')}) against ${str(facts, 'debt')} PAYD. Below ${str(facts, 'liquidationRatio')}% ` +
          `(ETH at $${str(facts, 'liquidationPrice')}) it can be liquidated and you lose the collateral.`,
        action: { label: 'Add collateral or repay', path: '/borrower' },
      };
    case 'recovery_mode':
      return facts.active
        ? {
            title: 'Recovery mode has started',
            body:
              `The system's total collateral ratio is ${str(facts, 'tcr')}% at ETH $${str(facts, 'price')}, below ` +
              `${str(facts, 'criticalRatio')}%. Your cache (ratio ${str(facts, 'ratio')}%) can be liquidated below ` +
              `${str(facts, 'criticalRatio')}% while it lasts.`,
            action: { label: 'Raise your ratio', path: '/borrower' },
          }
        : {
            title: 'Recovery mode has ended',
            body:
              `The system's total collateral ratio is ${str(facts, 'tcr')}% at ETH $${str(facts, 'price')}, back above ` +
              `${str(facts, 'criticalRatio')}%: only caches below the minimum ratio can be liquidated again.`,
            action: { label: 'See your cache', path: '/borrower' },
          };
    case 'cache_closed': {
      const surplus = Number(facts.surplus ?? 0) > 0;
      const left = surplus
        ? ` ${str(facts, 'surplus')} ETH ($${str(facts, 'surplusUsd')}) of its collateral is left for you to claim.`
        : '';
      return facts.how === 'redemption'
        ? {
            title: 'Your cache was closed by a redemption',
            body: `PAYD holders redeemed its debt against its collateral at ETH $${str(facts, 'price')}; you keep the PAYD you borrowed.${left}`,
            action: surplus
              ? { label: 'Claim your ETH', path: '/borrower' }
              : { label: 'See your cache', path: '/borrower' },
          }
        : {
            title: 'Your cache was liquidated',
            body: `At ETH $${str(facts, 'price')} its collateral went to pay its debt; you keep the PAYD you borrowed.${left}`,
            action: surplus
              ? { label: 'Claim your ETH', path: '/borrower' }
              : { label: 'See your cache', path: '/borrower' },
          };
    }
    case 'cache_redeemed':
      return {
        title: 'A redemption touched your cache',
        body:
          `PAYD holders redeemed ${str(facts, 'debt')} PAYD of your cache's debt for ${str(facts, 'collateral')} ETH ` +
          `($${str(facts, 'collateralUsd')} at ETH $${str(facts, 'price')}) of its collateral; you keep the PAYD you borrowed. ` +
          `Your cache stays open with ${str(facts, 'collateralLeft')} ETH against ${str(facts, 'debtLeft')} PAYD ` +
          `(ratio ${str(facts, 'ratio')}%); redemptions reach the caches of lowest ratio first.`,
        action: { label: 'Raise your ratio', path: '/borrower' },
      };
    case 'pool_gain':
      return {
        title: 'Your rewards pool gain is waiting',
        body: `Liquidations paid your rewards pool deposit ${str(facts, 'gain')} ETH ($${str(facts, 'gainUsd')}); it is yours to withdraw.`,
        action: { label: 'Withdraw your gain', path: '/guarantor' },
      };
    case 'feth_claimable':
      return {
        title: 'Your FETH swap is filled',
        body: `${str(facts, 'eth')} ETH ($${str(facts, 'ethUsd')}) is ready for you to claim; the swap fee is taken as you claim.`,
        action: { label: 'Claim your ETH', path: '/liquidStaking' },
      };
  }
}

/** An alert as the API returns it (AlertWs). */
export interface AlertRow {
  AlertId: number;
  Kind: AlertKind;
  Title: string;
  Body: string;
  ActionLabel: string;
  ActionPath: string;
  CreatedOn: string;
  Read: boolean;
}
