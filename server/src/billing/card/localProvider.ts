// The embedded default's card provider (README 'Card payments'): no Stripe account, no network. It
// takes Stripe's published test card numbers (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
// declined, 4000 0000 0000 9995 has insufficient funds) and tells payd the outcome the way Stripe
// does: an event posted to the same webhook endpoint, signed with its webhook secret
// (Stripe-Signature t=...,v1=HMAC-SHA256 of `${t}.${payload}`), so the same verification books it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import {
  CardMessages,
  TEST_CARDS,
  cardDigits,
  checkCardForm,
  type CardConfigReply,
  type LocalCardBody,
  type LocalCardReply,
} from '@payd/schemas';
import {
  verifyStripeSignature,
  type CardEvent,
  type CardIntent,
  type CardProvider,
  type CreateIntent,
  type DeliverWebhook,
  type LocalCardConfirm,
  type LocalPayment,
} from './provider.ts';

export class LocalCardProvider implements CardProvider, LocalCardConfirm {
  readonly kind = 'local' as const;
  /** The secret events are signed with (random per process: nobody outside can forge one). */
  readonly webhookSecret: string;

  constructor(
    private readonly now: () => Date,
    webhookSecret?: string,
  ) {
    this.webhookSecret = webhookSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  }

  private tag(ref: string): string {
    return createHmac('sha256', this.webhookSecret).update(ref).digest('hex').slice(0, 32);
  }

  async createIntent(p: CreateIntent): Promise<CardIntent> {
    const ref = `pi_local_${createHmac('sha256', this.webhookSecret).update(p.idempotencyKey).digest('hex').slice(0, 24)}`;
    return { ref, clientSecret: `${ref}_secret_${this.tag(ref)}` };
  }

  /** The intent a client secret belongs to, or null when this provider did not issue it. */
  refOf(clientSecret: string): string | null {
    const m = /^(pi_local_[0-9a-f]{24})_secret_([0-9a-f]{32})$/.exec(clientSecret);
    if (!m) return null;
    const want = Buffer.from(this.tag(m[1]!));
    const got = Buffer.from(m[2]!);
    return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): CardEvent {
    return verifyStripeSignature(rawBody, signature, this.webhookSecret, this.now().getTime());
  }

  browserConfig(): CardConfigReply {
    return { provider: 'local' };
  }

  /**
   * Charges `card` for `payment` as Stripe's test mode would: the form's own checks first (nothing
   * is sent), then the test number decides. Succeeded and failed payments are both reported by a
   * signed webhook event, handed to `deliver` (the card feature's webhook handler) before this returns.
   */
  async pay(
    payment: LocalPayment,
    card: Omit<LocalCardBody, 'clientSecret'>,
    deliver: DeliverWebhook,
  ): Promise<LocalCardReply> {
    const errors = checkCardForm(card, this.now());
    const first = errors.cardNumber ?? errors.expiry ?? errors.cvc;
    if (first) return { outcome: 'failed', message: first };
    const number = cardDigits(card.cardNumber);
    const outcome = localOutcome(number);
    await this.send(eventFor(payment, outcome, Math.floor(this.now().getTime() / 1000)), deliver);
    return outcome.ok ? { outcome: 'succeeded' } : { outcome: 'failed', message: outcome.message };
  }

  private async send(event: object, deliver: DeliverWebhook): Promise<void> {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      timestamp: Math.floor(this.now().getTime() / 1000),
    });
    const status = await deliver(payload, signature);
    if (status !== 200) throw new Error(`The card webhook answered ${status}`);
  }
}

type Outcome = { ok: true } | { ok: false; code: string; declineCode: string; message: string };

/** What Stripe's test mode does with a card number. */
export function localOutcome(number: string): Outcome {
  if (number === TEST_CARDS.success) return { ok: true };
  if (number === TEST_CARDS.insufficientFunds)
    return {
      ok: false,
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: CardMessages.insufficientFunds,
    };
  if (number === TEST_CARDS.declined)
    return {
      ok: false,
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: CardMessages.declined,
    };
  return {
    ok: false,
    code: 'card_declined',
    declineCode: 'live_mode_test_card',
    message: CardMessages.notTestCard,
  };
}

/** A payment_intent.succeeded or payment_intent.payment_failed event shaped as Stripe sends it. */
export function eventFor(payment: LocalPayment, outcome: Outcome, created: number): object {
  const cents = Number(payment.cents);
  return {
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: {
      object: {
        id: payment.ref,
        object: 'payment_intent',
        amount: cents,
        amount_received: outcome.ok ? cents : 0,
        currency: 'usd',
        status: outcome.ok ? 'succeeded' : 'requires_payment_method',
        metadata: payment.metadata,
        livemode: false,
        last_payment_error: outcome.ok
          ? null
          : {
              type: 'card_error',
              code: outcome.code,
              decline_code: outcome.declineCode,
              message: outcome.message,
            },
      },
    },
  };
}
