// 'Review your top-up' (spec 001 section 5): the credits, the discount and the amount to pay, the
// non-refundable warning, then Back or Confirm. TopUpCard.tsx loads it just after the card shows.
import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import {
  NON_REFUNDABLE_WARNING,
  priceOf,
  topUpDiscountText,
  type PayCurrency,
  type Rates,
} from '@payd/schemas';

export default function TopUpReviewModal(p: {
  review: PayCurrency | null;
  rates: Rates | null;
  credits: string | null;
  validators: number;
  busy: boolean;
  waiting: string | null;
  onClose: () => void;
  onConfirm: (c: PayCurrency) => void;
}) {
  const { review, rates, credits, validators, busy } = p;
  return (
    <Modal
      opened={review !== null}
      onClose={() => (busy ? undefined : p.onClose())}
      title="Review your top-up"
    >
      {review && rates && credits ? (
        <Stack gap="sm" data-testid="top-up-review">
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Credits</Table.Td>
                <Table.Td>{credits}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Discount</Table.Td>
                <Table.Td data-testid="top-up-review-discount">
                  {topUpDiscountText(credits, validators, rates.CR, review)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>You pay</Table.Td>
                <Table.Td data-testid="top-up-review-amount">
                  {priceOf(credits, rates, validators, review)} {review}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Alert color="yellow">{NON_REFUNDABLE_WARNING}</Alert>
          {p.waiting ? (
            <Alert color="blue" data-testid="top-up-waiting">
              {p.waiting}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" disabled={busy} onClick={p.onClose}>
              Back
            </Button>
            <Button loading={busy} onClick={() => p.onConfirm(review)} data-testid="top-up-confirm">
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
