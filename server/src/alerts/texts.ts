// An alert's text in the customer's language (issue 28). English is @payd/schemas alertText word
// for word (the spec's texts, which tests and e-mails read); another language takes the same
// figures from the alert's facts into the catalogue's srv.alert.* messages, with numbers and dollar
// amounts written the language's way (Intl) and counted nouns chosen by its plural rules.
import { DEFAULT_LANGUAGE, languageOfCulture, type I18n } from '@payd/i18n';
import { figuresOf, type FigureStyle } from '../mail/figures.ts';

export { RECORDED_FIGURES } from '../mail/figures.ts';
import { i18nOfCulture } from '@payd/i18n/node';
import {
  alertText,
  VALIDATOR_REQUEST_OPERATIONS,
  type AlertFacts,
  type AlertKind,
  type AlertText,
  type ValidatorRequestOperation,
} from '@payd/schemas';

/** The catalogue id of each action label alertText words. */
const ACTION_IDS: Readonly<Record<string, string>> = {
  'Top up credits': 'srv.alert.action.topUp',
  'Check your validators': 'srv.alert.action.checkValidators',
  'Add collateral or repay': 'srv.alert.action.addCollateral',
  'Raise your ratio': 'srv.alert.action.raiseRatio',
  'See your cache': 'srv.alert.action.seeCache',
  'Claim your ETH': 'srv.alert.action.claimEth',
  'Withdraw your gain': 'srv.alert.action.withdrawGain',
  'See it on the dashboard': 'srv.alert.action.dashboard',
  'See your withdrawals': 'srv.alert.action.withdrawals',
  'See the history': 'srv.alert.action.history',
  'Manage the validator': 'srv.alert.action.manageValidator',
  'See the validator': 'srv.alert.action.seeValidator',
  'Check the validator': 'srv.alert.action.checkValidator',
};

const shortKey = (pubkey: string) =>
  pubkey.length > 14 ? `${pubkey.slice(0, 10)}…${pubkey.slice(-4)}` : pubkey;

/** What an alert tells of (alertText's reading of `facts.operation`): a wallet request, a new validator's deposit, else a top-up. */
const operationOf = (facts: AlertFacts): ValidatorRequestOperation | 'deposit' | 'topUp' => {
  const op = String(facts.operation ?? '');
  if (op === 'deposit') return 'deposit';
  return (VALIDATOR_REQUEST_OPERATIONS as readonly string[]).includes(op)
    ? (op as ValidatorRequestOperation)
    : 'topUp';
};

/** alertText's action with its label from the catalogue (its path as it is). */
const translatedAction = (i18n: I18n, english: AlertText['action']): AlertText['action'] => {
  const id = ACTION_IDS[english.label];
  return { label: id ? i18n._(id) : english.label, path: english.path };
};

/** A validator's index, else its short public key (the facts' keys of either named). */
const nameOf = (facts: AlertFacts, index: string, pubkey: string) =>
  facts[index] !== undefined && facts[index] !== ''
    ? String(facts[index])
    : shortKey(String(facts[pubkey] ?? ''));

/** The title and body of a wallet request's alert: confirmed (per operation) or ignored (what to check). */
function requestText(
  i18n: I18n,
  fig: FigureStyle,
  kind: 'request_confirmed' | 'request_ignored',
  facts: AlertFacts,
  validator: string,
): { title: string; body: string } {
  const str = (key: string) => String(facts[key] ?? '');
  const address = shortKey(str('address'));
  const op = operationOf(facts);
  if (kind === 'request_ignored') {
    if (op === 'deposit') {
      const amountEth = fig.num(str('amountEth'));
      return {
        title: i18n._('srv.alert.request_ignored.deposit.title', { validator, amountEth }),
        body: i18n._('srv.alert.request_ignored.deposit.body', { amountEth }),
      };
    }
    const operation: ValidatorRequestOperation = op === 'topUp' ? 'exit' : op;
    const request = i18n._(`srv.alert.request_ignored.request.${operation}`);
    return {
      title: i18n._('srv.alert.request_ignored.title', { validator, request }),
      body: i18n._('srv.alert.request_ignored.body', {
        request,
        address,
        txHash: shortKey(str('txHash')),
        checks: i18n._(`srv.alert.request_ignored.check.${operation}`),
      }),
    };
  }
  // Epochs are the beacon chain's numbers, written as it writes them (no grouping).
  const figures = {
    validator,
    target: i18n._('srv.alert.request_confirmed.target', {
      name: nameOf(facts, 'targetIndex', 'targetPubkey'),
    }),
    address,
    amountEth: fig.num(str('amountEth')),
    balanceEth: fig.num(str('balanceEth')),
    exitEpoch: str('exitEpoch'),
    withdrawableEpoch: str('withdrawableEpoch'),
  };
  return {
    title: i18n._(`srv.alert.request_confirmed.${op}.title`, figures),
    body: i18n._(`srv.alert.request_confirmed.${op}.body`, figures),
  };
}

/**
 * The title and body of an alert from the catalogue of `i18n`, figures written by `fig` (the action's
 * path is alertText's; its label is translated by its English words).
 */
export function catalogueAlertText(
  i18n: I18n,
  fig: FigureStyle,
  kind: AlertKind,
  facts: AlertFacts,
): AlertText {
  const str = (key: string) => String(facts[key] ?? '');
  const n = (key: string) => fig.num(str(key));
  const usd = (key: string) => fig.usd(str(key));
  const validator = i18n._('srv.alert.validator', { name: nameOf(facts, 'index', 'pubkey') });
  const action = translatedAction(i18n, alertText(kind, facts).action);
  const t = (title: string, body: string): AlertText => ({ title, body, action });
  switch (kind) {
    case 'credits_low': {
      const days = Number(facts.daysLeft ?? 0);
      const left =
        days <= 0 ? i18n._('srv.alert.credits_low.none') : i18n._('srv.alert.credits_low.days', { days });
      return t(
        i18n._('srv.alert.credits_low.title'),
        i18n._('srv.alert.credits_low.body', {
          balance: n('balance'),
          balanceForm: fig.form(str('balance')),
          cost: n('dailyCost'),
          costForm: fig.form(str('dailyCost')),
          left,
        }),
      );
    }
    case 'validator_offline':
      return t(
        i18n._('srv.alert.validator_offline.title', { validator }),
        i18n._('srv.alert.validator_offline.body', {
          epochs: Number(facts.epochs ?? 0),
          lostEth: n('lostEth'),
        }),
      );
    case 'cache_band':
      return t(
        i18n._('srv.alert.cache_band.title', { band: n('band') }),
        i18n._('srv.alert.cache_band.body', {
          price: usd('price'),
          ratio: n('ratio'),
          collateral: n('collateral'),
          collateralUsd: usd('collateralUsd'),
          debt: n('debt'),
          liquidationRatio: n('liquidationRatio'),
          liquidationPrice: usd('liquidationPrice'),
        }),
      );
    case 'recovery_mode': {
      const which = facts.active ? 'started' : 'ended';
      return t(
        i18n._(`srv.alert.recovery_mode.${which}.title`),
        i18n._(`srv.alert.recovery_mode.${which}.body`, {
          tcr: n('tcr'),
          price: usd('price'),
          criticalRatio: n('criticalRatio'),
          ratio: n('ratio'),
        }),
      );
    }
    case 'cache_closed': {
      const how = facts.how === 'redemption' ? 'redemption' : 'liquidation';
      const body = i18n._(`srv.alert.cache_closed.${how}.body`, { price: usd('price') });
      const left =
        Number(facts.surplus ?? 0) > 0
          ? i18n._('srv.alert.cache_closed.left', {
              surplus: n('surplus'),
              surplusUsd: usd('surplusUsd'),
            })
          : '';
      return t(i18n._(`srv.alert.cache_closed.${how}.title`), left ? `${body} ${left}` : body);
    }
    case 'cache_redeemed':
      return t(
        i18n._('srv.alert.cache_redeemed.title'),
        i18n._('srv.alert.cache_redeemed.body', {
          debt: n('debt'),
          collateral: n('collateral'),
          collateralUsd: usd('collateralUsd'),
          price: usd('price'),
          collateralLeft: n('collateralLeft'),
          debtLeft: n('debtLeft'),
          ratio: n('ratio'),
        }),
      );
    case 'pool_gain':
      return t(
        i18n._('srv.alert.pool_gain.title'),
        i18n._('srv.alert.pool_gain.body', { gain: n('gain'), gainUsd: usd('gainUsd') }),
      );
    case 'feth_claimable':
      return t(
        i18n._('srv.alert.feth_claimable.title'),
        i18n._('srv.alert.feth_claimable.body', { eth: n('eth'), ethUsd: usd('ethUsd') }),
      );
    case 'validator_slashed':
    case 'validator_activated':
    case 'validator_exited':
      return t(
        i18n._(`srv.alert.${kind}.title`, { validator }),
        i18n._(`srv.alert.${kind}.body`, { balanceEth: n('balanceEth') }),
      );
    case 'validator_withdrawal':
      return t(
        i18n._('srv.alert.validator_withdrawal.title', { validator }),
        i18n._('srv.alert.validator_withdrawal.body', {
          amountEth: n('amountEth'),
          address: shortKey(str('address')),
        }),
      );
    case 'request_confirmed':
    case 'request_ignored':
      return { ...requestText(i18n, fig, kind, facts, validator), action };
  }
}

/** The text of an alert in the language of `cultureId` (English: alertText as it is). */
export function localizedAlertText(kind: AlertKind, facts: AlertFacts, cultureId: number): AlertText {
  const lang = languageOfCulture(cultureId).langCode;
  if (lang === DEFAULT_LANGUAGE.langCode) return alertText(kind, facts);
  return catalogueAlertText(i18nOfCulture(cultureId), figuresOf(lang), kind, facts);
}
