// The card provider the settings of config.ts call for, as the card feature takes it
// (FeatureDeps.card, like the mailer): Stripe with its keys; in the embedded default the local
// provider and its confirm method (PaymentWs LocalConfirm); otherwise none.
import type { CardSettings } from '../../config.ts';
import { LocalCardProvider } from './localProvider.ts';
import { StripeCardProvider, type CardPayments } from './provider.ts';

export function cardPayments(settings: CardSettings, now: () => Date): CardPayments {
  if (settings.kind === 'stripe') return { provider: new StripeCardProvider(settings) };
  if (settings.kind === 'local') {
    const local = new LocalCardProvider(now);
    return { provider: local, localConfirm: local };
  }
  return { provider: null };
}
