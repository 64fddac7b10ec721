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
  liquidMessages,
  MAX_VALIDATORS_PER_DEPOSIT,
  maxValidators,
  type DepositLimits,
} from './liquidRules.ts';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';

/** countHint's words in the reader's language (its rules word it in English). */
function countWords({ t, message }: LendingTranslate, limits: DepositLimits): string {
  if (limits.availableValidators === 0) return message(liquidMessages.noneAvailable);
  const max = maxValidators(limits);
  if (max === 0) return message(countHint(limits));
  return t('lending.liquid.countHint', { max, most: MAX_VALIDATORS_PER_DEPOSIT });
}

export function DepositValidatorsCard({ blocked }: { blocked: boolean }) {
  const signer = useSigner();
  const availableValidators = useProtocol((s) => s.availableValidators);
  const validatorAmt = useProtocol((s) => s.validatorAmt);
  const accountBalance = useProtocol((s) => s.accountBalance);
  const fethBalance = useProtocol((s) => s.fethBalance);
  const { busy, refusal, run } = useProtocolWrite();
  const [text, setText] = useState('');
  const tr = useLendingT();
  const { t, message, num } = tr;
  const limits = { availableValidators, validatorAmt, accountBalance };
  const check = checkValidatorCount(text, limits);
  const count = check.kind === 'ok' ? check.count : undefined;
  const preview = count ? depositPreview(count, limits, fethBalance) : undefined;
  // Shown while typing, also for a count that is refused (a whole number at least).
  const typedCount = /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0;

  async function submit() {
    if (!signer || !count || blocked) return;
    const landed = await run(
      t('lending.liquid.depositTx', { count, feth: num(ethNeededFor(count, validatorAmt), 0) }),
      () => explainRefusal(() => depositMultipleValidators(signer, count)),
    );
    if (landed) setText('');
  }

  return (
    <Card title={t('lending.liquid.depositTitle')} testId="liquid-deposit">
      {!signer && <NeedsSigner what="depositValidators" />}
      <Alert color="yellow" variant="light" data-testid="feth-earns-nothing">
        {message(liquidMessages.earnsNothing)}
      </Alert>
      <Figures>
        <Figure
          label={t('lending.liquid.available')}
          value={String(availableValidators)}
          testId="liquid-available"
        />
        <Figure
          label={t('lending.liquid.ethInWallet')}
          value={t('lending.eth', { amount: num(accountBalance, 4) })}
          testId="liquid-eth-balance"
        />
        <Figure
          label={t('lending.liquid.ethNeeded')}
          value={t('lending.eth', { amount: num(ethNeededFor(typedCount, validatorAmt), 0) })}
          hint={t('lending.liquid.perValidator', { amount: num(validatorAmt, 0) })}
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
            label={t('lending.liquid.count')}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // While the deposit is on its way the balance already moves: no refusal of the sent count.
            error={busy || check.kind !== 'error' ? undefined : message(check.message)}
            description={countWords(tr, limits)}
          />
          {preview && (
            <Text size="sm" data-testid="liquid-deposit-preview">
              {t('lending.liquid.preview', {
                sent: num(preview.ethSent, 0),
                minted: num(preview.fethMinted, 0),
                fethAfter: num(preview.fethAfter, 4),
                ethAfter: num(preview.ethAfter, 4),
                left: preview.availableAfter,
              })}
            </Text>
          )}
          <Refusal text={refusal} />
          <Group gap="sm">
            <Button type="submit" disabled={!signer || !count || blocked} loading={busy}>
              {t('lending.liquid.depositSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
