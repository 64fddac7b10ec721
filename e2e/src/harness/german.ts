// The German part of the newcomer journey (issue 28, 'Done when'): after switching to Deutsch the
// person walks the KYC screens, stakes and downloads a statement reading the German texts of
// packages/i18n/catalogues/de.json (asserted verbatim here, as a German customer reads them).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { advanceChain, chainNow } from './dashboard.ts';
import { savePersonalDetails } from './kyc.ts';
import { livenessStatus } from './liveness.ts';
import { shoot } from './shots.ts';

/** Picks a language with the switcher, named in the language shown now. */
export async function switchLanguage(
  page: Page,
  from: 'Language' | 'Sprache',
  to: 'de' | 'en',
): Promise<void> {
  await page.getByLabel(from, { exact: true }).selectOption(to);
  await page.getByLabel(to === 'de' ? 'Sprache' : 'Language', { exact: true }).waitFor();
}

/**
 * From /welcome in German: the welcome and user-option pages, the personal details form's German
 * message, the details saved (one call, as the journey always did), the liveness test, the risks
 * and disclosures accepted, and the status page saying the application waits for review. Returns
 * the record's id.
 */
export async function passesKycInGerman(page: Page, name: string): Promise<string> {
  await switchLanguage(page, 'Language', 'de');
  await page.getByRole('heading', { name: 'Willkommen' }).waitFor();
  await page.getByText('Zunächst möchten wir Sie besser kennenlernen.').waitFor();
  await shoot(page, 'newcomer-de-01-welcome');
  await page.getByRole('link', { name: 'Weiter' }).click();
  await page.getByRole('heading', { name: 'Welche Nutzungsart trifft auf Sie zu?' }).waitFor();
  await page.getByText('Private Nutzung').waitFor();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('heading', { name: 'Schritt 1 von 4: Persönliche Angaben' }).waitFor();
  // The rule of packages/schemas, in German.
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await page.getByText('Bitte wählen Sie ein Geschlecht').waitFor();
  await shoot(page, 'newcomer-de-02-personal-details');
  const keyId = await savePersonalDetails(page, name);

  await page.goto('/liveness');
  await page.getByRole('heading', { name: 'Schritt 3 von 4: Lebendigkeitstest' }).waitFor();
  await page.getByText('Suchen Sie einen gut beleuchteten Ort.').waitFor();
  await page.getByRole('button', { name: 'Lebendigkeitstest starten' }).click();
  await expect
    .poll(() => livenessStatus(page).innerText(), { timeout: 120_000, interval: 500 })
    .toMatch(/Status: (PASSED|FAILED|ERROR)/);
  await page.getByText('Sie haben den Lebendigkeitstest bestanden.').waitFor();
  await shoot(page, 'newcomer-de-03-liveness-passed');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('heading', { name: 'Schritt 4 von 4: Risikohinweise und Offenlegungen' }).waitFor();
  await page
    .getByText('Ein Kredit gegen Ihr ETH kann zur Liquidation Ihrer Sicherheiten führen', { exact: false })
    .waitFor();
  await page
    .getByLabel(
      'Ich habe die obigen Risikohinweise und Offenlegungen gelesen und verstanden und akzeptiere sie.',
    )
    .check();
  await page.getByRole('button', { name: 'Akzeptieren und weiter' }).click();

  await page.getByRole('heading', { name: 'Ihr KYC-Antrag' }).waitFor();
  await page.getByTestId('kyc-status').getByText('Status: Wartet auf Prüfung').waitFor();
  await page.getByText('Vielen Dank, Ihr Antrag steht auf unserer Warteliste.', { exact: false }).waitFor();
  await shoot(page, 'newcomer-de-04-kyc-status');
  return keyId;
}

/**
 * Stakes `validators` 0x01 validators in German from the Staking menu: the option page, the form,
 * the 'Transaktionsübersicht' with its fee, Send, and the deposit confirmed; ends on the dashboard.
 */
export async function stakesInGerman(page: Page, validators: number): Promise<void> {
  await switchLanguage(page, 'Language', 'de');
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Staking' }).click();
  await page.getByRole('heading', { name: 'Was möchten Sie heute tun?' }).waitFor();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('heading', { name: 'ETH staken' }).waitFor();
  await page.getByRole('radio', { name: 'Standard (0x01)' }).check();
  await page.getByLabel('Anzahl der Validatoren').fill(String(validators));
  await page.getByText('Jeder Validator erfordert 32 ETH.').waitFor();
  const address = await page.getByTestId('wallet-account').getAttribute('title');
  expect((await page.getByRole('textbox', { name: 'Auszahlungsadresse' }).inputValue()).toLowerCase()).toBe(
    address?.toLowerCase(),
  );
  await page
    .getByLabel('Ich bestätige, dass die obige Auszahlungsadresse mir gehört und korrekt ist.')
    .check();
  await page.getByRole('button', { name: 'Weiter' }).click();

  const summary = page.getByRole('dialog', { name: 'Transaktionsübersicht' });
  await summary
    .getByRole('row', { name: /Validatorart/ })
    .getByText('Standard (0x01)', { exact: true })
    .waitFor();
  await summary
    .getByRole('row', { name: /ETH pro Validator/ })
    .getByText('32 ETH', { exact: true })
    .waitFor();
  await summary
    .getByRole('row', { name: /Gesamtbetrag/ })
    .getByText(`${validators * 32} ETH`, { exact: true })
    .waitFor();
  await summary.getByTestId('stake-daily-fee').filter({ hasText: 'Credits pro Tag' }).waitFor();
  expect(await summary.getByTestId('stake-daily-fee').innerText()).toMatch(
    /^\d+,\d{2} Credits pro Tag \(\d+,\d{2} je 32 ETH effektivem Guthaben\), ab dem ersten vollen UTC-Tag nach der Aktivierung$/,
  );
  expect(await summary.getByTestId('stake-fee-quote').innerText()).toMatch(
    new RegExp(
      `^${validators} Validatoren mit je 32 ETH: \\d+,\\d{2} Credits pro Tag \\(\\d+,\\d{2} je Validator\\)$`,
    ),
  );
  await shoot(page, 'newcomer-de-05-summary');
  await summary.getByRole('button', { name: 'ETH senden' }).click();
  await page.getByText('Validatoren werden erstellt …').waitFor();
  await page.getByTestId('tx-status').getByText('Bestätigt', { exact: true }).waitFor({ timeout: 120_000 });
  await page.waitForURL((u) => u.pathname === '/accountStatus' || u.pathname === '/dashboard', {
    timeout: 60_000,
  });
}

/**
 * Moves the dev clock past the month's end, then in German opens the reward statements, waits
 * for the month's statement (made once the wallet's records are in), downloads it and reads the
 * German confirmation; the PDF it was sent to is checked to be one.
 */
export async function downloadsAStatementInGerman(page: Page): Promise<void> {
  const now = await chainNow();
  const at = new Date(now * 1000);
  await advanceChain(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) / 1000 - now + 3600);
  const month = new Intl.DateTimeFormat('de', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    at,
  );

  await switchLanguage(page, 'Language', 'de');
  await page.goto('/rewardStatements');
  await page.getByRole('heading', { name: 'Ertragsauszüge' }).waitFor();
  const row = page.getByTestId('statement-row').filter({ hasText: month });
  for (
    let tries = 1;
    !(await row.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries >= 12) throw new Error(`no '${month}' statement listed after a minute`);
    await page.reload();
  }
  expect(await row.innerText()).toMatch(/Schlussbestand \d+(\.\d{3})*,\d{8} ETH/);
  await shoot(page, 'newcomer-de-06-reward-statements');
  const [request] = await Promise.all([
    page.context().waitForEvent('request', (r) => r.url().includes('StakeStmtWs.asmx/Download')),
    row.getByRole('button', { name: `Auszug ${month} herunterladen` }).click(),
  ]);
  await page.waitForURL((u) => u.pathname === '/StmtDownloadConfirm');
  await page.getByRole('heading', { name: 'Auszug heruntergeladen' }).waitFor();
  await page.getByText('Der Auszug wurde in einem neuen Fenster geöffnet.', { exact: false }).waitFor();
  const pdf = await page.context().request.get(request.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await shoot(page, 'newcomer-de-07-statement-downloaded');
  await page.getByRole('button', { name: 'Zurück zu den Auszügen' }).click();
  await page.waitForURL((u) => u.pathname === '/rewardStatements');
}
