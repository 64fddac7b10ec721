// Stripe's Payment Element (the provider element of spec 001 'Payment page'), mounted only when
// Stripe is the configured provider (its script then loads from js.stripe.com, which payd's
// Content-Security-Policy allows only in that case). A payment element that fails to load hides
// the pay button and shows the spec's unavailable message with Stripe's; a refused card shows
// Stripe's message. Success waits for Stripe's webhook to book the payment.
import { Alert, Button, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';
import { CardMessages, type CardCreateReply } from '@payd/schemas';
import { useApi } from '../../../shell/session/session.tsx';
import { waitForBooking } from './cardApi.ts';
import { CardUnavailable } from './CardUnavailable.tsx';
import { useT } from '../../../i18n/useT.ts';

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

export function StripeCardForm({
  publishableKey,
  payment,
  onBooked,
}: {
  publishableKey: string;
  payment: CardCreateReply;
  onBooked: () => void;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: payment.clientSecret }}>
      <PaymentForm payment={payment} onBooked={onBooked} />
    </Elements>
  );
}

function PaymentForm({ payment, onBooked }: { payment: CardCreateReply; onBooked: () => void }) {
  const api = useApi();
  const stripe = useStripe();
  const elements = useElements();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const { t, message } = useT();

  const pay = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setRefusal('');
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/paymentConfirm?id=${payment.id}` },
      });
      if (error) {
        setRefusal(error.message ?? message(CardMessages.declined));
        return;
      }
      const status = await waitForBooking(api, payment.id);
      if (status === 'S') onBooked();
      else setRefusal(t('payment.card.notConfirmed'));
    } finally {
      setBusy(false);
    }
  };

  if (loadError !== null) return <CardUnavailable message={loadError} />;
  return (
    <Stack gap="sm" maw={520}>
      <PaymentElement onLoadError={(e) => setLoadError(e.error.message ?? t('payment.card.notLoaded'))} />
      {refusal ? (
        <Alert color="red" data-testid="card-refused">
          {refusal}
        </Alert>
      ) : null}
      <Button onClick={() => void pay()} loading={busy} disabled={!stripe || !elements}>
        {t('payment.card.pay')}
      </Button>
    </Stack>
  );
}
