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
import { checkAddress, checkAmount } from './transferRules.ts';

type Token = 'PAYD' | 'FTX';

export function SendPage() {
  return (
    <LendingLayout title="Send PAYD or FTX">
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

  const balance = token === 'PAYD' ? payd : ftx;
  const checkedTo = checkAddress(to, own);
  const checkedAmount = checkAmount(amount, balance, token);

  const submit = async () => {
    setTouched({ to: true, amount: true });
    setSent(undefined);
    if (!checkedTo.ok || !checkedAmount.ok || !signer) return;
    const value = checkedAmount.value;
    const label = `${token === 'PAYD' ? 'Send' : 'Transfer'} ${value.prettify(2)} ${token}`;
    setBusy(true);
    try {
      const r = await send(label, async () =>
        token === 'PAYD'
          ? (await sendPAYD(signer, checkedTo.value, value)).hash
          : (await transferFTX(signer, checkedTo.value, value)).hash,
      );
      if (r === 'confirmed') {
        setSent(`${value.prettify(2)} ${token} sent to ${checkedTo.value}.`);
        setAmount('');
        setTouched({ to: false, amount: false });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Send tokens">
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
              Your balances
            </Text>
            <Text fw={600} data-testid="send-balances">
              {payd.prettify(2)} PAYD · {ftx.prettify(2)} FTX
            </Text>
          </Group>
          <SegmentedControl
            value={token}
            onChange={(v) => setToken(v as Token)}
            data={[
              { value: 'PAYD', label: 'Send PAYD' },
              { value: 'FTX', label: 'Transfer FTX' },
            ]}
            aria-label="Token"
          />
          <TextInput
            label="Recipient address"
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, to: true }))}
            error={touched.to && !checkedTo.ok ? checkedTo.message : undefined}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <TextInput
            label={`Amount (${token})`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            // An amount is judged as it is typed (an address only once it is complete, on blur).
            error={(touched.amount || amount !== '') && !checkedAmount.ok ? checkedAmount.message : undefined}
            description={`Available: ${balance.prettify(4)} ${token}`}
          />
          {!signer && (
            <Alert color="gray" variant="light">
              Must be connected through a Signer
            </Alert>
          )}
          {sent && (
            <Alert color="teal" variant="light" role="status">
              {sent}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!signer}>
              {token === 'PAYD' ? 'Send PAYD' : 'Transfer FTX'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
