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
import { useT } from '../../../i18n/useT.ts';
import { discountWords } from './topUpText.ts';

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
  const { t, message } = useT();
  return (
    <Modal
      opened={review !== null}
      onClose={() => (busy ? undefined : p.onClose())}
      title={t('payment.review.title')}
    >
      {review && rates && credits ? (
        <Stack gap="sm" data-testid="top-up-review">
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('payment.credits')}</Table.Td>
                <Table.Td>{credits}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('payment.review.discount')}</Table.Td>
                <Table.Td data-testid="top-up-review-discount">
                  {discountWords(t, topUpDiscountText(credits, validators, rates.CR, review))}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('payment.review.youPay')}</Table.Td>
                <Table.Td data-testid="top-up-review-amount">
                  {priceOf(credits, rates, validators, review)} {review}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Alert color="yellow">{message(NON_REFUNDABLE_WARNING)}</Alert>
          {p.waiting ? (
            <Alert color="blue" data-testid="top-up-waiting">
              {p.waiting}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" disabled={busy} onClick={p.onClose}>
              {t('common.back')}
            </Button>
            <Button loading={busy} onClick={() => p.onConfirm(review)} data-testid="top-up-confirm">
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
