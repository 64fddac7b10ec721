// Spec 001 section 8 'Card payment unavailable': the spec's text plus the provider's message.
import { Alert, Text } from '@mantine/core';
import { CARD_UNAVAILABLE_MESSAGE } from '@payd/schemas';

export function CardUnavailable({ message }: { message: string }) {
  return (
    <Alert color="red" title="Card payment unavailable" data-testid="card-unavailable">
      <Text>{CARD_UNAVAILABLE_MESSAGE}</Text>
      {message ? <Text c="dimmed">{message}</Text> : null}
    </Alert>
  );
}
