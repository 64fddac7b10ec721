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
import { maxEthDeposit, maxRepay, type Cache } from '@payd/protocol';
import { adjustCache } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { MaxButton, maxSection } from '../MaxButton.tsx';
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

/** The Max button of a field: adding collateral (the wallet's ETH less gas) or repaying (maxRepay). */
function maxFor(
  field: 'collateral' | 'debt',
  input: AdjustInput,
  market: BorrowMarket,
  cache: Cache,
  set: (patch: Partial<AdjustInput>) => void,
) {
  if (field === 'collateral' && input.collateralDirection === 'add') {
    const value = maxEthDeposit(market.accountBalance);
    return maxSection(
      <MaxButton what="collateral" value={value} onFill={(collateralText) => set({ collateralText })} />,
    );
  }
  if (field === 'debt' && input.debtDirection === 'repay') {
    const value = maxRepay(cache.debt, market.paydBalance);
    return maxSection(<MaxButton what="repayment" value={value} onFill={(debtText) => set({ debtText })} />);
  }
  return {};
}

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
              {...maxFor('collateral', input, market, cache, set)}
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
              {...maxFor('debt', input, market, cache, set)}
            />
            <Text fz="sm" data-testid="adjust-kind">
              {kind ?? (submitted ? BorrowMessages.nothingToChange : 'Enter a change to see it here.')}
            </Text>
            {check.refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="adjust-refusal">
                {check.refusal}
              </Alert>
            )}
            {/* A refused change is disabled, its reason by the field or above; an empty one says what to do. */}
            <Button type="submit" loading={busy} disabled={blocked || (kind !== undefined && !check.canSend)}>
              Adjust cache
            </Button>
          </Stack>
        </form>
      </Paper>
      <PreviewTable
        market={market}
        preview={check.preview}
        before={check.before}
        title="Your cache: before → after the change"
      />
    </SimpleGrid>
  );
}
