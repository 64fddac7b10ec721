// Test helpers of the card payment tests: a customer with live validators, written straight into
// the database (staking has its own tests), and events signed the way Stripe signs them.
import Stripe from 'stripe';
import type { TestApp } from '../../testing/testApp.ts';
import { WEBHOOK_PATH } from './webhook.ts';

export async function addValidators(t: TestApp, usrId: number, count: number, code = '3'): Promise<void> {
  const [w] = await t.database.query<{ id: number }>(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, validator_cnt)
     VALUES ($1::int, '88', '0x' || lpad(to_hex($1::int), 40, '0'), $2::int) RETURNING eth2_wallet_id AS id`,
    [usrId, count],
  );
  await t.database.query(
    `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key)
     SELECT $1::int, $2::int, i, $3::text, '0xcard_' || $1::int || '_' || i FROM generate_series(0, $4::int - 1) i`,
    [w!.id, usrId, code, count],
  );
}

/** A payment_intent event as Stripe sends it. */
export function intentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  ref: string,
  cents: number,
  id = `evt_test_${Math.random().toString(36).slice(2)}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: 0,
    livemode: false,
    data: {
      object: {
        id: ref,
        object: 'payment_intent',
        amount: cents,
        amount_received: type === 'payment_intent.succeeded' ? cents : 0,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      },
    },
  });
}

/** The Stripe-Signature header of `payload` (t=...,v1=HMAC-SHA256 of `${t}.${payload}`). */
export function sign(payload: string, secret: string, at: Date): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
}

export async function postWebhook(
  t: TestApp,
  payload: string,
  signature: string | null,
): Promise<{ status: number; body: { result?: string } }> {
  const r = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
  });
  return { status: r.statusCode, body: r.json() as { result?: string } };
}

export async function paymentRow(
  t: TestApp,
  ref: string,
): Promise<{ status: string; paid: boolean; amount: string; credits: string }> {
  const [r] = await t.database.query<{ status: string; paid: boolean; amount: string; credits: string }>(
    `SELECT pmt_status_cd AS status, paid_on IS NOT NULL AS paid, pmt_amt::text AS amount, credit_amt::text AS credits
       FROM stake_payment WHERE stripe_ref = $1`,
    [ref],
  );
  return r!;
}
