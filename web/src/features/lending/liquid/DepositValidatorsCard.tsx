// Deposit validators for FETH: N of the pool's available validators (1 to min(50, available)),
// N x 32 ETH from the wallet, N x 32 FETH back. The count is checked against the pool's rules and
// the wallet's ETH before the wallet is asked; a preview shows what changes.
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { depositMultipleValidators } from '../protocol/writes.ts';
import { Card, Figure, Figures, NeedsSigner, Refusal } from '../pool/PoolParts.tsx';
import { useProtocolWrite } from '../pool/useProtocolWrite.ts';
import { useProtocol, useSigner } from '../protocol/ProtocolProvider.tsx';
import { explainRefusal } from './liquidRefusals.ts';
import {
  checkValidatorCount,
  depositPreview,
  countHint,
  ethNeededFor,
  liquidLabels,
  liquidMessages,
} from './liquidRules.ts';

export function DepositValidatorsCard({ blocked }: { blocked: boolean }) {
  const signer = useSigner();
  const availableValidators = useProtocol((s) => s.availableValidators);
  const validatorAmt = useProtocol((s) => s.validatorAmt);
  const accountBalance = useProtocol((s) => s.accountBalance);
  const fethBalance = useProtocol((s) => s.fethBalance);
  const { busy, refusal, run } = useProtocolWrite();
  const [text, setText] = useState('');
  const limits = { availableValidators, validatorAmt, accountBalance };
  const check = checkValidatorCount(text, limits);
  const count = check.kind === 'ok' ? check.count : undefined;
  const preview = count ? depositPreview(count, limits, fethBalance) : undefined;
  // Shown while typing, also for a count that is refused (a whole number at least).
  const typedCount = /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0;

  async function submit() {
    if (!signer || !count || blocked) return;
    const landed = await run(liquidLabels.deposit(count, ethNeededFor(count, validatorAmt)), () =>
      explainRefusal(() => depositMultipleValidators(signer, count)),
    );
    if (landed) setText('');
  }

  return (
    <Card title="Deposit validators for FETH" testId="liquid-deposit">
      {!signer && <NeedsSigner what="depositValidators" />}
      <Alert color="yellow" variant="light" data-testid="feth-earns-nothing">
        {liquidMessages.earnsNothing}
      </Alert>
      <Figures>
        <Figure label="Validators available" value={String(availableValidators)} testId="liquid-available" />
        <Figure
          label="ETH in your wallet"
          value={`${accountBalance.prettify(4)} ETH`}
          testId="liquid-eth-balance"
        />
        <Figure
          label="ETH needed"
          value={`${ethNeededFor(typedCount, validatorAmt).prettify(0)} ETH`}
          hint={`${validatorAmt.prettify(0)} ETH a validator`}
          testId="liquid-eth-needed"
        />
      </Figures>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Number of validators"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the deposit is on its way the balance already moves: no refusal of the sent count.
            error={busy || check.kind !== 'error' ? undefined : check.message}
            description={countHint(limits)}
          />
          {preview && (
            <Text size="sm" data-testid="liquid-deposit-preview">
              You send {preview.ethSent.prettify(0)} ETH and receive {preview.fethMinted.prettify(0)} FETH.
              Your FETH after: {preview.fethAfter.prettify(4)}; ETH left in your wallet:{' '}
              {preview.ethAfter.prettify(4)} (before gas); validators left: {preview.availableAfter}. Your
              FETH earns no rewards.
            </Text>
          )}
          <Refusal text={refusal} />
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !count || blocked} loading={busy}>
              Deposit validators
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
