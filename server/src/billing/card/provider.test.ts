// The Stripe provider asks Stripe for a PaymentIntent of the server's cents in USD, verifies events
// with Stripe's own check, and the configuration picks the provider as the README says.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardSettings, NO_CARD_PROVIDER_MESSAGE } from '../../config.ts';
import { StripeCardProvider } from './provider.ts';
import { intentEvent, sign } from './testing.ts';

const SETTINGS = { secretKey: 'sk_test_x', webhookSecret: 'whsec_test_secret', publishableKey: 'pk_test_x' };

describe('StripeCardProvider', () => {
  it('creates a USD PaymentIntent of the given cents with an idempotency key', async () => {
    const calls: unknown[] = [];
    const fake = {
      paymentIntents: {
        create: async (params: unknown, options: unknown) => {
          calls.push({ params, options });
          return { id: 'pi_123', client_secret: 'pi_123_secret_abc' };
        },
      },
    } as unknown as Stripe;
    const p = new StripeCardProvider(SETTINGS, fake);
    const intent = await p.createIntent({ cents: 1517n, metadata: { usrId: '7' }, idempotencyKey: 'k1' });
    expect(intent).toEqual({ ref: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    expect(calls).toEqual([
      {
        params: {
          amount: 1517,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { usrId: '7' },
        },
        options: { idempotencyKey: 'k1' },
      },
    ]);
    expect(p.browserConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('accepts only events signed with its webhook secret, recently, over the exact body', () => {
    const p = new StripeCardProvider(SETTINGS, {} as Stripe);
    const body = intentEvent('payment_intent.succeeded', 'pi_1', 500);
    const now = new Date();
    expect(p.verifyEvent(Buffer.from(body), sign(body, SETTINGS.webhookSecret, now)).type).toBe(
      'payment_intent.succeeded',
    );
    expect(() => p.verifyEvent(Buffer.from(body), sign(body, 'whsec_other', now))).toThrow();
    expect(() =>
      p.verifyEvent(Buffer.from(body), sign(body, SETTINGS.webhookSecret, new Date(now.getTime() - 600_000))),
    ).toThrow(/tolerance/);
    expect(() =>
      p.verifyEvent(Buffer.from(body.replace('500', '501')), sign(body, SETTINGS.webhookSecret, now)),
    ).toThrow();
    expect(() => p.verifyEvent(Buffer.from(body), undefined)).toThrow();
  });
});

describe('cardSettings', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  };
  it('picks Stripe with its three keys, in either mode', () => {
    expect(cardSettings(stripe, 'production').kind).toBe('stripe');
    expect(cardSettings(stripe, 'embedded').kind).toBe('stripe');
  });
  it('uses the local provider embedded and none in production without keys', () => {
    expect(cardSettings({}, 'embedded')).toEqual({ kind: 'local' });
    expect(cardSettings({}, 'production')).toEqual({ kind: 'none', message: NO_CARD_PROVIDER_MESSAGE });
  });
  it('refuses some keys without the others', () => {
    expect(() => cardSettings({ STRIPE_SECRET_KEY: 'sk_test_x' }, 'production')).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY must be set/,
    );
  });
});
