// Adjusting the open cache in one form: add or withdraw collateral, borrow or repay PAYD, with the
// change kind in words and the same live preview as opening.
import {
  Alert,
  Button,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { adjustCache, type Cache } from '@payd/protocol';
import type { WalletKyc } from '../kycGateView.tsx';
import {
  adjustmentParams,
  BorrowMessages,
  changeKind,
  checkAdjust,
  type AdjustInput,
  type BorrowMarket,
  type CollateralDirection,
  type DebtDirection,
} from './borrowRules.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { useCacheWrite } from './useCacheWrite.ts';

const empty: AdjustInput = {
  collateralDirection: 'add',
  collateralText: '',
  debtDirection: 'borrow',
  debtText: '',
};

export function AdjustCacheForm({
  market,
  cache,
  kyc,
}: {
  market: BorrowMarket;
  cache: Cache;
  kyc: WalletKyc;
}) {
  const [input, setInput] = useState<AdjustInput>(empty);
  const [submitted, setSubmitted] = useState(false);
  const { run, busy, blocked } = useCacheWrite(kyc);
  const check = checkAdjust(market, cache, input);
  const kind = changeKind(input);
  const set = (patch: Partial<AdjustInput>) => setInput((i) => ({ ...i, ...patch }));
  const show = (text: string, error: string | undefined) => (submitted || text !== '' ? error : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (!check.canSend || !kind) return;
    const params = adjustmentParams(input);
    const sent = input;
    const outcome = await run(kind, (signer) => adjustCache(signer, params));
    if (outcome === 'confirmed') {
      // Cleared only if the person has not started the next change meanwhile (the new figures can
      // show before the receipt is in): their edits are never wiped.
      setInput((now) => (now === sent ? empty : now));
      setSubmitted(false);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" role="region" aria-label="Adjust your cache">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Adjust your cache
            </Title>
            <SegmentedControl
              aria-label="Collateral change"
              value={input.collateralDirection}
              onChange={(v) => set({ collateralDirection: v as CollateralDirection })}
              data={[
                { value: 'add', label: 'Add collateral' },
                { value: 'withdraw', label: 'Withdraw collateral' },
              ]}
            />
            <TextInput
              label={
                input.collateralDirection === 'add'
                  ? 'Collateral to add (ETH)'
                  : 'Collateral to withdraw (ETH)'
              }
              inputMode="decimal"
              autoComplete="off"
              value={input.collateralText}
              onChange={(e) => set({ collateralText: e.currentTarget.value })}
              error={show(input.collateralText, check.errors.collateral)}
            />
            <SegmentedControl
              aria-label="Debt change"
              value={input.debtDirection}
              onChange={(v) => set({ debtDirection: v as DebtDirection })}
              data={[
                { value: 'borrow', label: 'Borrow PAYD' },
                { value: 'repay', label: 'Repay PAYD' },
              ]}
            />
            <TextInput
              label={input.debtDirection === 'borrow' ? 'PAYD to borrow' : 'PAYD to repay'}
              inputMode="decimal"
              autoComplete="off"
              value={input.debtText}
              onChange={(e) => set({ debtText: e.currentTarget.value })}
              error={show(input.debtText, check.errors.debt)}
            />
            <Text fz="sm" data-testid="adjust-kind">
              {kind ?? (submitted ? BorrowMessages.nothingToChange : 'Enter a change to see it here.')}
            </Text>
            {check.refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="adjust-refusal">
                {check.refusal}
              </Alert>
            )}
            <Button type="submit" loading={busy} disabled={blocked}>
              Adjust cache
            </Button>
          </Stack>
        </form>
      </Paper>
      <PreviewTable market={market} preview={check.preview} title="Your cache after the change" />
    </SimpleGrid>
  );
}
