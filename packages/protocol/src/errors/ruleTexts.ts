// The refusals with figures that @payd/protocol's rules word (issue 28): each is a catalogue message
// `rule.<key>` (@payd/i18n, ICU with placeholders) whose English is defined here, once. A rule
// returns its RuleText (the id and the figures); `ruleEnglish` writes it in English by filling the
// same placeholders, so the English of the rule and of the catalogue are one text (the web's
// web/src/i18n/ruleTexts.test.ts checks en.json repeats each verbatim), and the web shows it in the
// reader's language with the figures formatted by the locale. A template holds `{name}` and at most
// ICU's `{name, plural, one {…#…} other {…#…}}`.
import type { Decimal } from '../decimal/Decimal.ts';

export const ruleMessages = {
  // the borrowing rules (model/debtLimits.ts) and redeemPAYD
  debtUnderMinimum:
    'The debt would be {debt} PAYD, under the minimum of {minimum} PAYD (the {reserve} PAYD liquidation reserve and the fee included): borrow more.',
  repayAboveDebt:
    'That is more than the debt of your cache, {debt} PAYD. You can repay at most {most} PAYD and keep the cache, or close it to repay all of it.',
  repayUnderMinimum:
    'That would leave a debt of {left} PAYD, under the minimum of {minimum} PAYD (the {reserve} PAYD liquidation reserve and the fee included). You can repay at most {most} PAYD and keep the cache, or close it to repay all of it.',
  redeemTooLow: 'redeemPAYD: amount too low to redeem (try at least {minimum})',
  // the validator pool's and the FETH token's refusals a customer meets (poolErrorTexts.ts)
  tooManyValidators: 'At most {max} validators can be deposited in one transaction (you chose {count})',
  notEnoughValidators:
    '{available, plural, one {Only # validator is available} other {Only # validators are available}}',
  wrongValue: 'Send exactly {expected} ETH ({sent} ETH was sent)',
  depositFailed: 'The beacon deposit contract refused validator {id}',
  fethBelowNeeded: 'You hold {balance} FETH, less than the {needed} FETH needed',
  fethAllowance: 'The FETH allowance is {allowance}, less than the {needed} needed',
  fethTooLarge: '{amount} FETH is more than one queue entry can take',
} as const;

export type RuleKey = keyof typeof ruleMessages;

/**
 * A figure of a rule text: an amount with `digits` decimals, its thousands grouped ('2,700.00'), or
 * without `digits` every significant decimal and no grouping ('2500'), as Decimal.prettify and
 * toString write them; a count as it is ('3').
 */
export interface RuleFigure {
  amount: Decimal | bigint | number;
  digits?: number;
}

/** A rule's refusal: its catalogue id and the figures its placeholders take. */
export interface RuleText {
  id: `rule.${RuleKey}`;
  values: Readonly<Record<string, RuleFigure>>;
}

/** The English template of a rule text (the catalogue's English). */
export const ruleTemplate = (id: RuleText['id']): string => ruleMessages[id.slice('rule.'.length) as RuleKey];

/** A figure as the English text writes it. */
export function englishFigure(f: RuleFigure): string {
  if (typeof f.amount !== 'object') return String(f.amount);
  return f.digits === undefined ? f.amount.toString() : f.amount.prettify(f.digits);
}

/** ICU's plural argument in a template: name, the `one` branch, the `other` branch. */
export const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/** `template` in English with its placeholders filled (`figures` as English writes them). */
export function fillTemplate(template: string, figures: Readonly<Record<string, RuleFigure>>): string {
  const figure = (name: string) => {
    const f = figures[name];
    if (!f) throw new RangeError(`no value for {${name}} in '${template}'`);
    return englishFigure(f);
  };
  return template
    .replace(PLURAL, (_, name: string, one: string, other: string) => {
      const text = figure(name);
      return (text === '1' ? one : other).replace(/#/g, text);
    })
    .replace(/\{(\w+)\}/g, (_, name: string) => figure(name));
}

/** The rule text in English: its template with each placeholder filled. */
export const ruleEnglish = (rule: RuleText): string => fillTemplate(ruleTemplate(rule.id), rule.values);

/** A rule's English text for the rule `key` and its figures. */
export const ruleText = (key: RuleKey, values: RuleText['values']): string =>
  ruleEnglish({ id: `rule.${key}`, values });
