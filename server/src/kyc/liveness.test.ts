// CynopsisWs with the embedded provider (human on tfjs wasm, the real models) on fixture pictures
// from e2e/fixtures/liveness: sessions, the server's own verdict, forged client flags, other
// customers' records, FaceCompare and DocOCR.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { LIVENESS_MESSAGES, LIVENESS_SESSION_MS } from './cynopsis.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../e2e/fixtures/liveness/${name}`, import.meta.url));
const b64 = (name: string) => fixture(name).toString('base64');
const dataUri = (name: string) => `data:image/jpeg;base64,${b64(name)}`;

interface Token {
  access_token: string;
  sessionId: string;
  serviceBaseUrl: string;
  provider: string;
}
interface Outcome {
  status: 'PASSED' | 'FAILED';
  sessionId: string;
  data: { faces: number; real?: number; live?: number; reason?: string };
}
type Row = Record<string, unknown>;

let t: TestApp;
let ana: TestUser;
let ben: TestUser;
let cleo: TestUser;
let reviewer: TestUser;
let operator: TestUser;
let anaPersonId: number;
let benDocId: number;

async function personId(user: TestUser, name: string): Promise<number> {
  const r = await t.database.query<{ kyc_person_id: number }>(
    `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ($1, $2, 'P1') RETURNING kyc_person_id`,
    [name, user.usrId],
  );
  return Number(r[0]!.kyc_person_id);
}

async function token(user: TestUser): Promise<Token> {
  const r = await t.call<Token>('Cynopsis', 'GetAccessToken', {}, user.as);
  expect(r.d.status).toBe('success');
  return r.d.data!;
}

async function person(user: TestUser): Promise<Row> {
  const r = await t.call<{ Mst: Row }>(
    'KycPerson',
    'LoadInitPage',
    { options: { FirstOrDefault: 'Y', SkipMetaData: 'Y', SkipSupportingData: 'Y', TopN: 1 } },
    user.as,
  );
  return r.d.data!.Mst;
}

const complete = (user: TestUser, tok: Token, picture: string, extra: object = {}) =>
  t.call<Outcome>(
    'Cynopsis',
    'CompleteLiveness',
    {
      sessionId: tok.sessionId,
      accessToken: tok.access_token,
      selfie: { mimeType: 'image/jpeg', base64: b64(picture) },
      ...extra,
    },
    user.as,
  );

describe.each(testDatabaseKinds)('CynopsisWs liveness on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    ana = await makeUser(t, 'ana@example.com', Role.borrower);
    ben = await makeUser(t, 'ben@example.com', Role.lender);
    cleo = await makeUser(t, 'cleo@example.com', Role.borrower);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    anaPersonId = await personId(ana, 'Ana Lima');
    const benPersonId = await personId(ben, 'Ben Okafor');
    const doc = await t.database.query<{ doc_id: number }>(
      `INSERT INTO kyc_person_doc (kyc_person_id, doc_name, doc_type_cd, mime_type, doc_size, content)
       VALUES ($1, 'passport.jpg', 'ID', 'image/jpeg', $2, $3) RETURNING doc_id`,
      [benPersonId, fixture('id-photo.jpg').length, fixture('id-photo.jpg')],
    );
    benDocId = Number(doc[0]!.doc_id);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  selfieCases();
  faceCompareCases();
});

function selfieCases(): void {
  it('opens no session for a customer without a personal record, nor for staff', async () => {
    const r = await t.call('Cynopsis', 'GetAccessToken', {}, cleo.as);
    expect(r.d).toMatchObject({ status: 'failed', message: LIVENESS_MESSAGES.noRecord });
    const staff = await t.call('Cynopsis', 'GetAccessToken', {}, reviewer.as);
    expect(staff.status).toBe(403);
    const anonymous = await t.call('Cynopsis', 'GetAccessToken', {});
    expect(anonymous.status).toBe(401);
  });

  it('passes a selfie with one live face: stores PicMed15 and sets LivenessPassed15', async () => {
    const tok = await token(ana);
    expect(tok).toMatchObject({ provider: 'embedded', serviceBaseUrl: '/human-models/' });
    expect(tok.access_token.length).toBeGreaterThan(30);
    const r = await complete(ana, tok, 'selfie.jpg');
    expect(r.d).toMatchObject({ status: 'success', data: { status: 'PASSED', sessionId: tok.sessionId } });
    expect(r.d.data!.data.faces).toBe(1);
    const row = await person(ana);
    expect(row.LivenessPassed15).toBe('Y');
    expect(JSON.parse(String(row.PicMed15))).toEqual({ mimeType: 'image/jpeg', base64: b64('selfie.jpg') });
    const audit = await t.database.query<{ after_value: string; changed_by: number }>(
      `SELECT after_value, changed_by FROM audit_log WHERE table_name = 'kyc_person' AND row_key = $1
         AND column_name = 'LivenessPassed15'`,
      [String(anaPersonId)],
    );
    expect(audit).toEqual([{ after_value: 'Y', changed_by: ana.usrId }]);
  }, 60_000);

  it('uses a session once', async () => {
    const tok = await token(ana);
    expect((await complete(ana, tok, 'selfie.jpg')).d.data!.status).toBe('PASSED');
    const again = await complete(ana, tok, 'selfie.jpg');
    expect(again.d).toMatchObject({ status: 'failed', message: LIVENESS_MESSAGES.sessionUsed });
  }, 60_000);

  it('refuses a forged "passed" flag: only the picture decides, and a picture without a face fails', async () => {
    await personId(cleo, 'Cleo Park');
    const tok = await token(cleo);
    const forged = await complete(cleo, tok, 'no-face.jpg', {
      passed: true,
      status: 'PASSED',
      LivenessPassed15: 'Y',
      data: { real: 1, live: 1 },
    });
    expect(forged.d.data).toMatchObject({ status: 'FAILED', data: { faces: 0 } });
    expect(forged.d.data!.data.reason).toBe('No face was found in the picture.');
    // A flag without any picture is no request at all.
    const tok2 = await token(cleo);
    const bare = await t.call(
      'Cynopsis',
      'CompleteLiveness',
      { sessionId: tok2.sessionId, accessToken: tok2.access_token, passed: true, status: 'PASSED' },
      cleo.as,
    );
    expect(bare.status).toBe(400);
    // Nor can the record itself be saved with the flag.
    const row = await person(cleo);
    const saved = await t.call<{ mst: Row }>(
      'KycPerson',
      'SaveData',
      {
        mst: {
          ...row,
          LivenessPassed15: 'Y',
          PicMed15: { mimeType: 'image/jpeg', base64: b64('selfie.jpg') },
        },
      },
      cleo.as,
    );
    expect(saved.d.data?.mst?.LivenessPassed15 ?? null).toBeNull();
    const after = await person(cleo);
    expect(after.LivenessPassed15 ?? null).toBeNull();
    expect(after.PicMed15 ?? null).toBeNull();
  }, 60_000);

  it('refuses a picture that is not a JPEG', async () => {
    const tok = await token(cleo);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const r = await t.call(
      'Cynopsis',
      'CompleteLiveness',
      {
        sessionId: tok.sessionId,
        accessToken: tok.access_token,
        selfie: { mimeType: 'image/jpeg', base64: png },
      },
      cleo.as,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.d)).toContain('The picture must be a JPEG image.');
    expect((await person(cleo)).LivenessPassed15 ?? null).toBeNull();
  });

  it("denies another customer's session and an expired one", async () => {
    const bens = await token(ben);
    const stolen = await complete(cleo, bens, 'selfie.jpg');
    expect(stolen.d).toMatchObject({ status: 'failed', message: LIVENESS_MESSAGES.sessionInvalid });
    expect(stolen.d.data).toBeUndefined();
    const wrongToken = await complete(ben, { ...bens, access_token: 'x'.repeat(43) }, 'selfie.jpg');
    expect(wrongToken.d).toMatchObject({ status: 'failed', message: LIVENESS_MESSAGES.sessionInvalid });
    expect((await person(cleo)).LivenessPassed15 ?? null).toBeNull();

    t.clock.advance(LIVENESS_SESSION_MS + 1000);
    const late = await complete(ben, bens, 'selfie.jpg');
    expect(late.d).toMatchObject({ status: 'failed', message: LIVENESS_MESSAGES.sessionExpired });
    expect((await person(ben)).LivenessPassed15 ?? null).toBeNull();
  }, 60_000);
}

function faceCompareCases(): void {
  it('FaceCompare matches the selfie with the ID document photo of the same person only', async () => {
    const same = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: dataUri('selfie.jpg'), idDocImageUri: dataUri('id-photo.jpg') },
      ana.as,
    );
    expect(same.d.status).toBe('success');
    const s = JSON.parse(same.d.data!) as { match: boolean; similarity: number; documentFaces: number };
    expect(s).toMatchObject({ match: true, documentFaces: 1 });
    const other = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: 'payd:selfie', idDocImageUri: dataUri('other-person.jpg') },
      ana.as,
    );
    const o = JSON.parse(other.d.data!) as { match: boolean; similarity: number };
    expect(o.match).toBe(false);
    expect(o.similarity).toBeLessThan(s.similarity);
  }, 60_000);

  it("FaceCompare and DocOCR deny another customer's document and selfie; reviewers may compare", async () => {
    const doc = await t.call(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: 'payd:selfie', idDocImageUri: `payd:doc/${benDocId}` },
      ana.as,
    );
    expect(doc.status).toBe(403);
    expect(doc.d.data).toBeUndefined();
    const selfie = await t.call(
      'Cynopsis',
      'DocOCR',
      { idDocImageUri1: `payd:selfie/${anaPersonId}` },
      ben.as,
    );
    expect(selfie.status).toBe(403);
    expect(selfie.d.data).toBeUndefined();
    const ocr = await t.call<string>(
      'Cynopsis',
      'DocOCR',
      { idDocImageUri1: `payd:doc/${benDocId}` },
      ben.as,
    );
    // Ben's own ID document by its kind, compared with a selfie he sends.
    const own = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: dataUri('other-person.jpg'), idDocImageUri: 'payd:id-doc' },
      ben.as,
    );
    expect(JSON.parse(own.d.data!)).toMatchObject({ match: false, documentFaces: 1 });
    const noDoc = await t.call(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: 'payd:selfie', idDocImageUri: 'payd:id-doc' },
      ana.as,
    );
    expect(noDoc.status).toBe(400);
    expect(JSON.parse(ocr.d.data!)).toMatchObject({ ocr: 'done', mrz: null, pages: [{ faces: 1 }] });

    const reviewed = await t.call<string>(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: `payd:selfie/${anaPersonId}`, idDocImageUri: `payd:doc/${benDocId}` },
      reviewer.as,
    );
    // Ben's document shows the same person as Ana's selfie fixture: the comparison says so.
    expect(JSON.parse(reviewed.d.data!)).toMatchObject({ match: true });
    const looked = await t.call(
      'Cynopsis',
      'FaceCompare',
      { selfieImageUri: `payd:selfie/${anaPersonId}`, idDocImageUri: `payd:doc/${benDocId}` },
      operator.as,
    );
    expect(looked.status).toBe(403);
  }, 60_000);
}
