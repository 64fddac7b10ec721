// Issue 28: a sentence the server can answer with or mail is in the catalogue, so a caller in
// German, French, Spanish or Chinese reads it in their language (wire/method.ts translates every
// reply's message through @payd/i18n localizeText). This reads every string literal of the
// server's sources that is worded as a sentence and fails for one the English catalogue lacks,
// unless it is listed below as never shown to a customer or staff member (configuration checks,
// operator logs, the signed sign-in statement). A text with figures counts as known when an English
// message with placeholders matches it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeText, readCatalogue } from '@payd/i18n/node';

const SRC = new URL('..', import.meta.url).pathname;

/** Texts read by operators (configuration, start-up, logs) or signed, never a reply to a person. */
const NOT_SHOWN = new Set([
  // config.ts and the vaults: start-up refusals for the operator.
  'TOKEN_SECRET (at least 32 characters) is required with DATABASE_URL',
  'DATA_KEY is required with DATABASE_URL',
  'SMTP_URL is required with DATABASE_URL',
  'PAYD_DEV_RECENT_SIGN_IN_SECONDS is for the embedded dev stack only, not with DATABASE_URL',
  'PAYD_DEV_RECENT_SIGN_IN_SECONDS must be a number of seconds, at least 10',
  'RECAPTCHA_SECRET is required with CAPTCHA_PROVIDER=recaptcha',
  'PORT must be a port number',
  'DATA_KEY is required to keep mnemonics',
  'DATA_KEY is required to keep the pool mnemonic',
  'TRUST_PROXY=true would believe every X-Forwarded-For entry, so a client could name its own IP: ',
  // kyc/kycMails.ts and billing/customerFailures.ts: mails to the company team's mailbox (COMPANY_TEAM_EMAIL),
  // which has no language of its own; the team works in English.
  'A customer asked to open a business account.',
  'Please reply to the customer within 24 hours.',
  'A customer could not proceed because there is not enough liquidity.',
  'A customer reported an issue with the liveness test and cannot proceed until it is done.',
  'Please reply to the customer within 7 days.',
  'Business account request',
  'Not enough liquidity',
  'Liveness test issue',
  'Every other customer was processed. The job tries this customer again on its next run; ',
  // admin/endpoint.ts: the operator's admin command line.
  'Request body too large',
  'The body is not JSON',
  'The server could not do it',
  // The card provider's webhook and Stripe: answers to Stripe, not to a person.
  'No such payment',
  'No card provider',
  'Stripe returned no client secret',
  // The sign-in statement the wallet signs: its words are part of the signed message.
  'Sign in to payd with your wallet.',
  // Logs and comments' examples.
  'KYC status mails failed',
  'Estimating resolution as ...',
  'Active in ~N days, M hours',
  'No … rate available',
]);

const sentence = /(["'`])([A-Z][^"'`\n${}]{12,})\1/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

function untranslated(): string[] {
  const english = new Set(Object.values(readCatalogue('en')));
  const missing: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(sentence)) {
      const s = m[2]!;
      if (!/ [a-z]+ /.test(s) || /^(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER)\b/.test(s)) continue;
      if (english.has(s) || NOT_SHOWN.has(s) || localizeText(s, 2) !== s) continue;
      missing.push(`${relative(SRC, file)}: ${s}`);
    }
  }
  return missing;
}

describe("the server's sentences", () => {
  it('are each in the catalogue, or listed as never shown to a person', () => {
    expect(untranslated()).toEqual([]);
  });
});
