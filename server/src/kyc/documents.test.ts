// Supporting documents through KycPersonWs: upload, list, get, delete, zip; types from the
// content; the spec's size, type and count messages; another customer's record; staff access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { writeZip } from '../framework/zip.ts';
import { MAX_DOC_BYTES, sniffDocument } from '../framework/docContent.ts';
import { countRows, makeUser, type TestUser } from '../testing/testUsers.ts';
import { POA_MESSAGE, poaDateError, poaEarliest } from './documents.ts';
import { docMessages } from '@payd/schemas';
import {
  deflatedZeros,
  docxOf,
  gif,
  jpegOf,
  pdfOf,
  pdfWithScriptInObjectStream,
} from '../testing/docFixtures.ts';

type Row = Record<string, unknown>;
const S = 'KycPerson';
const COL = 'KycPersonDoc15';

// A 1x1 PNG, a JPEG, a minimal PDF and Word document (whole files: the server checks them).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = jpegOf();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00 This program cannot be run in DOS mode', 'latin1');
const docx = docxOf();
const html = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n',
);
const b64 = (b: Buffer) => b.toString('base64');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('document types from the content', () => {
  it('recognises the allowed types by their bytes, whatever the name says', async () => {
    expect((await sniffDocument(png, 'x.pdf', 'application/pdf'))?.mimeType).toBe('image/png');
    expect((await sniffDocument(jpeg, 'x', ''))?.mimeType).toBe('image/jpeg');
    expect((await sniffDocument(gif, 'x', ''))?.mimeType).toBe('image/gif');
    expect((await sniffDocument(pdf, 'x.png', 'image/png'))?.mimeType).toBe('application/pdf');
    expect((await sniffDocument(docx, 'x.docx', ''))?.kind).toBe('docx');
    expect((await sniffDocument(Buffer.from('a,b\n1,2\n'), 'list.csv', ''))?.mimeType).toBe('text/csv');
    expect(await sniffDocument(exe, 'photo.png', 'image/png')).toBeNull();
    expect(await sniffDocument(Buffer.from('a,b\n1,2\n'), 'list.txt', 'text/plain')).toBeNull();
    expect(await sniffDocument(Buffer.from([0, 1, 2, 3]), 'data.csv', 'text/csv')).toBeNull();
    expect(
      await sniffDocument(
        writeZip([{ name: 'a.txt', data: Buffer.from('a'), modified: new Date() }]),
        'a.docx',
        '',
      ),
    ).toBeNull();
  });

  it('takes a proof of address dated within the last 3 months', () => {
    const today = new Date('2026-05-31T10:00:00Z');
    expect(poaEarliest(today)).toBe('2026-02-28');
    expect(poaEarliest(new Date('2026-11-22T00:00:00Z'))).toBe('2026-08-22');
    expect(poaDateError('2026-02-28', today)).toBeNull();
    expect(poaDateError('2026-05-31', today)).toBeNull();
    expect(poaDateError('2026-02-27', today)).toBe(POA_MESSAGE);
    expect(poaDateError('2026-06-01', today)).toBe(POA_MESSAGE);
  });
});

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;
let operator: TestUser;
let aliceId: string;
let bobId: string;

async function newRecord(u: TestUser, name: string): Promise<string> {
  const n = await t.call<Row>(S, 'GetNewMst', {}, u.as);
  const s = await t.call<{ mst: Row }>(S, 'SaveData', { mst: { ...n.d.data, Name15: name }, dtl: [] }, u.as);
  expect(s.d.status).toBe('success');
  return String(s.d.data!.mst.KycPersonId15);
}

const save = (u: TestUser, mstId: string, docJson: Row, extra: Row = {}) =>
  t.call<Row>(S, `Save${COL}`, { mstId, isMaster: true, screenColumnName: COL, docJson, ...extra }, u.as);

const list = (u: TestUser, mstId: string) =>
  t.call<Row[]>(S, `Get${COL}List`, { mstId, isMaster: true }, u.as);

describe.each(testDatabaseKinds)('KYC supporting documents on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await makeUser(t, 'alice.docs@example.com', Role.borrower);
    bob = await makeUser(t, 'bob.docs@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer.docs@payd.test', Role.kycReviewer);
    operator = await makeUser(t, 'operator.docs@payd.test', Role.operator);
    aliceId = await newRecord(alice, 'Alice Docs');
    bobId = await newRecord(bob, 'Bob Docs');
  });

  afterAll(async () => {
    await t?.close();
  });

  uploadCases();
  disguisedFileCases();
  limitAndAccessCases();
  deleteAndLockCases();
});

function uploadCases(): void {
  it('uploads, lists, gets and zips a customer own documents, typed from the content', async () => {
    const up = await save(alice, aliceId, {
      fileName: 'passport.png',
      mimeType: 'application/pdf', // what the client claims does not count
      base64: b64(png),
      DocTypeCd: 'ID',
    });
    expect(up.d.status).toBe('success');
    expect(up.d.data).toMatchObject({
      DocName: 'passport.png',
      MimeType: 'image/png',
      DocSize: png.length,
      DocTypeCd: 'ID',
      DocTypeCdText: 'Identity document',
      DocDate: null,
    });
    const bill = await save(alice, aliceId, {
      fileName: 'C:\\Users\\alice\\bill.pdf',
      mimeType: 'application/pdf',
      base64: `data:application/pdf;base64,${b64(pdf)}`,
      DocTypeCd: 'POA',
      DocDate: isoDay(new Date(t.clock.now().getTime() - 20 * 86_400_000)),
    });
    expect(bill.d.status).toBe('success');
    expect(bill.d.data).toMatchObject({ DocName: 'bill.pdf', MimeType: 'application/pdf', DocTypeCd: 'POA' });
    const word = await save(alice, aliceId, { fileName: 'letter.docx', base64: b64(docx), DocTypeCd: 'OTH' });
    expect(word.d.data).toMatchObject({
      MimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    const l = await list(alice, aliceId);
    expect(l.d.data!.map((d) => d.DocName)).toEqual(['passport.png', 'bill.pdf', 'letter.docx']);
    // The record lists them too (document column).
    const rec = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as);
    expect((rec.d.data!.KycPersonDoc15 as Row[]).map((d) => d.DocName)).toEqual([
      'passport.png',
      'bill.pdf',
      'letter.docx',
    ]);

    const got = await t.call<Row>(
      S,
      'GetDoc',
      { mstId: aliceId, docId: up.d.data!.DocId, isMaster: true, screenColumnName: COL },
      alice.as,
    );
    expect(got.d.data).toMatchObject({ DocName: 'passport.png', MimeType: 'image/png' });
    expect(Buffer.from(String(got.d.data!.base64), 'base64')).toEqual(png);

    const zip = await t.call<Row>(S, 'GetDocZipDownload', { keyId: aliceId, options: {} }, alice.as);
    const z = Buffer.from(String(zip.d.data!.base64), 'base64');
    expect(z.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    for (const part of [png, pdf, Buffer.from('bill.pdf'), Buffer.from('passport.png')])
      expect(z.includes(part)).toBe(true);
  });

  it('lets staff see every customer documents; only reviewers and admins change them', async () => {
    for (const staff of [reviewer, operator]) {
      const l = await list(staff, aliceId);
      expect(l.d.data!.length).toBe(3);
      const zip = await t.call<Row>(S, 'GetDocZipDownload', { keyId: aliceId }, staff.as);
      expect(zip.d.status).toBe('success');
    }
    const byOperator = await save(operator, aliceId, { fileName: 'x.png', base64: b64(png) });
    expect(byOperator.status).toBe(403);
  });

  it('refuses a file whose content is not an allowed type, whatever its name', async () => {
    const before = await countRows(t, 'kyc_person_doc');
    for (const r of [
      await save(alice, aliceId, { fileName: 'photo.png', mimeType: 'image/png', base64: b64(exe) }),
      await t.call(
        S,
        'AddDocColumnContent',
        { mstId: aliceId, screenColumnName: COL, docJson: { fileName: 'photo.jpg', base64: b64(exe) } },
        alice.as,
      ),
    ]) {
      expect(r.status).toBe(400);
      expect(r.d.message).toBe('Selected file type is not allowed');
    }
    expect(await countRows(t, 'kyc_person_doc')).toBe(before);
  });
}

function disguisedFileCases(): void {
  it('refuses disguised and active files, before any row is written, and names files as they are', async () => {
    const before = await countRows(t, 'kyc_person_doc');
    const zeros = await deflatedZeros(200 * 1024 * 1024);
    const refused: [string, Buffer, string][] = [
      // A zip that only holds the Office part names as strings; a zip bomb; html and a path out.
      [
        'letter.docx',
        writeZip([
          {
            name: 'x.html',
            data: Buffer.concat([html, Buffer.from('[Content_Types].xml word/document.xml')]),
            modified: new Date(),
          },
        ]),
        docMessages.typeNotAllowed,
      ],
      ['bomb.docx', docxOf([{ name: 'word/media/bomb.xml', deflated: zeros }]), docMessages.typeNotAllowed],
      ['index.docx', docxOf([{ name: 'word/index.html', data: html }]), docMessages.typeNotAllowed],
      [
        'cron.docx',
        docxOf([{ name: '../../../etc/cron.d/x', data: Buffer.from('* * * * * root sh\n') }]),
        docMessages.typeNotAllowed,
      ],
      // JPEG magic bytes followed by HTML; HTML named .csv.
      ['photo.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]), docMessages.typeNotAllowed],
      ['photo.jpg', Buffer.concat([jpeg, html]), docMessages.typeNotAllowed],
      ['list.csv', html, docMessages.typeNotAllowed],
      // PDFs that run a script when opened, visibly or in a compressed object stream.
      [
        'bill.pdf',
        pdfOf('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'),
        docMessages.pdfActiveContent,
      ],
      ['bill.pdf', pdfWithScriptInObjectStream(), docMessages.pdfActiveContent],
    ];
    for (const [fileName, bytes, message] of refused) {
      for (const r of [
        await save(alice, aliceId, { fileName, base64: b64(bytes), DocTypeCd: 'OTH' }),
        await t.call(
          S,
          'AddDocColumnContent',
          { mstId: aliceId, screenColumnName: COL, docJson: { fileName, base64: b64(bytes) } },
          alice.as,
        ),
      ]) {
        expect(r.status, fileName).toBe(400);
        expect(r.d.message, fileName).toBe(message);
        expect(r.d.validationErrors, fileName).toEqual([{ field: 'docJson', message }]);
      }
    }
    // Another customer's record answers 403 first, whatever the file.
    const bobs = await save(bob, aliceId, { fileName: 'bomb.docx', base64: b64(refused[1]![1]) });
    expect(bobs.status).toBe(403);
    expect(await countRows(t, 'kyc_person_doc')).toBe(before);

    // A right-to-left override cannot make '.exe' read as '.png': it is dropped, and the name
    // ends in the type found in the bytes.
    const rlo = await save(alice, aliceId, {
      fileName: 'invoice\u202Egnp.exe',
      base64: b64(png),
      DocTypeCd: 'OTH',
    });
    expect(rlo.d.status).toBe('success');
    expect(rlo.d.data).toMatchObject({ DocName: 'invoicegnp.exe.png', MimeType: 'image/png' });

    // Documents travel as base64 inside JSON, never as a page: the reply says so and is not sniffed.
    const got = await t.app.inject({
      method: 'POST',
      url: `/webservices/${S}Ws.asmx/GetDoc`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      payload: JSON.stringify({
        mstId: aliceId,
        docId: rlo.d.data!.DocId,
        isMaster: true,
        screenColumnName: COL,
      }),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((got.json() as { d: { data: Row } }).d.data).toMatchObject({ DocName: 'invoicegnp.exe.png' });
    const del = await t.call(S, `Del${COL}`, { mstId: aliceId, docIdList: [rlo.d.data!.DocId] }, alice.as);
    expect(del.d.status).toBe('success');
  });
}

function limitAndAccessCases(): void {
  it('takes a 10 MB document and answers the size message above it', async () => {
    const big = Buffer.alloc(MAX_DOC_BYTES, 0x20);
    pdf.copy(big);
    const ok = await save(alice, aliceId, { fileName: 'scan.pdf', base64: b64(big), DocTypeCd: 'OTH' });
    expect(ok.d.status).toBe('success');
    expect(ok.d.data).toMatchObject({ DocSize: MAX_DOC_BYTES });
    const before = await countRows(t, 'kyc_person_doc');
    const over = Buffer.concat([big, Buffer.from(' ')]);
    const r = await save(alice, aliceId, { fileName: 'scan2.pdf', base64: b64(over) });
    expect(r.status).toBe(400);
    expect(r.d.message).toBe('Maximum allowed upload file size is 10 MB');
    // Far above: the body limit answers with the same message.
    const huge = Buffer.alloc(MAX_DOC_BYTES * 2);
    for (const method of [`Save${COL}`, 'AddDocColumnContent']) {
      const h = await t.call(
        S,
        method,
        { mstId: aliceId, screenColumnName: COL, docJson: { fileName: 'huge.pdf', base64: b64(huge) } },
        alice.as,
      );
      expect(h.status, method).toBe(413);
      expect(h.d.message, method).toBe('Maximum allowed upload file size is 10 MB');
    }
    expect(await countRows(t, 'kyc_person_doc')).toBe(before);
    // Other bodies keep the app's 1 MB limit.
    const s = await t.call(S, 'SaveData', { mst: { Name15: 'x'.repeat(2_000_000) }, dtl: [] }, alice.as);
    expect(s.status).toBe(413);
    expect(s.d.message).toBe('The body is too large');
    const del = await t.call(S, `Del${COL}`, { mstId: aliceId, docIdList: [ok.d.data!.DocId] }, alice.as);
    expect(del.d.status).toBe('success');
  });

  it('needs a proof of address dated within 3 months', async () => {
    const old = isoDay(new Date(t.clock.now().getTime() - 100 * 86_400_000));
    const r = await save(alice, aliceId, {
      fileName: 'bill.png',
      base64: b64(png),
      DocTypeCd: 'POA',
      DocDate: old,
    });
    expect(r.status).toBe(400);
    expect(r.d.message).toBe(POA_MESSAGE);
    const none = await save(alice, aliceId, { fileName: 'bill.png', base64: b64(png), DocTypeCd: 'POA' });
    expect(none.status).toBe(400);
  });

  it('stops at 100 files with the spec message', async () => {
    const n = (await list(alice, aliceId)).d.data!.length;
    await t.database.query(
      `INSERT INTO kyc_person_doc (kyc_person_id, doc_name, mime_type, doc_size, content)
       SELECT ${Number(aliceId)}, 'filler-' || g || '.png', 'image/png', 1, '\\x00'::bytea FROM generate_series(1, ${100 - n}) g`,
    );
    const r = await save(alice, aliceId, { fileName: 'one-more.png', base64: b64(png) });
    expect(r.status).toBe(400);
    expect(r.d.message).toBe('Maximum allowed amount of files is 100');
    const viaFramework = await t.call(
      S,
      'AddDocColumnContent',
      { mstId: aliceId, screenColumnName: COL, docJson: { fileName: 'one-more.png', base64: b64(png) } },
      alice.as,
    );
    expect(viaFramework.d.message).toBe('Maximum allowed amount of files is 100');
    await t.database.query(`DELETE FROM kyc_person_doc WHERE doc_name LIKE 'filler-%'`);
  });

  it("denies another customer's record and documents, returning and changing nothing", async () => {
    const aliceDocs = (await list(alice, aliceId)).d.data!;
    const docId = aliceDocs[0]!.DocId;
    const before = await countRows(t, 'kyc_person_doc');
    for (const [method, body] of [
      [`Get${COL}List`, { mstId: aliceId }],
      [
        `Save${COL}`,
        { mstId: aliceId, screenColumnName: COL, docJson: { fileName: 'x.png', base64: b64(png) } },
      ],
      [
        `Save${COL}`,
        { mstId: aliceId, docId, overwrite: true, docJson: { fileName: 'x.png', base64: b64(png) } },
      ],
      [`Del${COL}`, { mstId: aliceId, docIdList: [docId] }],
      ['GetDoc', { mstId: aliceId, docId, screenColumnName: COL }],
      ['GetDocZipDownload', { keyId: aliceId }],
    ] as const) {
      const r = await t.call(S, method, body, bob.as);
      expect(r.status, method).toBe(403);
      expect(r.d.data ?? null, method).toBeNull();
    }
    // Alice's document id under Bob's own record: not found there, nothing deleted or returned.
    const cross = await t.call(S, `Del${COL}`, { mstId: bobId, docIdList: [docId] }, bob.as);
    expect(cross.status).toBe(403);
    const get = await t.call(S, 'GetDoc', { mstId: bobId, docId, screenColumnName: COL }, bob.as);
    expect(get.status).toBe(403);
    expect(get.d.data ?? null).toBeNull();
    expect(await countRows(t, 'kyc_person_doc')).toBe(before);
    expect((await list(alice, aliceId)).d.data).toEqual(aliceDocs);
  });
}

function deleteAndLockCases(): void {
  it('deletes own documents, all or nothing', async () => {
    const docs = (await list(alice, aliceId)).d.data!;
    const bobDoc = await save(bob, bobId, { fileName: 'b.png', base64: b64(png) });
    const mixed = await t.call(
      S,
      `Del${COL}`,
      { mstId: aliceId, docIdList: [docs[0]!.DocId, bobDoc.d.data!.DocId] },
      alice.as,
    );
    expect(mixed.status).toBe(403);
    expect((await list(alice, aliceId)).d.data).toHaveLength(docs.length);
    const del = await t.call(S, `Del${COL}`, { mstId: aliceId, docIdList: [docs[0]!.DocId] }, alice.as);
    expect(del.d.status).toBe('success');
    expect(del.d.message).toBe('Deleted');
    expect((await list(alice, aliceId)).d.data!.map((d) => d.DocId)).toEqual(
      docs.slice(1).map((d) => d.DocId),
    );
    const again = await t.call(
      S,
      'GetDoc',
      { mstId: aliceId, docId: docs[0]!.DocId, screenColumnName: COL },
      alice.as,
    );
    expect(again.status).toBe(403);
  });

  it('locks a customer documents with the record status; staff still change them', async () => {
    const rec = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    const set = await t.call(
      S,
      'SaveData',
      { mst: { ...rec, InternalStatus15: 'P3' }, dtl: [] },
      reviewer.as,
    );
    expect(set.d.status).toBe('success');
    const docs = (await list(alice, aliceId)).d.data!;
    const up = await save(alice, aliceId, { fileName: 'late.png', base64: b64(png) });
    expect(up.status).toBe(403);
    const viaFramework = await t.call(
      S,
      'AddDocColumnContent',
      { mstId: aliceId, screenColumnName: COL, docJson: { fileName: 'late.png', base64: b64(png) } },
      alice.as,
    );
    expect(viaFramework.status).toBe(403);
    const del = await t.call(S, `Del${COL}`, { mstId: aliceId, docIdList: [docs[0]!.DocId] }, alice.as);
    expect(del.status).toBe(403);
    expect((await list(alice, aliceId)).d.data).toHaveLength(docs.length);
    const byReviewer = await save(reviewer, aliceId, {
      fileName: 'note.pdf',
      base64: b64(pdf),
      DocTypeCd: 'OTH',
    });
    expect(byReviewer.d.status).toBe('success');
  });
}
