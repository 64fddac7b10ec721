// /paymentConfirm (spec 001 'Payment page'): 'Your payment is successful' once the provider's
// webhook has booked the payment (?id=, polled; Stripe's redirect after 3-D Secure lands here
// too); button 'Go Back to Payment' to /payment.
import { Alert, Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../../shell/session/session.tsx';
import { waitForBooking } from './cardApi.ts';
import { useT } from '../../../i18n/useT.ts';

export const NO_PAYMENT_TEXT =
  'There is no payment to confirm here. Your payments are listed on the Payment page.';

export function PaymentConfirmPage() {
  const api = useApi();
  const { t, message } = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const status = useQuery({
    queryKey: ['card', 'booked', id],
    queryFn: () => waitForBooking(api, id),
    enabled: valid,
    retry: false,
  });
  // Success only for a payment the server booked: opened without one, the page says so.
  const booked = valid && status.data === 'S';
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          {booked ? (
            <>
              <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
                ✓
              </ThemeIcon>
              <Title order={1} fz={24} ta="center">
                {t('payment.confirm.success')}
              </Title>
            </>
          ) : !valid ? (
            <Alert color="gray" data-testid="payment-not-booked">
              {message(NO_PAYMENT_TEXT)}
            </Alert>
          ) : status.isPending ? (
            <>
              <Loader role="status" aria-label={t('payment.confirm.confirmingLabel')} />
              <Text>{t('payment.confirm.confirming')}</Text>
            </>
          ) : (
            <Alert color={status.data === 'F' ? 'red' : 'yellow'} data-testid="payment-not-booked">
              {status.data === 'F' ? t('payment.confirm.failed') : t('payment.card.notConfirmed')}
            </Alert>
          )}
          <Button component={Link} to="/payment">
            {t('payment.confirm.goBack')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
