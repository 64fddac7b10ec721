// Card payments: PaymentWs Create prices the credits itself, the webhook books a payment only from
// an event signed the way Stripe signs (valid, wrong secret, old, altered, unsigned are refused),
// once per PaymentIntent however often and concurrently it arrives, and a customer reads only
// their own payment. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_UNAVAILABLE_MESSAGE,
  NO_VALIDATORS_MESSAGE,
  TOP_UP_MAX_MESSAGE,
  TOP_UP_MIN_MESSAGE,
  type Rates,
} from '@payd/schemas';
import { makeUser, type TestUser } from '../../testing/testUsers.ts';
import { ManualClock } from '../../clock.ts';
import { Role } from '../../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type DatabaseKind, type TestApp } from '../../testing/testApp.ts';
import { LocalCardProvider } from './localProvider.ts';
import { createCardFeature } from './plugin.ts';
import { addValidators, intentEvent, paymentRow, postWebhook, sign } from './testing.ts';

const RATES: Rates = { USD: '1.5', ETH: '0.0005', FTX: '10', CR: '1' };
type Created = { clientSecret: string; id: number; cents: string; credits: string };
type Status = { id: number; status: string; credits: string; amount: string };

let t: TestApp;
let clock: ManualClock;
let local: LocalCardProvider;
let alice: TestUser;
let bob: TestUser;
const create = async (who: TestUser, body: unknown) => t.call<Created>('Payment', 'Create', body, who.as);
const refOf = (c: Created) => local.refOf(c.clientSecret)!;

describe.each(testDatabaseKinds)('card payments on %s', { timeout: 60_000 }, (kind) => {
  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
    local = new LocalCardProvider(() => clock.now());
    t = await startTestApp(
      kind,
      {},
      {
        clock,
        card: { provider: local, localConfirm: local },
        features: [createCardFeature({ rates: async () => RATES })],
      },
    );
    alice = await makeUser(t, `alice-${kind}@example.com`, Role.borrower);
    bob = await makeUser(t, `bob-${kind}@example.com`, Role.borrower);
    await addValidators(t, alice.usrId, 2);
    await addValidators(t, bob.usrId, 1);
  });

  afterAll(async () => t?.close());

  paymentCases(kind);
  boundCases();
  ownerCases();
});

function paymentCases(kind: DatabaseKind): void {
  it('prices the credits on the server: credits × 100 × USD rate, whatever the browser sends', async () => {
    // 10.11 credits (10.119 truncated) × 100 × 1.5 = 1516.5 cents, rounded half up.
    const r = await create(alice, { amount: '10.119', cents: 1, price: '0.01' });
    expect(r.d.status).toBe('success');
    expect(r.d.data).toMatchObject({ cents: '1517', credits: '10.11' });
    expect(await paymentRow(t, refOf(r.d.data!))).toMatchObject({
      status: 'P',
      paid: false,
      amount: '15.17',
      credits: '10.11',
    });
  });

  it('takes 10% off a year or more of credits (365 × 2 validators)', async () => {
    const r = await create(alice, { amount: '730' });
    expect(r.d.data).toMatchObject({ cents: '98550', credits: '730.00' });
  });

  it('refuses below 1 credit, without validators, and for staff', async () => {
    const low = await create(alice, { amount: '0.99' });
    expect(low.status).toBe(400);
    expect(low.d.message).toBe(TOP_UP_MIN_MESSAGE);
    const carol = await makeUser(t, `carol-${kind}@example.com`, Role.borrower);
    const none = await create(carol, { amount: '5' });
    expect(none.d).toMatchObject({ status: 'failed', message: NO_VALIDATORS_MESSAGE });
    const staff = await makeUser(t, `op-${kind}@example.com`, Role.operator);
    expect((await create(staff, { amount: '5' })).status).toBe(403);
  });

  it('books a payment only from a validly signed event', async () => {
    const c = (await create(alice, { amount: '20' })).d.data!;
    const ref = refOf(c);
    const event = intentEvent('payment_intent.succeeded', ref, 3000);
    const now = clock.now();
    expect((await postWebhook(t, event, null)).status).toBe(400);
    expect((await postWebhook(t, event, sign(event, 'whsec_someone_else', now))).status).toBe(400);
    const old = new Date(now.getTime() - 301_000);
    expect((await postWebhook(t, event, sign(event, local.webhookSecret, old))).status).toBe(400);
    const tampered = event.replace('"amount_received":3000', '"amount_received":300000');
    expect((await postWebhook(t, tampered, sign(event, local.webhookSecret, now))).status).toBe(400);
    expect(await paymentRow(t, ref)).toMatchObject({ status: 'P', paid: false });

    const ok = await postWebhook(t, event, sign(event, local.webhookSecret, now));
    expect(ok).toMatchObject({ status: 200, body: { result: 'booked' } });
    expect(await paymentRow(t, ref)).toMatchObject({ status: 'S', paid: true });
  });

  it('books the same event once, sent twice and sent concurrently', async () => {
    const c = (await create(alice, { amount: '3' })).d.data!;
    const event = intentEvent('payment_intent.succeeded', refOf(c), 450);
    const signature = sign(event, local.webhookSecret, clock.now());
    const results = await Promise.all([1, 2, 3].map(() => postWebhook(t, event, signature)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.result).sort()).toEqual(['already', 'already', 'booked']);
    expect((await postWebhook(t, event, signature)).body.result).toBe('already');
    // A late failure event for the same intent does not undo it.
    const failure = intentEvent('payment_intent.payment_failed', refOf(c), 450);
    await postWebhook(t, failure, sign(failure, local.webhookSecret, clock.now()));
    const [n] = await t.database.query<{ n: number; s: string }>(
      `SELECT count(*)::int AS n, min(pmt_status_cd) AS s FROM stake_payment WHERE stripe_ref = $1`,
      [refOf(c)],
    );
    expect(n).toEqual({ n: 1, s: 'S' });
  });

  it('does not book an event whose amount is not the payment’s', async () => {
    const c = (await create(alice, { amount: '4' })).d.data!;
    const event = intentEvent('payment_intent.succeeded', refOf(c), 1);
    const r = await postWebhook(t, event, sign(event, local.webhookSecret, clock.now()));
    expect(r.body.result).toBe('mismatch');
    expect((await paymentRow(t, refOf(c))).status).toBe('P');
  });

  it('pays with the local provider: 4242 books S, 0002 and 9995 are refused and book F', async () => {
    const pay = async (number: string) => {
      const c = (await create(alice, { amount: '2' })).d.data!;
      const r = await t.call<{ outcome: string; message?: string }>(
        'Payment',
        'LocalConfirm',
        { clientSecret: c.clientSecret, cardNumber: number, expiry: '12 / 34', cvc: '123' },
        alice.as,
      );
      const s = await t.call<Status>('Payment', 'GetStatus', { id: c.id }, alice.as);
      return { ...r.d.data!, status: s.d.data!.status };
    };
    expect(await pay('4242 4242 4242 4242')).toEqual({ outcome: 'succeeded', status: 'S' });
    expect(await pay('4000 0000 0000 0002')).toEqual({
      outcome: 'failed',
      message: 'Your card was declined.',
      status: 'F',
    });
    expect(await pay('4000000000009995')).toEqual({
      outcome: 'failed',
      message: 'Your card has insufficient funds.',
      status: 'F',
    });
    // A number that fails the form's own checks sends nothing: the payment stays pending.
    expect(await pay('4242 4242 4242 4241')).toEqual({
      outcome: 'failed',
      message: 'Your card number is invalid.',
      status: 'P',
    });
  });
}

function ownerCases(): void {
  it('shows a payment only to its owner', async () => {
    const c = (await create(alice, { amount: '5' })).d.data!;
    expect((await t.call<Status>('Payment', 'GetStatus', { id: c.id }, alice.as)).d.data).toMatchObject({
      status: 'P',
      credits: '5.00',
      amount: '7.50',
    });
    const other = await t.call('Payment', 'GetStatus', { id: c.id }, bob.as);
    expect(other.status).toBe(404);
    expect(other.d.data).toBeUndefined();
    const steal = await t.call(
      'Payment',
      'LocalConfirm',
      { clientSecret: c.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      bob.as,
    );
    expect(steal.status).toBe(404);
    expect((await paymentRow(t, refOf(c))).status).toBe('P');
    expect((await t.call('Payment', 'GetStatus', { id: c.id })).status).toBe(401);
  });
}

describe('no card provider', () => {
  it('answers the spec message and writes nothing', async () => {
    const t = await startTestApp(
      'pglite',
      {},
      { card: { provider: null }, features: [createCardFeature({ rates: async () => RATES })] },
    );
    try {
      const alice = await makeUser(t, 'solo@example.com', Role.borrower);
      await addValidators(t, alice.usrId, 1);
      const r = await t.call('Payment', 'Create', { amount: '5' }, alice.as);
      expect(r.d).toMatchObject({
        status: 'failed',
        message: CARD_UNAVAILABLE_MESSAGE,
        data: { providerMessage: 'No card payment provider is configured.' },
      });
      expect((await t.call('Payment', 'GetCardConfig', {}, alice.as)).d.data).toEqual({
        provider: 'none',
        message: 'No card payment provider is configured.',
      });
      const [n] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM stake_payment');
      expect(n!.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});

function boundCases(): void {
  it('refuses zero and huge amounts naming amount, and makes no pending payment (issue 24)', async () => {
    const [before] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM stake_payment`);
    const cases: [unknown, string][] = [
      ['0', TOP_UP_MIN_MESSAGE],
      [0, TOP_UP_MIN_MESSAGE],
      ['999999999999999999.99', TOP_UP_MAX_MESSAGE],
      ['9'.repeat(20), TOP_UP_MAX_MESSAGE],
      ['9'.repeat(40), TOP_UP_MAX_MESSAGE],
      [1e20, TOP_UP_MAX_MESSAGE],
      ['100000.01', TOP_UP_MAX_MESSAGE],
    ];
    for (const [amount, message] of cases) {
      const r = await create(alice, { amount });
      expect(r.status, String(amount)).toBe(400);
      expect(r.d.validationErrors).toEqual([{ field: 'amount', message }]);
    }
    expect((await create(alice, { amount: '1e20' })).d.validationErrors).toMatchObject([{ field: 'amount' }]);
    const [after] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM stake_payment`);
    expect(after).toEqual(before);
    expect((await create(alice, { amount: '100000' })).d.data).toMatchObject({ credits: '100000.00' });
  });
}
