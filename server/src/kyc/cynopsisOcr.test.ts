// CynopsisWs DocOCR reads the text of ID document pictures (ocr.ts, Tesseract from npm): the
// owner and staff get the text and the checked machine readable zone; another customer gets a
// 403 and nothing else; a stored PDF is named, not read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { closeDocumentReader } from './ocr.ts';

const specimen = readFileSync(new URL('./fixtures/passport-specimen.jpg', import.meta.url));
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

interface OcrReply {
  provider: string;
  ocr: string;
  text: string | null;
  confidence: number | null;
  mrz: { surname: string; documentNumber: string; failedCheckDigits: string[] } | null;
  pages: { ocr: string; faces?: number }[];
}

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let reviewer: TestUser;
let ownerPersonId: number;
let passportDocId: number;
let pdfDocId: number;

async function personId(user: TestUser, name: string): Promise<number> {
  const r = await t.database.query<{ kyc_person_id: number }>(
    `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ($1, $2, 'P1') RETURNING kyc_person_id`,
    [name, user.usrId],
  );
  return Number(r[0]!.kyc_person_id);
}

async function document(person: number, name: string, mimeType: string, content: Buffer): Promise<number> {
  const r = await t.database.query<{ doc_id: number }>(
    `INSERT INTO kyc_person_doc (kyc_person_id, doc_name, doc_type_cd, mime_type, doc_size, content)
     VALUES ($1, $2, 'ID', $3, $4, $5) RETURNING doc_id`,
    [person, name, mimeType, content.length, content],
  );
  return Number(r[0]!.doc_id);
}

const ocr = (user: TestUser | null, body: object) =>
  t.call<string>('Cynopsis', 'DocOCR', body, user ? user.as : {});

describe.each(testDatabaseKinds)('CynopsisWs DocOCR on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await makeUser(t, 'anna@example.com', Role.borrower);
    other = await makeUser(t, 'otto@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    ownerPersonId = await personId(owner, 'Anna Maria Eriksson');
    await personId(other, 'Otto Other');
    pdfDocId = await document(ownerPersonId, 'passport.pdf', 'application/pdf', pdf);
    passportDocId = await document(ownerPersonId, 'passport.jpg', 'image/jpeg', specimen);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await closeDocumentReader();
  });

  it('gives the owner the text of her passport and its machine readable zone, every check digit right', async () => {
    const r = await ocr(owner, { idDocImageUri1: `payd:doc/${passportDocId}` });
    expect(r.status).toBe(200);
    expect(r.d.status).toBe('success');
    const reply = JSON.parse(r.d.data!) as OcrReply;
    expect(reply).toMatchObject({ provider: 'embedded', ocr: 'done' });
    expect(reply.text).toContain('ERIKSSON');
    expect(reply.text).toContain('L898902C3');
    expect(reply.confidence).toBeGreaterThan(0.6);
    expect(reply.mrz).toMatchObject({
      format: 'TD3',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      documentNumber: 'L898902C3',
      birthDate: '1974-08-12',
      checkDigits: {
        documentNumber: true,
        birthDate: true,
        expiryDate: true,
        optionalData: true,
        composite: true,
      },
      failedCheckDigits: [],
    });
    expect(reply.pages).toHaveLength(1);
    expect(reply.pages[0]).toMatchObject({ ocr: 'done', width: 900, height: 560 });
  }, 120_000);

  it('reads her newest ID picture by kind, and names a stored PDF instead of reading it', async () => {
    const r = await ocr(owner, { idDocImageUri1: 'payd:id-doc', idDocImageUri2: `payd:doc/${pdfDocId}` });
    const reply = JSON.parse(r.d.data!) as OcrReply;
    expect(reply.mrz?.documentNumber).toBe('L898902C3');
    expect(reply.pages.map((p) => p.ocr)).toEqual(['done', 'pdf not supported']);
    const onlyPdf = JSON.parse(
      (await ocr(owner, { idDocImageUri1: `payd:doc/${pdfDocId}` })).d.data!,
    ) as OcrReply;
    expect(onlyPdf).toMatchObject({ ocr: 'pdf not supported', text: null, mrz: null });
  }, 120_000);

  it("denies another customer the owner's documents, pictures and PDFs alike, and tells nothing", async () => {
    for (const uri of [`payd:doc/${passportDocId}`, `payd:id-doc/${ownerPersonId}`, `payd:doc/${pdfDocId}`]) {
      const r = await ocr(other, { idDocImageUri1: uri });
      expect(r.status).toBe(403);
      expect(r.d.status).toBe('failed');
      expect(r.d.data).toBeUndefined();
      expect(JSON.stringify(r.d)).not.toContain('ERIKSSON');
    }
    // Hiding the owner's document behind one of his own URIs does not help either.
    const mixed = await ocr(other, {
      idDocImageUri1: 'payd:id-doc',
      idDocImageUri2: `payd:doc/${passportDocId}`,
    });
    expect([400, 403]).toContain(mixed.status);
    expect(mixed.d.data).toBeUndefined();
    const anonymous = await ocr(null, { idDocImageUri1: `payd:doc/${passportDocId}` });
    expect(anonymous.status).toBe(401);
    expect(anonymous.d?.data).toBeUndefined();
  }, 120_000);

  it("lets a KYC reviewer read the owner's passport", async () => {
    const r = await ocr(reviewer, { idDocImageUri1: `payd:id-doc/${ownerPersonId}` });
    const reply = JSON.parse(r.d.data!) as OcrReply;
    expect(reply.mrz).toMatchObject({ surname: 'ERIKSSON', failedCheckDigits: [] });
  }, 120_000);

  it('tells a reviewer when a record has no ID picture, and a customer naming another record nothing', async () => {
    const otherPerson = (
      await t.database.query<{ kyc_person_id: number }>(
        `SELECT kyc_person_id FROM kyc_person WHERE input_for = $1`,
        [other.usrId],
      )
    )[0]!.kyc_person_id;
    const staff = await ocr(reviewer, { idDocImageUri1: `payd:id-doc/${otherPerson}` });
    expect(staff.status).toBe(400);
    expect(staff.d.message).toBe('There is no ID document picture yet.');
    const customer = await ocr(owner, { idDocImageUri1: `payd:id-doc/${otherPerson}` });
    expect(customer.status).toBe(403);
    expect(customer.d.message).not.toContain('ID document');
  }, 120_000);
});
