// The authorisation matrix: for each back-office screen, each role and each operation, the
// expected allow or deny, and on deny nothing written (the row and the audit are checked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
type Actor = 'customer' | 'anotherCustomer' | 'kycReviewer' | 'operator' | 'admin';
type Op = 'list' | 'read' | 'create' | 'save' | 'delete' | 'readOther';
const Y = true;
const N = false;

interface ScreenCase {
  service: string;
  entity: string;
  table: string;
  key: string;
  /** Makes a record owned by a user; returns its key. */
  insert(t: TestApp, owner: TestUser): Promise<string>;
  /** A change to a column the actor may be refused. */
  change: Row;
  /** A new record. */
  create(owner: TestUser): Row;
  expected: Record<Actor, Record<Op, boolean>>;
}

const one = async (t: TestApp, sqlText: string, params: unknown[]) =>
  String((await t.database.query<{ k: unknown }>(sqlText, params))[0]!.k);

const cases: ScreenCase[] = [
  {
    service: 'KycPerson',
    entity: 'KycPerson15',
    table: 'kyc_person',
    key: 'kyc_person_id',
    insert: (t, owner) =>
      one(
        t,
        `INSERT INTO kyc_person (name, email_addrs, internal_status, input_for) VALUES ('Person', $1, 'P2', $2) RETURNING kyc_person_id AS k`,
        [owner.email, owner.usrId],
      ),
    change: { Name15: 'Changed Name' },
    create: () => ({ KycPersonId15: '', Name15: 'New Person' }),
    expected: {
      customer: { list: Y, read: Y, create: Y, save: Y, delete: N, readOther: N },
      anotherCustomer: { list: Y, read: N, create: Y, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: Y, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: Y, save: Y, delete: Y, readOther: Y },
    },
  },
  {
    service: 'KycCorporate',
    entity: 'KycCorporate16',
    table: 'kyc_corporate',
    key: 'kyc_corp_id',
    insert: (t, owner) =>
      one(
        t,
        `INSERT INTO kyc_corporate (name, internal_status, input_for) VALUES ('Corp', 'P2', $1) RETURNING kyc_corp_id AS k`,
        [owner.usrId],
      ),
    change: { Name16: 'Changed Corp' },
    create: () => ({ KycCorpId16: '', Name16: 'New Corp' }),
    expected: {
      customer: { list: Y, read: Y, create: Y, save: Y, delete: N, readOther: N },
      anotherCustomer: { list: Y, read: N, create: Y, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: Y, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: Y, save: Y, delete: Y, readOther: Y },
    },
  },
  {
    service: 'SupportRequest',
    entity: 'SupportRequest51',
    table: 'support_request',
    key: 'support_request_id',
    insert: (t, owner) =>
      one(
        t,
        `INSERT INTO support_request (user_id, request_type_id, request_info) VALUES ($1, 'GEN', 'Please help') RETURNING support_request_id AS k`,
        [owner.usrId],
      ),
    change: { RequestInfo51: 'Changed text' },
    create: (owner) => ({
      SupportRequestId51: '',
      UserId51: owner.usrId,
      RequestTypeId51: 'KYC',
      RequestInfo51: 'New request',
    }),
    expected: {
      customer: { list: Y, read: Y, create: Y, save: N, delete: N, readOther: N },
      anotherCustomer: { list: Y, read: N, create: Y, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: Y, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: Y, save: Y, delete: Y, readOther: Y },
    },
  },
  {
    service: 'Usr',
    entity: 'Usr1',
    table: 'users',
    key: 'usr_id',
    insert: async (_t, owner) => String(owner.usrId),
    change: { UsrName1: 'changed@example.com' },
    create: () => ({ UsrId1: '', UsrName1: 'new@example.com' }),
    expected: {
      customer: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      anotherCustomer: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
    },
  },
  {
    // The staking wallets with their validators: staff read them in the back office (/staff/wallets).
    service: 'Eth2Wallet',
    entity: 'Eth2Wallet5',
    table: 'eth2_wallet',
    key: 'eth2_wallet_id',
    insert: (t, owner) =>
      one(
        t,
        `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', '0x00000000000000000000000000000000000000aa') RETURNING eth2_wallet_id AS k`,
        [owner.usrId],
      ),
    change: { Remark6: 'Changed remark' },
    create: () => ({
      Eth2WalletId6: '',
      NetworkId6: '88',
      Eth1WithdrawalAddr6: '0x00000000000000000000000000000000000000bb',
      StartIdx6: 0,
      ValidatorCnt6: 0,
    }),
    expected: {
      customer: { list: Y, read: Y, create: Y, save: Y, delete: N, readOther: N },
      anotherCustomer: { list: Y, read: N, create: Y, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
    },
  },
  {
    // Payments are written by the top-up flows only: view-only for everyone, customers their own.
    service: 'StakePayment',
    entity: 'StakePayment3',
    table: 'stake_payment',
    key: 'pmt_id',
    insert: (t, owner) =>
      one(
        t,
        `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id, stripe_ref)
         VALUES ('C', '50', '50', 'S', now(), $1, 'pi_' || gen_random_uuid()) RETURNING pmt_id AS k`,
        [owner.usrId],
      ),
    change: { CreditAmt4: '9999' },
    create: () => ({ PmtId4: '', PmtTypeCd4: 'C', PmtAmt4: '10', CreditAmt4: '10', PmtStatusCd4: 'S' }),
    expected: {
      customer: { list: Y, read: Y, create: N, save: N, delete: N, readOther: N },
      anotherCustomer: { list: Y, read: N, create: N, save: N, delete: N, readOther: N },
      kycReviewer: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      operator: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
      admin: { list: Y, read: Y, create: N, save: N, delete: N, readOther: Y },
    },
  },
  {
    // Stake agents (reference data of wallet registration): admins only.
    service: 'StakeAgent',
    entity: 'StakeAgent40',
    table: 'stake_agent',
    key: 'ref_code_id',
    insert: (t) =>
      one(
        t,
        `INSERT INTO ref_codes (cat, code, label) VALUES ('stakeAgent', 'M-' || gen_random_uuid(), 'Agent') RETURNING ref_code_id AS k`,
        [],
      ),
    change: { AgentName40: 'Changed Agent' },
    create: () => ({
      AgentKey40: '',
      AgentId40: `NEW-${Math.random().toString(36).slice(2)}`,
      AgentName40: 'New',
      AgentStatus40: 'stakeAgent',
    }),
    expected: {
      customer: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      anotherCustomer: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      kycReviewer: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      operator: { list: N, read: N, create: N, save: N, delete: N, readOther: N },
      admin: { list: Y, read: Y, create: Y, save: Y, delete: Y, readOther: Y },
    },
  },
];

let t: TestApp;
let actors: Record<Actor, TestUser>;
let third: TestUser;

const snapshot = async (c: ScreenCase, key: string) => ({
  row: await t.database.query(`SELECT * FROM ${c.table} WHERE ${c.key}::text = $1`, [key]),
  audit: await t.database.query(`SELECT count(*)::int AS n FROM audit_log`),
  count: await t.database.query(`SELECT count(*)::int AS n FROM ${c.table}`),
});

describe.each(testDatabaseKinds)('authorisation matrix on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = {} as Record<Actor, TestUser>;
    actors.customer = await makeUser(t, 'owner@example.com', Role.borrower);
    actors.anotherCustomer = await makeUser(t, 'other@example.com', Role.guarantor);
    actors.kycReviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    actors.operator = await makeUser(t, 'operator@payd.test', Role.operator);
    actors.admin = await makeUser(t, 'admin@payd.test', Role.admin);
    third = await makeUser(t, 'third@example.com', Role.lender);
  });

  afterAll(async () => {
    await t?.close();
  });

  matrixCases();
  rowRuleCases();
  missingRecordCases();
});

function matrixCases(): void {
  for (const c of cases) {
    for (const actor of Object.keys(c.expected) as Actor[]) {
      it(`${c.service}: ${actor}`, async () => {
        const me = actors[actor];
        const owner = actors.customer;
        const target = await c.insert(t, owner);
        const foreign = await c.insert(t, third);
        const exp = c.expected[actor];
        const outcome = {} as Record<Op, boolean>;
        const ok = (r: { status: number; d: { status: string } }) =>
          r.status === 200 && r.d.status === 'success';
        const denied = (r: { status: number; d: { status: string; error?: string; data?: unknown } }) => {
          expect([401, 403]).toContain(r.status);
          expect(r.d.error).toBe('access_denied');
          expect(r.d.data ?? null).toBeNull();
        };

        const list = await t.call<{ data: { key: string }[] }>(
          c.service,
          'GetSearchList',
          { searchStr: '', topN: 32767 },
          me.as,
        );
        outcome.list = ok(list);
        if (outcome.list) {
          const keys = list.d.data!.data.map((r) => r.key);
          // A customer's list holds only their own rows; staff see every row.
          expect(keys.includes(target)).toBe(actor !== 'anotherCustomer');
          expect(keys.includes(foreign)).toBe(actor !== 'customer' && actor !== 'anotherCustomer');
        } else denied(list);

        const read = await t.call<Row>(
          c.service,
          `Get${c.entity}ById`,
          { keyId: target, options: {} },
          me.as,
        );
        outcome.read = ok(read);
        if (!outcome.read) denied(read);

        const other = await t.call<Row>(c.service, `Get${c.entity}ById`, { keyId: foreign }, me.as);
        outcome.readOther = ok(other);
        if (!outcome.readOther) denied(other);

        const beforeCreate = await snapshot(c, target);
        const created = await t.call(c.service, 'SaveData', { mst: c.create(me), dtl: [] }, me.as);
        outcome.create = ok(created);
        if (!outcome.create) {
          denied(created);
          expect(await snapshot(c, target)).toEqual(beforeCreate);
        }

        // The current row as staff see it, changed, sent by the actor.
        const current = (
          await t.call<Row>(c.service, `Get${c.entity}ById`, { keyId: target }, actors.admin.as)
        ).d.data!;
        const beforeSave = await snapshot(c, target);
        const saved = await t.call(
          c.service,
          'SaveData',
          { mst: { ...current, ...c.change }, dtl: [] },
          me.as,
        );
        outcome.save = ok(saved);
        if (outcome.save) expect(await snapshot(c, target)).not.toEqual(beforeSave);
        else {
          denied(saved);
          expect(await snapshot(c, target)).toEqual(beforeSave);
        }

        const fresh = (await t.call<Row>(c.service, `Get${c.entity}ById`, { keyId: target }, actors.admin.as))
          .d.data!;
        const beforeDel = await snapshot(c, target);
        const del = await t.call(c.service, 'DelMst', { mst: fresh, options: {} }, me.as);
        outcome.delete = ok(del);
        if (outcome.delete) expect((await snapshot(c, target)).row).toEqual([]);
        else {
          denied(del);
          expect(await snapshot(c, target)).toEqual(beforeDel);
        }

        expect(outcome).toEqual(exp);
      });
    }
  }
}

function rowRuleCases(): void {
  it('a customer cannot change their KYC record once it is approved (row rule), staff still can', async () => {
    const id = await cases[0]!.insert(t, actors.customer);
    await t.database.query(`UPDATE kyc_person SET internal_status = 'AP' WHERE kyc_person_id = $1`, [
      Number(id),
    ]);
    const row = (await t.call<Row>('KycPerson', 'GetKycPerson15ById', { keyId: id }, actors.customer.as)).d
      .data!;
    const authRow = await t.call<Row[]>('KycPerson', 'GetAuthRow', { keyId: id }, actors.customer.as);
    expect(authRow.d.data![0]).toMatchObject({ AllowUpd: 'N', AllowDel: 'N' });
    const refused = await t.call(
      'KycPerson',
      'SaveData',
      { mst: { ...row, Name15: 'Changed' } },
      actors.customer.as,
    );
    expect(refused.status).toBe(403);
    const doc = await t.call(
      'KycPerson',
      'AddDocColumnContent',
      { mstId: id, screenColumnName: 'KycPersonDoc15', docJson: { fileName: 'a.pdf', base64: 'JVBERg==' } },
      actors.customer.as,
    );
    expect(doc.status).toBe(403);
    const staff = await t.call(
      'KycPerson',
      'SaveData',
      { mst: { ...row, Reason15: 'ok' } },
      actors.kycReviewer.as,
    );
    expect(staff.d.status).toBe('success');
  });

  it("a customer cannot point a support request at another customer's KYC record", async () => {
    const othersPerson = await cases[0]!.insert(t, third);
    const before = await t.database.query(`SELECT count(*)::int AS n FROM support_request`);
    const r = await t.call(
      'SupportRequest',
      'SaveData',
      {
        mst: {
          SupportRequestId51: '',
          UserId51: actors.customer.usrId,
          KycPersonId51: othersPerson,
          RequestTypeId51: 'KYC',
          RequestInfo51: 'x',
        },
      },
      actors.customer.as,
    );
    expect(r.status).toBe(400);
    expect(r.d.validationErrors).toEqual([
      { field: 'mst.KycPersonId51', message: 'Person is not a valid choice' },
    ]);
    expect(await t.database.query(`SELECT count(*)::int AS n FROM support_request`)).toEqual(before);
    const spoof = await t.call(
      'SupportRequest',
      'SaveData',
      { mst: { SupportRequestId51: '', UserId51: third.usrId, RequestTypeId51: 'KYC', RequestInfo51: 'x' } },
      actors.customer.as,
    );
    expect(spoof.status).toBe(403);
  });

  it("a corporate saves its related persons in one go, never another customer's person", async () => {
    const mine = await cases[0]!.insert(t, actors.customer);
    const theirs = await cases[0]!.insert(t, third);
    const corp = await t.call<{ mst: Row }>(
      'KycCorporate',
      'SaveData',
      {
        mst: { KycCorpId16: '', Name16: 'Acme Pte' },
        dtl: [{ KycPersonId23: mine, KycCorpRelationId23: 'DIR', DateAppointed23: '2024-01-31' }],
      },
      actors.customer.as,
    );
    expect(corp.d.status).toBe('success');
    expect(corp.d.data!.mst).toMatchObject({ InternalStatus16: 'P1', InputFor16: actors.customer.usrId });
    const id = String(corp.d.data!.mst.KycCorpId16);
    const dtl = await t.call<Row[]>(
      'KycCorporate',
      'GetKycCorporate16DtlById',
      { keyId: id },
      actors.customer.as,
    );
    expect(dtl.d.data).toEqual([
      expect.objectContaining({
        KycPersonId23: Number(mine),
        KycCorpRelationId23Text: 'Director',
        DateAppointed23: '2024-01-31',
        Active23: 'Y',
      }),
    ]);
    const before = await t.database.query(`SELECT count(*)::int AS n FROM kyc_corp_person`);
    const bad = await t.call(
      'KycCorporate',
      'SaveData',
      {
        mst: { ...corp.d.data!.mst, Name16: 'Acme Holdings' },
        dtl: [{ KycPersonId23: theirs, KycCorpRelationId23: 'UBO' }],
      },
      actors.customer.as,
    );
    expect(bad.d.validationErrors).toEqual([
      { field: 'dtl.0.KycPersonId23', message: 'Person is not a valid choice' },
    ]);
    expect(await t.database.query(`SELECT count(*)::int AS n FROM kyc_corp_person`)).toEqual(before);
    expect(
      (await t.call<Row>('KycCorporate', 'GetKycCorporate16ById', { keyId: id }, actors.customer.as)).d.data!
        .Name16,
    ).toBe('Acme Pte');
  });
}

function missingRecordCases(): void {
  it("answers a missing record like another customer's to customers, and not found to staff", async () => {
    for (const c of cases) {
      const foreign = await c.insert(t, third);
      const missing = '987654';
      const byId = (keyId: string, who: TestUser) =>
        t.call<Row>(c.service, `Get${c.entity}ById`, { keyId, options: {} }, who.as);
      if (c.expected.customer.read) {
        // Same status, error and message for both ids, and no data: the id reveals nothing.
        const other = await byId(foreign, actors.customer);
        const none = await byId(missing, actors.customer);
        expect([other.status, other.d], c.service).toEqual([none.status, none.d]);
        expect(none.status, c.service).toBe(403);
      }
      for (const staff of ['kycReviewer', 'operator', 'admin'] as const) {
        // Staff without the screen are refused before any record is looked at (the matrix above).
        if (!c.expected[staff].read) continue;
        const who = actors[staff];
        const none = await byId(missing, who);
        expect([none.status, none.d.error, none.d.message], c.service).toEqual([
          404,
          'not_found',
          'Record not found',
        ]);
        const dtl = await t.call(c.service, `Get${c.entity}DtlById`, { keyId: missing, options: {} }, who.as);
        expect(dtl.status, c.service).toBe(404);
      }
    }
  });

  it('a document for a missing record: not found for a reviewer, access denied for a customer', async () => {
    const add = (who: TestUser) =>
      t.call(
        'KycPerson',
        'AddDocColumnContent',
        {
          mstId: '987654',
          screenColumnName: 'KycPersonDoc15',
          docJson: { fileName: 'a.pdf', base64: 'JVBERi0xLjQK' },
        },
        who.as,
      );
    expect((await add(actors.kycReviewer)).status).toBe(404);
    expect((await add(actors.customer)).status).toBe(403);
  });

  it('the users screen offers staff a DrillDown to KYC records and no add or change', async () => {
    const r = await t.call<Row[]>('Usr', 'GetScreenButtonHlp', {}, actors.operator.as);
    const b = (n: string) => r.d.data!.find((x) => x.ButtonTypeName === n);
    expect(b('DrillDown')).toMatchObject({
      ButtonVisible: 'Y',
      ButtonName: 'KYC records',
      ButtonPlacement: 'M',
    });
    for (const n of ['New', 'Copy', 'Save', 'Delete']) expect(b(n), n).toMatchObject({ ButtonVisible: 'N' });
  });

  it('without a token every operation is access denied', async () => {
    const r = await t.call('KycPerson', 'GetSearchList', {});
    expect(r.status).toBe(401);
    expect(r.d.error).toBe('access_denied');
  });
}
