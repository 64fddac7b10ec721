// StakePaymentWs walked through its common operations: staff read every payment, a customer only
// their own, nobody writes through the screen; the table keeps payments exact and unique.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { countRows, makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'StakePayment';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

let t: TestApp;
let carol: TestUser;
let dave: TestUser;
let reviewer: TestUser;
let operator: TestUser;
let admin: TestUser;
let carolWallet: number;
let daveWallet: number;
let carolEth: string;
let carolCard: string;
let daveFtx: string;

const wallet = async (u: TestUser, addr: string) =>
  Number(
    (
      await t.database.query<{ k: number }>(
        `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd)
         VALUES ($1, $2, 'A') RETURNING stake_wallet_addr_id AS k`,
        [u.usrId, addr],
      )
    )[0]!.k,
  );

/** A payment as the top-up flows will write it. */
const pay = async (
  u: TestUser,
  walletId: number,
  type: 'C' | 'T' | 'E',
  amount: string,
  credits: string,
  ref: { txHash?: string; stripeRef?: string },
  status = 'S',
  paidOn = '2026-11-02T10:00:00Z',
) =>
  String(
    (
      await t.database.query<{ k: number }>(
        `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id,
           stake_wallet_addr_id, stripe_ref, tx_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING pmt_id AS k`,
        [
          type,
          amount,
          credits,
          status,
          status === 'S' ? paidOn : null,
          u.usrId,
          walletId,
          ref.stripeRef ?? null,
          ref.txHash ?? null,
        ],
      )
    )[0]!.k,
  );

describe.each(testDatabaseKinds)('StakePaymentWs on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    carol = await makeUser(t, 'carol@example.com', Role.borrower);
    dave = await makeUser(t, 'dave@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    admin = await makeUser(t, 'admin@payd.test', Role.admin);
    carolWallet = await wallet(carol, '0x00000000000000000000000000000000000000c1');
    daveWallet = await wallet(dave, '0x00000000000000000000000000000000000000d1');
    carolEth = await pay(carol, carolWallet, 'E', '0.123456789012345678', '365.25', { txHash: hash(1) });
    carolCard = await pay(carol, carolWallet, 'C', '50.00', '50', { stripeRef: 'pi_3Carol0001' });
    daveFtx = await pay(dave, daveWallet, 'T', '1200', '1500', { txHash: hash(2) }, 'P');
  });

  afterAll(async () => {
    await t?.close();
  });

  staffListCases();
  periodAndOwnerCases();
  writeRefusalCases();
});

function staffListCases(): void {
  it('staff of every role list and read every payment, with exact amounts and texts', async () => {
    for (const who of [reviewer, operator, admin]) {
      const list = await t.call<{ total: number; data: Row[] }>(
        S,
        'GetSearchList',
        { searchStr: '', topN: 5, filterId: '0', desiredScreenCriteria: null },
        who.as,
      );
      expect(list.d.data!.total).toBe(3);
      expect(list.d.data!.data.map((r) => r.key)).toEqual([daveFtx, carolCard, carolEth]);
      // Amounts read as paid (no padding to 18 decimals).
      expect(list.d.data!.data[1]).toMatchObject({ label: 'Credit Card', detail: '50.00' });
      expect(list.d.data!.data[0]).toMatchObject({
        label: 'FTX Payment',
        detailR: 'dave@example.com',
      });
    }
    const rec = await t.call<Row>(S, 'GetStakePayment3ById', { keyId: carolEth, options: {} }, reviewer.as);
    expect(rec.d.data).toMatchObject({
      PmtId4: Number(carolEth),
      PmtTypeCd4: 'E',
      PmtTypeCd4Text: 'ETH Payment',
      PmtAmt4: '0.123456789012345678',
      CreditAmt4: '365.25',
      PmtStatusCd4: 'S',
      PmtStatusCd4Text: 'Successful',
      PaidOn4: '2026-11-02T10:00:00.000Z',
      UsrId4: carol.usrId,
      UsrId4Text: 'carol@example.com',
      StakeWalletAddrId4: carolWallet,
      StakeWalletAddrId4Text: '0x00000000000000000000000000000000000000c1',
      TxHash4: hash(1),
      StripeRef4: null,
    });
    const dtl = await t.call(S, 'GetStakePayment3DtlById', { keyId: carolEth, options: {} }, operator.as);
    expect(dtl.d.data).toEqual([]);
  });

  it('dropdowns, criteria, filters and the quick search narrow the staff list', async () => {
    const types = await t.call<Row[]>(S, 'GetPmtTypeCd4List', { query: '', topN: 50 }, admin.as);
    expect(types.d.data).toEqual([
      { key: 'C', label: 'Credit Card' },
      { key: 'T', label: 'FTX Payment' },
      { key: 'E', label: 'ETH Payment' },
    ]);
    const users = await t.call<Row[]>(S, 'GetUsrId4List', { query: 'dave', topN: 50 }, admin.as);
    expect(users.d.data).toEqual([{ key: String(dave.usrId), label: 'dave@example.com' }]);
    const wallets = await t.call<Row[]>(S, 'GetStakeWalletAddrId4List', { query: '', topN: 50 }, admin.as);
    expect(wallets.d.data!.map((w) => w.key).sort()).toEqual(
      [String(carolWallet), String(daveWallet)].sort(),
    );

    const keys = async (body: Row) =>
      (
        await t.call<{ data: Row[] }>(S, 'GetSearchList', { topN: 50, ...body }, operator.as)
      ).d.data!.data.map((r) => r.key);
    expect(await keys({ desiredScreenCriteria: { 1: 'C' } })).toEqual([carolCard]);
    expect(await keys({ desiredScreenCriteria: { 2: 'P' } })).toEqual([daveFtx]);
    expect(await keys({ desiredScreenCriteria: { 3: String(carol.usrId) } })).toEqual([carolCard, carolEth]);
    expect(await keys({ filterId: '3' })).toEqual([carolEth]);
    expect(await keys({ filterId: '4' })).toEqual([daveFtx]);
    expect(await keys({ searchStr: 'dave' })).toEqual([daveFtx]);
    expect(await keys({ searchStr: `**${hash(1)}` })).toEqual([carolEth]);
    expect(await keys({ searchStr: 'pi_3carol0001' })).toEqual([carolCard]);
    const cri = await t.call<Row[]>(S, 'GetScreenCriteria', {}, operator.as);
    expect(cri.d.data!.map((c) => c.DisplayName)).toEqual([
      'Payment Type',
      'Status',
      'Customer',
      'Paid from',
      'Paid until',
    ]);
    expect(cri.d.data!.map((c) => c.InputType)).toEqual([undefined, undefined, undefined, 'date', 'date']);
  });
}

function periodAndOwnerCases(): void {
  it('narrows the staff list to the payments of a period, whole UTC days at both ends', async () => {
    const at = [
      '2026-10-31T23:59:59Z',
      '2026-11-01T00:00:00Z',
      '2026-11-30T23:59:59Z',
      '2026-12-01T00:00:00Z',
    ];
    const ids = [];
    for (const [i, paidOn] of at.entries())
      ids.push(await pay(dave, daveWallet, 'C', '10', '10', { stripeRef: `pi_period_${i}` }, 'S', paidOn));
    try {
      const keys = async (criteria: Row) =>
        (
          await t.call<{ data: Row[] }>(
            S,
            'GetSearchList',
            { topN: 50, desiredScreenCriteria: criteria },
            reviewer.as,
          )
        ).d
          .data!.data.map((r) => String(r.key))
          .sort();
      // November: the first and last second of the month and Carol's two payments of the 2nd.
      expect(await keys({ 4: '2026-11-01', 5: '2026-11-30' })).toEqual(
        [ids[1]!, ids[2]!, carolCard, carolEth].sort(),
      );
      expect(await keys({ 5: '2026-10-31' })).toEqual([ids[0]!]);
      expect(await keys({ 4: '2026-12-01' })).toEqual([ids[3]!]);
      // A pending payment has no paid-on day: no period holds it.
      expect(await keys({ 4: '2000-01-01' })).not.toContain(daveFtx);
      const bad = await t.call(
        S,
        'GetSearchList',
        { topN: 5, desiredScreenCriteria: { 4: '2026-02-30' } },
        reviewer.as,
      );
      expect(bad.status).toBe(400);
      expect(bad.d.validationErrors).toEqual([
        { field: 'criteriaValues', message: 'Paid from: enter a date (YYYY-MM-DD)' },
      ]);
    } finally {
      await t.database.query(`DELETE FROM stake_payment WHERE stripe_ref LIKE 'pi_period_%'`);
    }
  });

  it("a customer sees only their own payments: another customer's id is denied with nothing returned", async () => {
    const list = await t.call<{ total: number; data: Row[] }>(S, 'GetSearchList', { topN: 50 }, carol.as);
    expect(list.d.data!.total).toBe(2);
    expect(list.d.data!.data.map((r) => r.key)).toEqual([carolCard, carolEth]);
    const byEntity = await t.call<Row[]>(S, 'GetStakePayment3List', { searchStr: '', topN: 50 }, carol.as);
    expect(byEntity.d.data!.map((r) => r.key)).toEqual([carolCard, carolEth]);
    // Criteria cannot widen the scope.
    const widened = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { topN: 50, desiredScreenCriteria: { 3: String(dave.usrId) } },
      carol.as,
    );
    expect(widened.d.data!.data).toEqual([]);

    const own = await t.call<Row>(S, 'GetStakePayment3ById', { keyId: carolCard }, carol.as);
    expect(own.d.data).toMatchObject({ PmtTypeCd4Text: 'Credit Card', StripeRef4: 'pi_3Carol0001' });
    const others = await t.call<Row>(S, 'GetStakePayment3ById', { keyId: daveFtx, options: {} }, carol.as);
    expect(others.status).toBe(403);
    expect(others.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    expect(others.d.data ?? null).toBeNull();
    const missing = await t.call<Row>(S, 'GetStakePayment3ById', { keyId: '987654', options: {} }, carol.as);
    expect([missing.status, missing.d]).toEqual([others.status, others.d]);
    const column = await t.call(
      S,
      'GetColumnContent',
      { mstId: daveFtx, screenColumnName: 'TxHash4', columnName: 'TxHash4', isMaster: true },
      carol.as,
    );
    expect(column.status).toBe(403);
    expect(JSON.stringify(column.d)).not.toContain(hash(2));

    const users = await t.call<Row[]>(S, 'GetUsrId4List', { query: '', topN: 50 }, carol.as);
    expect(users.d.data).toEqual([{ key: String(carol.usrId), label: 'carol@example.com' }]);
    const wallets = await t.call<Row[]>(S, 'GetStakeWalletAddrId4List', { query: '', topN: 50 }, carol.as);
    expect(wallets.d.data).toEqual([
      { key: String(carolWallet), label: '0x00000000000000000000000000000000000000c1' },
    ]);
  });
}

function writeRefusalCases(): void {
  it('a customer cannot add, change or delete a payment, and neither can staff', async () => {
    const before = await t.database.query(`SELECT * FROM stake_payment ORDER BY pmt_id`);
    const own = (await t.call<Row>(S, 'GetStakePayment3ById', { keyId: carolCard }, carol.as)).d.data!;
    const authRow = await t.call<Row[]>(S, 'GetAuthRow', { keyId: carolCard }, carol.as);
    expect(authRow.d.data![0]).toMatchObject({ AllowAdd: 'N', AllowUpd: 'N', AllowDel: 'N', ViewOnly: 'Y' });
    for (const who of [carol, reviewer, operator, admin]) {
      const created = await t.call(
        S,
        'SaveData',
        {
          mst: { PmtId4: '', PmtTypeCd4: 'C', PmtAmt4: '10', CreditAmt4: '1000', PmtStatusCd4: 'S' },
          dtl: [],
        },
        who.as,
      );
      expect(created.status, who.email).toBe(403);
      const changed = await t.call(S, 'SaveData', { mst: { ...own, CreditAmt4: '9999' }, dtl: [] }, who.as);
      expect(changed.status, who.email).toBe(403);
      const deleted = await t.call(S, 'DelMst', { mst: own, options: {} }, who.as);
      expect(deleted.status, who.email).toBe(403);
      expect(deleted.d.error).toBe('access_denied');
    }
    expect(await t.database.query(`SELECT * FROM stake_payment ORDER BY pmt_id`)).toEqual(before);
    const buttons = await t.call<Row[]>(S, 'GetScreenButtonHlp', {}, admin.as);
    for (const n of ['New', 'Copy', 'Save', 'Delete'])
      expect(
        buttons.d.data!.find((b) => b.ButtonTypeName === n),
        n,
      ).toMatchObject({ ButtonVisible: 'N' });
  });

  it('the table refuses a replayed payment, a type without its reference, a 19th decimal and the loss of its customer', async () => {
    const n = await countRows(t, 'stake_payment');
    // The same transaction hash or card reference cannot be booked twice.
    await expect(pay(carol, carolWallet, 'E', '1', '10', { txHash: hash(1) })).rejects.toThrow();
    await expect(pay(carol, carolWallet, 'C', '1', '10', { stripeRef: 'pi_3Carol0001' })).rejects.toThrow();
    // An ETH payment needs its transaction hash; a card payment has none.
    await expect(pay(carol, carolWallet, 'E', '1', '10', {})).rejects.toThrow();
    await expect(pay(carol, carolWallet, 'C', '1', '10', { txHash: hash(9) })).rejects.toThrow();
    // At most 18 decimals (wei).
    await expect(
      pay(carol, carolWallet, 'E', '0.1234567890123456789', '10', { txHash: hash(10) }),
    ).rejects.toThrow();
    // Money records stay: a customer with payments cannot be deleted.
    await expect(t.database.query(`DELETE FROM users WHERE usr_id = $1`, [carol.usrId])).rejects.toThrow();
    expect(await countRows(t, 'stake_payment')).toBe(n);
  });
}
