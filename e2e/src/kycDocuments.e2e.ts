// Journey of KYC step 2 (issue 4): a customer with saved personal details is refused a file of a
// wrong type with the spec's message, uploads two documents (an image the browser rescales to a
// JPEG within 1024x768, a proof of address dated last month), sees them listed, deletes one, and
// goes on to the liveness step.
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './harness/browser.ts';
import { newPerson, signUp } from './harness/person.ts';
import {
  callKycPerson,
  chooseDocType,
  deleteDocument,
  docFixtures,
  isoDayFromToday,
  listedDocuments,
  openSupportingDocs,
  pickFiles,
  savePersonalDetails,
  uploadDocuments,
} from './harness/kyc.ts';

const baseURL = inject('stackUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Width and height of a JPEG from its SOF marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < bytes.length) {
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}

describe('KYC supporting documents', () => {
  it('a customer uploads two documents, sees them listed and deletes one', async () => {
    const { page } = await openPage(browser, baseURL, 'kyc documents');
    await signUp(page, newPerson('docs'));
    const mstId = await savePersonalDetails(page, `Docs ${randomBytes(3).toString('hex')}`);
    await openSupportingDocs(page);
    await page.getByText('No documents uploaded yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);

    // A text file is not an allowed type: the spec's message next to the field, nothing stored.
    await chooseDocType(page, 'Other');
    await pickFiles(page, [docFixtures.notes]);
    await page.getByText('Selected file type is not allowed').waitFor();
    // A proof of address older than 3 months is refused before anything is sent.
    await chooseDocType(page, 'Proof of address', isoDayFromToday(-120));
    await pickFiles(page, [docFixtures.utilityBill]);
    await page.getByText('Proof of address must be dated within 3 months').waitFor();
    expect(await listedDocuments(page)).toEqual([]);

    await uploadDocuments(page, [
      { path: docFixtures.passport, type: 'Identity document' },
      { path: docFixtures.utilityBill, type: 'Proof of address', date: isoDayFromToday(-30) },
    ]);
    expect(await listedDocuments(page)).toEqual(['passport.jpg', 'utility-bill.pdf']);
    const table = page.getByRole('table', { name: 'Uploaded documents' });
    await table.getByRole('cell', { name: 'Identity document' }).waitFor();
    await table.getByRole('cell', { name: 'Proof of address' }).waitFor();

    // What the server holds: the image as a JPEG within 1024x768, the PDF as it was.
    const list = await callKycPerson(page, 'GetKycPersonDoc15List', { mstId });
    const stored = list.data as { DocId: number; DocName: string; MimeType: string }[];
    expect(stored.map((d) => [d.DocName, d.MimeType])).toEqual([
      ['passport.jpg', 'image/jpeg'],
      ['utility-bill.pdf', 'application/pdf'],
    ]);
    const jpeg = await callKycPerson(page, 'GetDoc', {
      mstId,
      docId: stored[0]!.DocId,
      screenColumnName: 'KycPersonDoc15',
    });
    expect(jpegSize(Buffer.from(String((jpeg.data as { base64: string }).base64), 'base64'))).toEqual({
      width: 1024,
      height: 768,
    });

    // The list survives a reload (stored on the server), then one document is deleted.
    await page.reload();
    await page.getByRole('table', { name: 'Uploaded documents' }).waitFor();
    expect(await listedDocuments(page)).toEqual(['passport.jpg', 'utility-bill.pdf']);
    await deleteDocument(page, 'passport.jpg');
    expect(await listedDocuments(page)).toEqual(['utility-bill.pdf']);
    const after = await callKycPerson(page, 'GetKycPersonDoc15List', { mstId });
    expect((after.data as { DocName: string }[]).map((d) => d.DocName)).toEqual(['utility-bill.pdf']);

    // Back is step 1, Continue is step 3.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/personal-detail');
    await openSupportingDocs(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/liveness');
  });
});
