// Steps of the KYC wizard as a customer takes them, for the journeys (kycDocuments.e2e.ts and the
// full onboarding). Shared: K1 wrote the documents steps; add your own functions below them.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { callKycPerson } from './api.ts';
import { passLiveness } from './liveness.ts';

export { callKycPerson };

type Row = Record<string, unknown>;

/** Test documents shipped in e2e/fixtures/docs/. */
export const docFixtures = {
  /**
   * The ICAO 9303 specimen passport page (900x560 PNG, made for the server's OCR tests): sent as
   * a JPEG (passport-specimen.jpg); its machine readable zone reads back with correct check digits.
   */
  specimenPassport: fileURLToPath(
    new URL('../../../server/src/kyc/fixtures/passport-specimen.png', import.meta.url),
  ),
  /** 1600x1200 PNG: the browser rescales it to a 1024x768 JPEG (passport.jpg). */
  passport: fileURLToPath(new URL('../../fixtures/docs/passport.png', import.meta.url)),
  /** A one-page PDF, sent as it is. */
  utilityBill: fileURLToPath(new URL('../../fixtures/docs/utility-bill.pdf', import.meta.url)),
  /** Plain text: not an allowed type. */
  notes: fileURLToPath(new URL('../../fixtures/docs/notes.txt', import.meta.url)),
} as const;

/**
 * Calls KycPersonWs as the signed-in customer, the way the web app does (the session's Bearer
 * token from localStorage); returns the reply's `d`.
 */
export /** An ISO day `days` from today (negative: in the past). */
function isoDayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Saves complete personal details for the signed-in customer in one SaveData call (status P1),
 * for journeys that start after step 1; returns the record's id.
 */
export async function savePersonalDetails(page: Page, name: string): Promise<string> {
  const blank = await callKycPerson(page, 'GetNewMst', {});
  const saved = await callKycPerson(page, 'SaveData', {
    mst: {
      ...(blank.data as Row),
      Name15: name,
      GenderCd15: 'F',
      NationalityId15: 'SG',
      CountryOfResId15: 'SG',
      CountryOfBirthId15: 'SG',
      DateOfBirth15: '1990-05-04',
      IndustryId15: '1',
      OccupationId15: '1',
      SourceOfFundsId15: '1',
      SourceOfWealthId15: '1',
      PurposeId15: '1',
      AnnualIncome15: '85000.00',
      Pep15: 'N',
      IdTypeId15: '1',
      IdNumber15: 'E1234567X',
      IdIssueCountryId15: 'SG',
      IdIssueDate15: isoDayFromToday(-365),
      IdExpiryDate15: isoDayFromToday(5 * 365),
      PhoneNbrs15: '+65 6123 4567',
      Addresses15: '123 Example Street',
      PostalCode15: '123456',
    },
    dtl: [],
    options: {},
  });
  if (saved.status !== 'success') throw new Error(`SaveData failed: ${String(saved.message)}`);
  return String((saved.data as { mst: Row }).mst.KycPersonId15);
}

/** Opens step 2 and waits for it. */
export async function openSupportingDocs(page: Page): Promise<void> {
  await page.goto('/supporting-doc');
  await page.getByRole('heading', { name: 'Step 2 of 4: Add Supporting Documentation' }).waitFor();
}

/** A document to upload: the file and its type as the page lists it; a proof of address needs a date. */
export interface DocToUpload {
  path: string;
  type: 'Identity document' | 'Proof of address' | 'Other';
  /** ISO date the document bears (proof of address: within 3 months). */
  date?: string;
}

/** Picks the document type (and date) on the supporting-documents page. */
export async function chooseDocType(page: Page, type: DocToUpload['type'], date?: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Document type' });
  await select.click();
  await page.getByRole('option', { name: type, exact: true }).click();
  if (date !== undefined) await page.getByLabel('Document date').fill(date);
}

/** Puts files into the page's file picker (as choosing them in the dialog does). */
export async function pickFiles(page: Page, paths: string[]): Promise<void> {
  await page.getByLabel('Choose files to upload').setInputFiles(paths);
}

/** The file names in the 'Uploaded documents' table, in order. */
export async function listedDocuments(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Uploaded documents' });
  if ((await table.count()) === 0) return [];
  return table.locator('tbody tr td:first-child').allInnerTexts();
}

/**
 * Uploads each document on /supporting-doc (opening it when elsewhere) and waits until the list
 * shows it. Images are listed under their JPEG name (passport.png → passport.jpg).
 */
export async function uploadDocuments(page: Page, docs: DocToUpload[]): Promise<void> {
  if (!page.url().includes('/supporting-doc')) await openSupportingDocs(page);
  for (const doc of docs) {
    const before = (await listedDocuments(page)).length;
    await chooseDocType(page, doc.type, doc.date);
    await pickFiles(page, [doc.path]);
    await page.waitForFunction(
      (n) => document.querySelectorAll('table[aria-label="Uploaded documents"] tbody tr').length > n,
      before,
      { timeout: 60_000 },
    );
    await page.getByRole('status', { name: 'Uploads in progress' }).waitFor({ state: 'detached' });
  }
}

/** Deletes a listed document through its Delete button and the confirmation. */
export async function deleteDocument(page: Page, fileName: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${fileName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: `Delete ${fileName}` }).waitFor({ state: 'detached' });
}

/**
 * Saves a personal KYC record through the API as the customer signed in on `page`, with the
 * disclosures accepted, so it waits for review (P1). The name is `prefix` and a random tag.
 */
export async function submitKycRecord(page: Page, prefix: string): Promise<{ name: string; id: string }> {
  const name = `${prefix} ${randomBytes(4).toString('hex')}`;
  const blank = await callKycPerson(page, 'GetNewMst', {});
  const saved = await callKycPerson(page, 'SaveData', {
    mst: {
      ...(blank.data as Record<string, unknown>),
      Name15: name,
      GenderCd15: 'F',
      DateOfBirth15: '1990-05-04',
      DisclosuresChked15: 'Y',
    },
    dtl: [],
    options: {},
  });
  const mst = (saved.data as { mst?: Record<string, unknown> } | undefined)?.mst;
  if (saved.status !== 'success' || mst?.Name15 !== name || mst.InternalStatus15 !== 'P1')
    throw new Error(`KYC record not saved: ${JSON.stringify(saved)}`);
  return { name, id: String(mst.KycPersonId15) };
}

/**
 * A newcomer's KYC in a browser with a camera (launchBrowserWithCamera()): personal details (in
 * one call), the liveness test on the fake camera, the disclosures accepted; the record waits for
 * review. Returns its id.
 */
export async function submitKycWithLiveness(page: Page, name: string): Promise<string> {
  const keyId = await savePersonalDetails(page, name);
  await passLiveness(page);
  const accepted = await callKycPerson(page, 'AcceptDisclosures', { keyId });
  if (accepted.status !== 'success') throw new Error(`disclosures not accepted: ${String(accepted.message)}`);
  return keyId;
}
