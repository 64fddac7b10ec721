// /send (spec 000 section 1): send PAYD or transfer FTX to an address. The address, the amount's
// format and the wallet's balance are checked, with the message by the field, before the wallet
// is asked. Balances follow new blocks from the protocol store.
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { sendPAYD, transferFTX } from '../protocol/writes.ts';
import { useSendWithStatus } from '../../wallet/index.ts';
import { DevPanel } from '../dev/DevPanel.tsx';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { LendingLayout } from '../LendingLayout.tsx';
import { checkAddress, checkAmount, transferMessages } from './transferRules.ts';
import { useLendingT } from '../useLendingT.ts';

/** An address's shape, the same in every language. */
const ADDRESS_PLACEHOLDER = '0x…';

type Token = 'PAYD' | 'FTX';

export function SendPage() {
  const { t } = useLendingT();
  return (
    <LendingLayout title={t('lending.send.title')}>
      <DevPanel />
      <SendForm />
    </LendingLayout>
  );
}

function SendForm() {
  const payd = useProtocol((s) => s.paydBalance);
  const ftx = useProtocol((s) => s.ftxBalance);
  const own = useProtocol((s) => s.userAddress);
  const signer = useSigner();
  const send = useSendWithStatus();
  const [token, setToken] = useState<Token>('PAYD');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState({ to: false, amount: false });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();
  const { t, message, num } = useLendingT();

  const balance = token === 'PAYD' ? payd : ftx;
  const checkedTo = checkAddress(to, own);
  const checkedAmount = checkAmount(amount, balance, token);
  // transferRules words its messages in English; the balance one has a figure in it
  const amountMessage = checkedAmount.ok
    ? undefined
    : checkedAmount.message === transferMessages.overBalance(balance, token)
      ? t('lending.send.over', { balance: num(balance, 4), unit: token })
      : message(checkedAmount.message);

  const submit = async () => {
    setTouched({ to: true, amount: true });
    setSent(undefined);
    if (!checkedTo.ok || !checkedAmount.ok || !signer) return;
    const value = checkedAmount.value;
    const label = t(token === 'PAYD' ? 'lending.send.sendTx' : 'lending.send.transferTx', {
      amount: num(value, 2),
    });
    setBusy(true);
    try {
      const r = await send(label, async () =>
        token === 'PAYD'
          ? (await sendPAYD(signer, checkedTo.value, value)).hash
          : (await transferFTX(signer, checkedTo.value, value)).hash,
      );
      if (r === 'confirmed') {
        setSent(t('lending.send.sent', { amount: num(value, 2), unit: token, to: checkedTo.value }));
        setAmount('');
        setTouched({ to: false, amount: false });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('lending.send.region')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm" c="dimmed">
              {t('lending.send.balances')}
            </Text>
            <Text fw={600} data-testid="send-balances">
              {t('lending.payd', { amount: num(payd, 2) })} · {t('lending.send.ftx', { amount: num(ftx, 2) })}
            </Text>
          </Group>
          <SegmentedControl
            value={token}
            onChange={(v) => setToken(v as Token)}
            data={[
              { value: 'PAYD', label: t('lending.send.sendPayd') },
              { value: 'FTX', label: t('lending.send.transferFtx') },
            ]}
            aria-label={t('lending.send.token')}
          />
          <TextInput
            label={t('lending.send.recipient')}
            placeholder={ADDRESS_PLACEHOLDER}
            autoComplete="off"
            spellCheck={false}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, to: true }))}
            error={touched.to && !checkedTo.ok ? message(checkedTo.message) : undefined}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <TextInput
            label={t('lending.send.amount', { unit: token })}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            // An amount is judged as it is typed (an address only once it is complete, on blur).
            error={touched.amount || amount !== '' ? amountMessage : undefined}
            description={t('lending.send.available', { amount: num(balance, 4), unit: token })}
          />
          {!signer && (
            <Alert color="gray" variant="light">
              {t('lending.send.needsSigner')}
            </Alert>
          )}
          {sent && (
            <Alert color="teal" variant="light" role="status">
              {sent}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!signer}>
              {token === 'PAYD' ? t('lending.send.sendPayd') : t('lending.send.transferFtx')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
