// Why the chain or @payd/protocol refused a rewards-pool, redemption or liquidation write, in words
// a person understands, shown by the form that sent it. The texts without figures are English
// catalogue texts (the form's Refusal shows them in the reader's language); the two with a date or a
// name are written in the language active when the refusal came.
import { i18n } from '../../../i18n/language.ts';
import { opensAtText } from './redeemRules.ts';

interface RevertLike {
  message?: string;
  shortMessage?: string;
  errorName?: string;
  args?: readonly unknown[];
  data?: { errorName?: string; args?: readonly unknown[] };
  cause?: unknown;
}

/** The custom error a contract reverted with, found anywhere in the error's cause chain. */
export function revertedWith(error: unknown): { name: string; args: readonly unknown[] } | undefined {
  let e = error as RevertLike | undefined;
  for (let depth = 0; e && depth < 8; depth++) {
    const name = e.data?.errorName ?? e.errorName;
    if (name) return { name, args: e.data?.args ?? e.args ?? [] };
    e = e.cause as RevertLike | undefined;
  }
  return undefined;
}

// the date as the page's own bootstrap check writes it
const when = (seconds: unknown) => opensAtText(i18n.locale, new Date(Number(seconds) * 1000));

const TEXTS: Record<string, (args: readonly unknown[]) => string> = {
  RedemptionsNotOpenYet: (a) => i18n._('lending.refusal.notOpenYet', { when: when(a[0]) }),
  RedemptionFeeTooHigh: () =>
    'The redemption fee rose above your maximum fee, so the transaction refused. Nothing was redeemed.',
  ETHReceivedBelowMinimum: () =>
    'You would receive less ETH than your maximum fee allows, so the transaction refused. Nothing was redeemed.',
  TCRBelowMCR: () => 'Redemptions are refused while the total collateral ratio is under 115%.',
  NothingToRedeem: () => 'No cache can be redeemed from right now.',
  InsufficientPAYDBalance: () => 'Your wallet does not hold that much PAYD.',
  UndercollateralizedCaches: () =>
    'A cache is under 115%: withdrawals from the rewards pool wait until it is liquidated (see Risky caches).',
  NothingToLiquidate: () => 'No cache is under the minimum collateral ratio: nothing was liquidated.',
  OnlyOneCacheInSystem: () => 'The last cache in the system cannot be liquidated.',
  CacheNotActive: () => 'That cache is no longer open.',
  NoDeposit: () => 'You have no deposit in the rewards pool.',
  AmountMustBeNonZero: () => 'Enter an amount above 0',
  KycDenied: () => 'Your wallet is not approved by KYC for this action, so nothing was sent.',
};

/** The text to show for a refused write; undefined when the person cancelled it in the wallet. */
export function refusalText(error: unknown): string | undefined {
  const reverted = revertedWith(error);
  if (reverted) {
    const text = TEXTS[reverted.name];
    return text ? text(reverted.args) : i18n._('lending.refusal.refusedWith', { name: reverted.name });
  }
  const e = error as RevertLike | undefined;
  const message = e?.shortMessage ?? e?.message ?? String(error);
  if (/user (rejected|denied)/i.test(message)) return undefined;
  return message.split('\n')[0];
}
