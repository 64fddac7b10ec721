// The reviewer's identity checks are remembered (issue 17): FaceCompare and DocOCR run by staff on
// a record's pictures are kept, an approval against failed checks needs a reason (refused by the
// Reason field without one, saved and in the status history with one), and GetIdentityChecks gives
// staff the latest checks and the liveness numbers the customer is no longer shown.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentCheck } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { closeDocumentReader } from './ocr.ts';

const specimen = readFileSync(new URL('./fixtures/passport-specimen.jpg', import.meta.url));
const selfie = readFileSync(new URL('../../../e2e/fixtures/liveness/selfie.jpg', import.meta.url));

type Row = Record<string, unknown>;
const S = 'KycPerson';
const FAILED_CHECKS =
  'The identity checks did not pass: face not a match, fields disagree with the record (name, date of birth). Give a reason to approve anyway.';

let t: TestApp;
let dana: TestUser;
let ellen: TestUser;
let reviewer: TestUser;
let danaId: number;
let ellenId: number;
let livenessReply: Row;

async function personId(user: TestUser, name: string): Promise<number> {
  const r = await t.database.query<{ kyc_person_id: number }>(
    `INSERT INTO kyc_person (name, input_for, internal_status, date_of_birth, gender_cd)
     VALUES ($1, $2, 'P1', '1990-05-04', 'F') RETURNING kyc_person_id`,
    [name, user.usrId],
  );
  return Number(r[0]!.kyc_person_id);
}

const storedChecks = async (id: number) =>
  t.database.query<{ kind: string; checked_by_name: string }>(
    `SELECT kind, checked_by_name FROM kyc_identity_check WHERE kyc_person_id = $1 ORDER BY check_id`,
    [id],
  );

const record = async (id: number) =>
  (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: String(id) }, reviewer.as)).d.data!;

const review = async (id: number, values: Row) =>
  t.call<{ mst: Row }>(S, 'SaveData', { mst: { ...(await record(id)), ...values } }, reviewer.as);

describe.each(testDatabaseKinds)('identity check results on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    dana = await makeUser(t, 'dana@example.com', Role.borrower);
    ellen = await makeUser(t, 'ellen@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    danaId = await personId(dana, 'Dana Ray');
    ellenId = await personId(ellen, 'Ellen Ash');
    // Dana's ID document is the ICAO specimen passport: another name, another birthday, no face.
    await t.database.query(
      `INSERT INTO kyc_person_doc (kyc_person_id, doc_name, doc_type_cd, mime_type, doc_size, content)
       VALUES ($1, 'passport.jpg', 'ID', 'image/jpeg', $2, $3)`,
      [danaId, specimen.length, specimen],
    );
    // Her liveness test, as the page does it: the server's verdict stores the selfie.
    const tok = (await t.call<Row>('Cynopsis', 'GetAccessToken', {}, dana.as)).d.data!;
    const done = await t.call<Row>(
      'Cynopsis',
      'CompleteLiveness',
      {
        sessionId: tok.sessionId,
        accessToken: tok.access_token,
        selfie: { mimeType: 'image/jpeg', base64: selfie.toString('base64') },
      },
      dana.as,
    );
    livenessReply = done.d.data!;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await closeDocumentReader();
  });

  checkCases();
  approvalCases();
});

function checkCases(): void {
  it('tells the customer passed or not, without the scores', () => {
    expect(livenessReply).toMatchObject({ status: 'PASSED', data: { faces: 1 } });
    expect(livenessReply.data).toEqual({ faces: 1 });
  });

  it("keeps the checks staff run on a record's pictures, not a customer's own", async () => {
    const own = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: 'payd:selfie', idDocImageUri: 'payd:id-doc' },
      dana.as,
    );
    expect(own.d.status).toBe('success');
    expect(await storedChecks(danaId)).toEqual([]);

    const faces = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: `payd:selfie/${danaId}`, idDocImageUri: `payd:id-doc/${danaId}` },
      reviewer.as,
    );
    expect(JSON.parse(faces.d.data!)).toMatchObject({ match: false, documentFaces: 0 });
    const reading = await t.call<string>(
      'Cynopsis',
      'DocOCR',
      { idDocImageUri1: `payd:id-doc/${danaId}` },
      reviewer.as,
    );
    expect((JSON.parse(reading.d.data!) as DocumentCheck).mrz).toMatchObject({
      surname: 'ERIKSSON',
      failedCheckDigits: [],
    });
    expect(await storedChecks(danaId)).toEqual([
      { kind: 'faces', checked_by_name: 'reviewer@payd.test' },
      { kind: 'document', checked_by_name: 'reviewer@payd.test' },
    ]);
  }, 120_000);

  it('refuses to approve against the failed checks without a reason, by the Reason field', async () => {
    for (const reason of [undefined, '   ']) {
      const refused = await review(danaId, {
        InternalStatus15: 'AP',
        ...(reason === undefined ? {} : { Reason15: reason }),
      });
      expect(refused.status).toBe(400);
      expect(refused.d).toMatchObject({
        status: 'failed',
        message: FAILED_CHECKS,
        validationErrors: [{ field: 'mst.Reason15', message: FAILED_CHECKS }],
      });
      expect((await record(danaId)).InternalStatus15).toBe('P1');
    }
    // Another status needs no reason; a reason left from it is not the approval's reason.
    expect((await review(danaId, { InternalStatus15: 'P3', Reason15: 'Screening' })).d.status).toBe(
      'success',
    );
    const stale = await review(danaId, { InternalStatus15: 'AP' });
    expect(stale.d.validationErrors).toEqual([{ field: 'mst.Reason15', message: FAILED_CHECKS }]);
    // Entering the passport's name and birthday leaves the face alone to fail.
    const fixed = await review(danaId, {
      InternalStatus15: 'AP',
      Name15: 'Anna Maria Eriksson',
      DateOfBirth15: '1974-08-12',
    });
    expect(fixed.d.message).toBe(
      'The identity checks did not pass: face not a match. Give a reason to approve anyway.',
    );
  });

  it('approves with a reason, and the approval and its reason are in the status history', async () => {
    const reason = 'Specimen passport accepted for the test account; face checked by hand.';
    const saved = await review(danaId, { InternalStatus15: 'AP', Reason15: reason });
    expect(saved.d.status).toBe('success');
    expect(saved.d.data!.mst).toMatchObject({ InternalStatus15: 'AP', Reason15: reason });
    const history = (await t.call<Row[]>(S, 'GetStatusHistory', { keyId: String(danaId) }, reviewer.as)).d
      .data!;
    const latest = history.slice(0, 2).map((h) => [h.ColumnName, h.Before, h.After]);
    expect(latest).toEqual(
      expect.arrayContaining([
        ['InternalStatus15', 'P3', 'AP'],
        ['Reason15', 'Screening', reason],
      ]),
    );
  });

  it('needs no reason when no check failed (none ran here)', async () => {
    expect((await review(ellenId, { InternalStatus15: 'AP' })).d.status).toBe('success');
  });
}

function approvalCases(): void {
  it('gives staff the latest checks and the liveness numbers; customers are refused', async () => {
    const r = await t.call<Row>('Cynopsis', 'GetIdentityChecks', { kycPersonId: danaId }, reviewer.as);
    expect(r.d.status).toBe('success');
    const data = r.d.data as {
      faces: { result: Row; checkedByName: string };
      document: { result: { ocr: string; mrz: Row } };
      liveness: Row;
    };
    expect(data.faces).toMatchObject({ result: { match: false }, checkedByName: 'reviewer@payd.test' });
    expect(data.document.result).toMatchObject({ ocr: 'done', mrz: { surname: 'ERIKSSON' } });
    expect(data.liveness).toMatchObject({ status: 'PASSED', faces: 1, attempts: 1 });
    expect(data.liveness.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.liveness.real).toEqual(expect.any(Number));
    expect(data.liveness.live).toEqual(expect.any(Number));

    const none = await t.call<Row>('Cynopsis', 'GetIdentityChecks', { kycPersonId: ellenId }, reviewer.as);
    expect(none.d.data).toEqual({ faces: null, document: null, liveness: null });
    const customer = await t.call('Cynopsis', 'GetIdentityChecks', { kycPersonId: danaId }, dana.as);
    expect(customer.status).toBe(403);
    const bad = await t.call('Cynopsis', 'GetIdentityChecks', { kycPersonId: 'x' }, reviewer.as);
    expect(bad.status).toBe(400);
  });
}
