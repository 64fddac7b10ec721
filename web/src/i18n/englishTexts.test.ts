// Texts that pure rules word in English (the spec's, as their unit tests read them) are shown in the
// active language: each has its catalogue id, and a German page shows its German message.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { kycGateTexts } from '../features/kyc/kycGate.ts';
import { checklistOf, kycStatusView, kycTexts } from '../features/kyc/kycStatus.ts';
import { disclosureRisks } from '../features/kyc/DisclosuresPage.tsx';
import { defaultDocTypes } from '../features/kyc/docRules.ts';
import {
  ISSUE_MESSAGE,
  ISSUE_NOTE,
  LIVENESS_STATUS,
  livenessGuidance,
  startErrorText,
} from '../features/kyc/livenessRules.ts';
import {
  ALERT_KIND_LABELS,
  alertPreferencesSchema,
  CARD_UNAVAILABLE_MESSAGE,
  DEFAULT_ALERT_PREFERENCES,
  CardMessages,
  FEE_RULE_TEXT,
  NO_CREDITS_MESSAGE,
  NO_ETH_RATE_MESSAGE,
  NO_FTX_RATE_MESSAGE,
  NO_VALIDATORS_CHARGED_TEXT,
  NO_VALIDATORS_MESSAGE,
  NON_REFUNDABLE_WARNING,
  paymentTypeName,
  PRICING_NOTE,
  RATE_CHANGED_MESSAGE,
  StatementMessages,
  TOP_UP_MAX_MESSAGE,
  TOP_UP_MIN_MESSAGE,
  validatorKindTexts,
} from '@payd/schemas';
import { NO_PAYMENT_TEXT } from '../features/billing/card/PaymentConfirmPage.tsx';
import { businessRequestTexts } from '../features/kyc/BusinessRequestPage.tsx';
import { corporateFields, relatedPersonColumns, yesNo } from '../features/kyc/corporateFields.ts';
import { supportMessages } from '../features/kyc/supportRequestRules.ts';
import { NO_DOWNLOAD_TEXT } from '../features/billing/statements/StmtDownloadConfirmPage.tsx';
import { StakeOptions } from '../features/staking/StakeOptionPage.tsx';
import { StakeMessages } from '../features/staking/stakeRules.ts';
import { staffScreens } from '../features/backoffice/screens.ts';
import {
  POOL_STATE_FIGURES,
  POOL_VALIDATOR_STATUS_TEXT,
  REPORT_STATUS,
} from '../features/backoffice/pool.ts';
import { CHECK_DIGIT_NAMES, COMPARED_FIELDS } from '../features/backoffice/identityChecks.ts';
import { connectionModal } from '../features/wallet/connectionState.ts';
import { networkName } from '../features/wallet/networkName.ts';
import { idleTx, txStatusText } from '../features/wallet/txStatus.ts';
import { frameworkMessages } from '../framework/messages.ts';
import { activateLanguage, englishTextId, i18n } from './language.ts';

const state = (status: string, liveness = 'Y', disclosures = 'Y') => ({
  status,
  reason: '',
  liveness,
  disclosures,
});

/** Every English text the KYC rules can put on a page. */
function kycRuleTexts(): string[] {
  const views = [
    ...['P1', 'P2', 'DE', 'AP'].map((s) => kycStatusView(state(s), null, false)),
    kycStatusView(state('AP', 'N'), null, false),
    kycStatusView(state('AP', 'Y', 'N'), null, false),
    kycStatusView(state('AP'), null, true),
    ...['P1', 'P2', 'DE', 'AP'].map((s) => kycStatusView(null, state(s), false)),
  ];
  const shown = views.flatMap((v) =>
    v.kind === 'show'
      ? [v.title, ...v.messages, v.action?.label, v.docAction?.label].filter((t) => t !== undefined)
      : [],
  );
  const guidance = Object.values(LIVENESS_STATUS).flatMap((s) => {
    const g = livenessGuidance(s);
    return g ? [g.text, g.next] : [];
  });
  const startErrors = ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'Other'].map((name) =>
    startErrorText({ name }),
  );
  return [
    ...Object.values(kycTexts),
    ...Object.values(kycGateTexts),
    ...checklistOf(state('P1')).map((c) => c.label),
    ...shown,
    ...disclosureRisks,
    ...defaultDocTypes.map((d) => d.label),
    ISSUE_MESSAGE,
    ISSUE_NOTE,
    ...guidance,
    ...startErrors,
  ];
}

/** Every English text the stake and statement pages take from rules and constants. */
function stakeAndStatementTexts(): string[] {
  return [
    ...Object.values(StakeOptions),
    ...Object.values(validatorKindTexts).flatMap((k) => [k.label, k.explained]),
    StakeMessages.tooMuch,
    ...Object.values(StatementMessages),
    NO_DOWNLOAD_TEXT,
  ];
}

/** Every English text the payment and card pages take from the top-up and card rules. */
function paymentTexts(): string[] {
  return [
    TOP_UP_MIN_MESSAGE,
    TOP_UP_MAX_MESSAGE,
    NO_FTX_RATE_MESSAGE,
    NO_ETH_RATE_MESSAGE,
    NO_VALIDATORS_MESSAGE,
    RATE_CHANGED_MESSAGE,
    NON_REFUNDABLE_WARNING,
    NO_CREDITS_MESSAGE,
    NO_VALIDATORS_CHARGED_TEXT,
    CARD_UNAVAILABLE_MESSAGE,
    FEE_RULE_TEXT,
    PRICING_NOTE,
    ...Object.values(CardMessages),
    ...['T', 'C', 'E', 'X'].map(paymentTypeName),
    NO_PAYMENT_TEXT,
  ];
}

/** The alert kinds and every message the alert settings' rule can give. */
function alertTexts(): string[] {
  const bad = [
    { bands: [150.5] },
    { bands: [100] },
    { bands: [2000] },
    { bands: [200, 200] },
    { bands: [200, 300, 400, 500, 600, 700] },
    { offlineEpochs: 1.5 },
    { offlineEpochs: 0 },
    { offlineEpochs: 300 },
  ];
  const messages = bad.flatMap((b) => {
    const r = alertPreferencesSchema.safeParse({ ...DEFAULT_ALERT_PREFERENCES, ...b });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  });
  expect(new Set(messages).size).toBe(8);
  return [...Object.values(ALERT_KIND_LABELS), ...messages];
}

/** The back office's navigation, pool figures and statuses, and identity check words. */
function staffTexts(): string[] {
  return [
    ...staffScreens.map((s) => s.title),
    ...POOL_STATE_FIGURES.map(([, label]) => label),
    ...Object.values(POOL_VALIDATOR_STATUS_TEXT),
    ...Object.values(REPORT_STATUS),
    ...Object.values(CHECK_DIGIT_NAMES),
    ...COMPARED_FIELDS,
    frameworkMessages.unsavedChanges,
    frameworkMessages.unsavedChangesTitle,
    frameworkMessages.unsavedChangesPage,
  ];
}

/** The wallet strip's and connect screen's words: connection modals, transaction phases. */
function walletTexts(): string[] {
  const modals = (['activating', 'rejectedByUser', 'alreadyPending', 'failed'] as const).flatMap((s) => {
    const m = connectionModal(s, '');
    return m ? [m.title, m.text] : [];
  });
  const phases = (
    ['waitingForApproval', 'waitingForConfirmation', 'confirmed', 'cancelled', 'failed'] as const
  ).map((phase) => txStatusText({ ...idleTx, phase }));
  expect(modals).toHaveLength(8);
  return [...modals, ...phases, networkName(null)];
}

/** Words German writes as English does. */
const SAME_IN_GERMAN = new Set(['Wallets', 'Name']);

describe('English texts of pure rules', () => {
  it('each has its message in the catalogue, shown in German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    const texts = [
      ...kycRuleTexts(),
      ...stakeAndStatementTexts(),
      ...paymentTexts(),
      ...Object.values(businessRequestTexts),
      ...Object.values(supportMessages),
      ...Object.values(yesNo),
      ...alertTexts(),
      ...staffTexts(),
      ...walletTexts(),
    ];
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      if (!SAME_IN_GERMAN.has(text)) expect(i18n._(id!), text).not.toBe(text);
    }
    expect(i18n._(englishTextId(kycTexts.waitingTitle)!)).toBe('Status: Wartet auf Prüfung');
  });

  it('has the business record fields and columns under their ids, word for word', async () => {
    await activateLanguage(languageOfCode('en')!);
    for (const f of corporateFields) expect(i18n._(`kycBiz.field.${f.name}`)).toBe(f.label);
    for (const c of relatedPersonColumns) expect(i18n._(`kycBiz.person.${c.name}`)).toBe(c.label);
  });

  it('leaves a text the catalogue does not have as it came', async () => {
    await activateLanguage(languageOfCode('fr')!);
    expect(englishTextId('A reviewer’s own words')).toBeUndefined();
    await activateLanguage(languageOfCode('en')!);
    expect(englishTextId(kycTexts.waitingTitle)).toBeUndefined();
  });
});
