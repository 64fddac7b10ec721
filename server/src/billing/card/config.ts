// Which card provider pays (README 'Card payments'): STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
// STRIPE_PUBLISHABLE_KEY together pick Stripe; with none of them the embedded mode uses the local
// test provider and the production mode has no card payments (the /stripeCheckout page shows the
// spec's 'Credit card payment is temporarily unavailable...'). Some but not all of them is a
// configuration error: the server refuses to start rather than take cards it cannot book.
import type { ServerConfig } from '../../config.ts';
import type { StripeSettings } from './provider.ts';

export type CardSettings =
  ({ kind: 'stripe' } & StripeSettings) | { kind: 'local' } | { kind: 'none'; message: string };

export const NO_PROVIDER_MESSAGE = 'No card payment provider is configured.';

const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

export function cardSettings(env: NodeJS.ProcessEnv, mode: ServerConfig['mode']): CardSettings {
  const set = KEYS.filter((k) => (env[k] ?? '').trim() !== '');
  if (set.length === KEYS.length)
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!.trim(),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!.trim(),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!.trim(),
    };
  if (set.length > 0)
    throw new Error(
      `Card payments: ${KEYS.filter((k) => !set.includes(k)).join(', ')} must be set with ${set.join(', ')}`,
    );
  return mode === 'embedded' ? { kind: 'local' } : { kind: 'none', message: NO_PROVIDER_MESSAGE };
}
