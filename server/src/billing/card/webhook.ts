// The card provider's webhook: a plain POST with the raw body (the signature covers its exact
// bytes, so the body is not parsed before it is checked). A payment is booked only here, from an
// event whose Stripe-Signature holds; anything unsigned, signed with another secret, too old or
// altered is refused with 400 and changes nothing. Booking is idempotent per PaymentIntent.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../featureDeps.ts';
import type { CardProvider } from './provider.ts';
import { bookFailed, bookSucceeded, type BookResult } from './payments.ts';

export const WEBHOOK_PATH = '/webhooks/stripe';

interface IntentObject {
  id?: unknown;
  object?: unknown;
  amount_received?: unknown;
  currency?: unknown;
}

/** Books one verified event; other event types are acknowledged and ignored. */
export async function handleEvent(
  deps: Pick<FeatureDeps, 'database' | 'clock'>,
  event: { type: string; data: { object: unknown } },
): Promise<BookResult | 'ignored'> {
  const intent = event.data.object as IntentObject;
  if (intent?.object !== 'payment_intent' || typeof intent.id !== 'string') return 'ignored';
  if (event.type === 'payment_intent.succeeded')
    return bookSucceeded(
      deps.database,
      intent.id,
      {
        cents: typeof intent.amount_received === 'number' ? intent.amount_received : -1,
        currency: String(intent.currency),
      },
      deps.clock.now(),
    );
  if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled')
    return bookFailed(deps.database, intent.id, deps.clock.now());
  return 'ignored';
}

/** A webhook delivery (the HTTP route's, or the local provider's): verified, then booked. */
export async function receiveEvent(
  deps: Pick<FeatureDeps, 'database' | 'clock'>,
  provider: CardProvider,
  raw: Buffer,
  signature: string | undefined,
  log: FastifyBaseLogger,
): Promise<{ status: number; body: object }> {
  let event;
  try {
    event = provider.verifyEvent(raw, signature);
  } catch (err) {
    log.warn({ err }, 'card webhook: signature refused');
    return { status: 400, body: { error: 'Invalid signature' } };
  }
  const result = await handleEvent(deps, event);
  if (result === 'mismatch' || result === 'unknown')
    log.error({ event: event.id, type: event.type, result }, 'card webhook: not booked');
  return { status: 200, body: { received: true, result } };
}

export async function registerWebhook(
  fastify: FastifyInstance,
  deps: FeatureDeps,
  provider: CardProvider | null,
): Promise<void> {
  await fastify.register(async (scope) => {
    // Only in this scope: the body stays the bytes Stripe signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      if (!provider) return reply.code(404).send({ error: 'No card provider' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const signature = typeof header === 'string' ? header : undefined;
      const { status, body } = await receiveEvent(deps, provider, raw, signature, request.log);
      return reply.code(status).send(body);
    });
  });
}
