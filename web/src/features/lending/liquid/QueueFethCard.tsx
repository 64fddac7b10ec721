// Queue FETH for ETH: an amount within the FETH balance (Max types all of it), one open entry per
// address. The queue fills first in, first out from the ETH that reaches the pool; some of it may be
// filled at once from free ETH. Refused amounts get their message by the field, before the wallet.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { depositFETH } from '../protocol/writes.ts';
import { amountError } from '../pool/amountRules.ts';
import { Card, NeedsSigner, Refusal } from '../pool/PoolParts.tsx';
import { useProtocolWrite } from '../pool/useProtocolWrite.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { explainRefusal } from './liquidRefusals.ts';
import { checkQueueAmount, liquidLabels, maxQueueText, queueView } from './liquidRules.ts';

export function QueueFethCard({ blocked }: { blocked: boolean }) {
  const signer = useSigner();
  const fethBalance = useProtocol((s) => s.fethBalance);
  const fethSwapDeposit = useProtocol((s) => s.fethSwapDeposit);
  const ethSwapClaim = useProtocol((s) => s.ethSwapClaim);
  const fethQueuePosition = useProtocol((s) => s.fethQueuePosition);
  const { busy, refusal, run } = useProtocolWrite();
  const [text, setText] = useState('');
  const [filled, setFilled] = useState<string>();
  const queue = { fethBalance, fethSwapDeposit, ethSwapClaim, fethQueuePosition };
  const check = checkQueueAmount(text, queue);
  const amount = check.kind === 'ok' ? check.amount : undefined;
  const queued = queueView(queue).queued;

  async function submit() {
    if (!signer || !amount || blocked) return;
    setFilled(undefined);
    const landed = await run(liquidLabels.queue(amount), () =>
      explainRefusal(() => depositFETH(signer, amount)),
    );
    if (!landed) return;
    setText('');
    const now = landed.details.filled;
    if (!now.isZero) setFilled(`${now.prettify(4)} of it was filled at once: claim it as ETH above.`);
  }

  return (
    <Card title="Queue FETH for ETH" testId="liquid-queue">
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
            label="FETH to swap for ETH"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the entry is on its way the balance already moves: no refusal of the sent amount.
            error={busy ? undefined : amountError(check)}
            description={
              queued
                ? 'You have FETH in the queue: one entry at a time'
                : `In your wallet: ${fethBalance.prettify(4)} FETH`
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
                Max
              </Button>
            }
          />
          <Text size="sm" c="dimmed">
            ETH that reaches the pool (new deposits, exited validators) fills the queue in order; once your
            entry is filled, claim the ETH under Your FETH.
          </Text>
          <Refusal text={refusal} />
          {filled && (
            <Text size="sm" role="status">
              {filled}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !amount || blocked} loading={busy}>
              Queue for ETH
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
