// Spec 001 section 8 'Card payment unavailable': the spec's text plus the provider's message.
import { Alert, Text } from '@mantine/core';
import { CARD_UNAVAILABLE_MESSAGE } from '@payd/schemas';
import { useT } from '../../../i18n/useT.ts';

export function CardUnavailable({ message }: { message: string }) {
  const tr = useT();
  return (
    <Alert color="red" title={tr.t('payment.card.unavailable')} data-testid="card-unavailable">
      <Text>{tr.message(CARD_UNAVAILABLE_MESSAGE)}</Text>
      {message ? <Text c="dimmed">{tr.message(message)}</Text> : null}
    </Alert>
  );
}
