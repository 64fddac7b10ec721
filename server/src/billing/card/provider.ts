// The card provider behind PaymentWs (issue 12, spec 001 section 9 'Card payments'): one interface,
// two implementations. StripeCardProvider talks to Stripe with the official SDK; LocalCardProvider
// (localProvider.ts) is the embedded default's stand-in that takes Stripe's published test cards.
// Both sign their webhook events the way Stripe does, so one verification path books payments.
import Stripe from 'stripe';
import type { CardConfigReply, LocalCardBody, LocalCardReply } from '@payd/schemas';
import type { StripeSettings } from '../../config.ts';

/** A Stripe event as the webhook receives it (payment_intent.* carries a PaymentIntent). */
export type CardEvent = Stripe.Event;

export interface CardIntent {
  /** The provider's reference (PaymentIntent id, stake_payment.stripe_ref). */
  ref: string;
  /** What the browser confirms the payment with. */
  clientSecret: string;
}

export interface CreateIntent {
  cents: bigint;
  /** Shown in the provider's dashboard; payd books by `ref`, never by metadata. */
  metadata: Record<string, string>;
  /** Stripe's Idempotency-Key: the same key never creates two intents. */
  idempotencyKey: string;
}

export interface CardProvider {
  readonly kind: 'stripe' | 'local';
  createIntent(p: CreateIntent): Promise<CardIntent>;
  /** The event of a webhook after checking its signature (throws when it does not hold). */
  verifyEvent(rawBody: Buffer, signature: string | undefined): CardEvent;
  /** What the browser needs to pay. */
  browserConfig(): CardConfigReply;
}

/** Hands a signed event to the card webhook's handler; resolves with the HTTP status it answers. */
export type DeliverWebhook = (payload: string, signature: string) => Promise<number>;

/** A payment the embedded default's test card form pays (PaymentWs LocalConfirm). */
export interface LocalPayment {
  ref: string;
  cents: bigint;
  metadata: Record<string, string>;
}

/** The embedded default's test card form: LocalCardProvider (localProvider.ts). */
export interface LocalCardConfirm {
  /** The intent a client secret belongs to, or null when this provider did not issue it. */
  refOf(clientSecret: string): string | null;
  /** Charges the test card; the outcome goes to `deliver` as a signed webhook event first. */
  pay(
    payment: LocalPayment,
    card: Omit<LocalCardBody, 'clientSecret'>,
    deliver: DeliverWebhook,
  ): Promise<LocalCardReply>;
}

/** What the card feature takes (FeatureDeps.card): its provider and, in the embedded default, the
 * local provider's confirm method (PaymentWs LocalConfirm exists only then). */
export interface CardPayments {
  provider: CardProvider | null;
  localConfirm?: LocalCardConfirm;
}

/** Seconds a signed event stays acceptable (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE = 300;

/**
 * Stripe.webhooks.constructEvent: the `Stripe-Signature` header must hold a v1 HMAC-SHA256 of
 * `${t}.${payload}` under `secret`, with t at most SIGNATURE_TOLERANCE seconds before `nowMs`
 * (default: the system clock).
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  nowMs?: number,
): CardEvent {
  if (!signature) throw new Error('No Stripe-Signature header');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE, undefined, nowMs);
}

export class StripeCardProvider implements CardProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    stripe?: Stripe,
  ) {
    this.stripe = stripe ?? new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  }

  async createIntent(p: CreateIntent): Promise<CardIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: Number(p.cents),
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        metadata: p.metadata,
      },
      { idempotencyKey: p.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { ref: intent.id, clientSecret: intent.client_secret };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): CardEvent {
    return verifyStripeSignature(rawBody, signature, this.settings.webhookSecret);
  }

  browserConfig(): CardConfigReply {
    return { provider: 'stripe', publishableKey: this.settings.publishableKey };
  }
}
