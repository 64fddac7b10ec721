// /stripeCheckout (spec 001 sections 2 'Payment page', 4 'Payment', 8 'Card payment unavailable'):
// the card form for the credits /payment sent (?credits=). PaymentWs Create prices them on the
// server; with Stripe the Payment Element takes the card, with the embedded default the local
// provider's form does (Stripe's test card numbers). Either way the page waits until the provider's
// webhook has booked the payment, then goes to /paymentConfirm. Without a provider, or when the
// provider fails, the spec's 'Credit card payment is temporarily unavailable...' shows instead.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CARD_UNAVAILABLE_MESSAGE, checkCredits, type CardCreateReply } from '@payd/schemas';
import { useApi } from '../../../shell/session/session.tsx';
import { isApiError } from '../../../api/errors.ts';
import { StakingCard, StakingPage } from '../../../ui/pageParts.tsx';
import { createCardPayment, getCardConfig } from './cardApi.ts';
import { LocalCardForm } from './LocalCardForm.tsx';
import { CardUnavailable } from './CardUnavailable.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Tagged } from '../../../i18n/Tagged.tsx';

// Stripe's code loads only when Stripe is the provider.
const StripeCardForm = lazy(async () => ({ default: (await import('./StripeCardForm.tsx')).StripeCardForm }));

/** The provider's own words for why card payment is unavailable. */
function providerMessage(e: unknown): string {
  if (isApiError(e)) {
    const data = e.data as { providerMessage?: string } | undefined;
    return data?.providerMessage ?? (e.message === CARD_UNAVAILABLE_MESSAGE ? '' : e.message);
  }
  return e instanceof Error ? e.message : '';
}

export function StripeCheckoutPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { t, message } = useT();
  const [params] = useSearchParams();
  const credits = checkCredits(params.get('credits') ?? '');
  const config = useQuery({ queryKey: ['card', 'config'], queryFn: () => getCardConfig(api), retry: false });
  const usable = config.data !== undefined && config.data.provider !== 'none';
  // One payment per visit: the query is never refetched, so a re-render makes no second intent.
  const payment = useQuery({
    queryKey: ['card', 'create', credits.ok ? credits.credits : ''],
    queryFn: () => createCardPayment(api, credits.ok ? credits.credits : ''),
    enabled: credits.ok && usable,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const done = (p: CardCreateReply) => void navigate(`/paymentConfirm?id=${p.id}`);

  let body;
  if (!credits.ok)
    body = <Alert color="red">{credits.error ? message(credits.error) : t('payment.card.noCredits')}</Alert>;
  else if (config.isPending || (usable && payment.isPending))
    body = <Loader role="status" aria-label={t('common.loading')} />;
  else if (config.isError) body = <CardUnavailable message={providerMessage(config.error)} />;
  else if (config.data?.provider === 'none') body = <CardUnavailable message={config.data.message} />;
  else if (payment.isError) body = <CardUnavailable message={providerMessage(payment.error)} />;
  else if (payment.data && !payment.data.clientSecret) body = <CardUnavailable message="" />;
  else if (payment.data && config.data?.provider === 'stripe')
    body = (
      <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          payment={payment.data}
          onBooked={() => done(payment.data)}
        />
      </Suspense>
    );
  else if (payment.data) body = <LocalCardForm payment={payment.data} onBooked={() => done(payment.data)} />;

  return (
    <StakingPage title={t('payment.payCard')}>
      <StakingCard title={t('payment.card.title')} testId="card-checkout">
        <Stack gap="md">
          {payment.data ? (
            <Group gap="xl">
              <Text>
                <Tagged
                  id="payment.card.credits"
                  values={{ credits: payment.data.credits }}
                  tags={{ b: (text) => <b data-testid="card-credits">{text}</b> }}
                />
              </Text>
              <Text>
                <Tagged
                  id="payment.card.amount"
                  values={{ amount: formatUsd(payment.data.cents) }}
                  tags={{ b: (text) => <b data-testid="card-amount">{text}</b> }}
                />
              </Text>
            </Group>
          ) : null}
          {body}
          <Group>
            <Button component={Link} to="/payment" variant="default">
              {t('common.back')}
            </Button>
          </Group>
        </Stack>
      </StakingCard>
    </StakingPage>
  );
}

/** '1518' cents → '15.18'. */
export function formatUsd(cents: string): string {
  const s = cents.padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
