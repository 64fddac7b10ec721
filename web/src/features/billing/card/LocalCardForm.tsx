// The embedded default's card form (README 'Card payments'): card number, expiry and CVC go to the
// local provider, which takes Stripe's published test numbers and reports the outcome through the
// same signed webhook Stripe would. A refusal shows the provider's message; success waits for the
// webhook to book the payment.
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CardMessages, checkCardForm, type CardCreateReply, type CardField } from '@payd/schemas';
import { useApi } from '../../../shell/session/session.tsx';
import { isApiError } from '../../../api/errors.ts';
import { localConfirm, waitForBooking } from './cardApi.ts';
import { useT } from '../../../i18n/useT.ts';

type Form = Record<CardField, string>;

export function LocalCardForm({ payment, onBooked }: { payment: CardCreateReply; onBooked: () => void }) {
  const api = useApi();
  const [form, setForm] = useState<Form>({ cardNumber: '', expiry: '', cvc: '' });
  const [shown, setShown] = useState<Partial<Form>>({});
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const { t, message } = useT();
  const set = (k: CardField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.currentTarget.value });
    setShown({ ...shown, [k]: undefined });
  };

  const pay = async () => {
    const errors = checkCardForm(form, new Date());
    setShown(errors);
    setRefusal('');
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const r = await localConfirm(api, { clientSecret: payment.clientSecret, ...form });
      if (r.outcome !== 'succeeded') {
        setRefusal(message(r.message ?? CardMessages.declined));
        return;
      }
      const status = await waitForBooking(api, payment.id);
      if (status === 'S') onBooked();
      else setRefusal(t('payment.card.notConfirmed'));
    } catch (e) {
      setRefusal(message(isApiError(e) || e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" maw={440} data-testid="local-card-form">
      <Text c="dimmed" fz="sm">
        {t('payment.card.testCards')}
      </Text>
      <TextInput
        label={t('payment.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={form.cardNumber}
        onChange={set('cardNumber')}
        error={message(shown.cardNumber)}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('payment.card.expiry')}
          autoComplete="cc-exp"
          placeholder={t('payment.card.expiryPlaceholder')}
          value={form.expiry}
          onChange={set('expiry')}
          error={message(shown.expiry)}
        />
        <TextInput
          label={t('payment.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={t('payment.card.cvc')}
          value={form.cvc}
          onChange={set('cvc')}
          error={message(shown.cvc)}
        />
      </Group>
      {refusal ? (
        <Alert color="red" data-testid="card-refused">
          {refusal}
        </Alert>
      ) : null}
      <Button onClick={() => void pay()} loading={busy}>
        {t('payment.card.pay')}
      </Button>
    </Stack>
  );
}
