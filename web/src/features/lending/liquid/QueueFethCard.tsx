// Queue FETH for ETH: an amount within the FETH balance (Max types all of it), one open entry per
// address. The queue fills first in, first out from the ETH that reaches the pool; some of it may be
// filled at once from free ETH. Refused amounts get their message by the field, before the wallet.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { depositFETH } from '../protocol/writes.ts';
import { amountErrorText } from '../pool/amountText.ts';
import { useLendingT } from '../useLendingT.ts';
import { Card, NeedsSigner, Refusal } from '../pool/PoolParts.tsx';
import { useProtocolWrite } from '../pool/useProtocolWrite.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { explainRefusal } from './liquidRefusals.ts';
import { checkQueueAmount, maxQueueText, queueView } from './liquidRules.ts';

export function QueueFethCard({ blocked }: { blocked: boolean }) {
  const signer = useSigner();
  const fethBalance = useProtocol((s) => s.fethBalance);
  const fethSwapDeposit = useProtocol((s) => s.fethSwapDeposit);
  const ethSwapClaim = useProtocol((s) => s.ethSwapClaim);
  const fethQueuePosition = useProtocol((s) => s.fethQueuePosition);
  const { busy, refusal, run } = useProtocolWrite();
  const [text, setText] = useState('');
  const [filled, setFilled] = useState<string>();
  const tr = useLendingT();
  const { t, num } = tr;
  const queue = { fethBalance, fethSwapDeposit, ethSwapClaim, fethQueuePosition };
  const check = checkQueueAmount(text, queue);
  const amount = check.kind === 'ok' ? check.amount : undefined;
  const queued = queueView(queue).queued;

  async function submit() {
    if (!signer || !amount || blocked) return;
    setFilled(undefined);
    const landed = await run(t('lending.liquid.queueTx', { amount: num(amount, 4) }), () =>
      explainRefusal(() => depositFETH(signer, amount)),
    );
    if (!landed) return;
    setText('');
    const now = landed.details.filled;
    if (!now.isZero) setFilled(t('lending.liquid.filled', { amount: num(now, 4) }));
  }

  return (
    <Card title={t('lending.liquid.queueTitle')} testId="liquid-queue">
      {!signer && <NeedsSigner what="queueFeth" />}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('lending.liquid.toSwap')}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the entry is on its way the balance already moves: no refusal of the sent amount.
            error={busy ? undefined : amountErrorText(tr, check)}
            description={
              queued
                ? t('lending.liquid.oneEntry')
                : t('lending.liquid.inWallet', { amount: num(fethBalance, 4) })
            }
            rightSectionWidth={64}
            rightSectionPointerEvents="all"
            rightSection={
              <Button
                size="compact-sm"
                variant="light"
                disabled={fethBalance.isZero || queued}
                onClick={() => setText(maxQueueText(fethBalance))}
              >
                {t('lending.max')}
              </Button>
            }
          />
          <Text size="sm" c="dimmed">
            {t('lending.liquid.queueExplain')}
          </Text>
          <Refusal text={refusal} />
          {filled && (
            <Text size="sm" role="status">
              {filled}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !amount || blocked} loading={busy}>
              {t('lending.liquid.queueSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
