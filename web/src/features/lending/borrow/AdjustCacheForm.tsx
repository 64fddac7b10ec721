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
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';

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

/** changeKind's words in the reader's language: 'Add 1.0000 ETH and borrow 500.00 PAYD'. */
function kindText({ t, num }: LendingTranslate, input: AdjustInput): string | undefined {
  if (!changeKind(input)) return undefined;
  const p = adjustmentParams(input);
  const coll = p.depositCollateral ? 'add' : p.withdrawCollateral ? 'withdraw' : undefined;
  const debt = p.borrowPAYD ? 'borrow' : p.repayPAYD ? 'repay' : undefined;
  const collAmount = p.depositCollateral ?? p.withdrawCollateral;
  const debtAmount = p.borrowPAYD ?? p.repayPAYD;
  const values = {
    eth: collAmount && num(collAmount, 4),
    payd: debtAmount && num(debtAmount, 2),
  };
  return t(`lending.adjust.kind.${[coll, debt].filter(Boolean).join('_')}`, values);
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
  const tr = useLendingT();
  const { t, message, field } = tr;
  const check = checkAdjust(market, cache, input);
  const kind = kindText(tr, input);
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
      <Paper withBorder p="md" role="region" aria-label={t('lending.adjust.title')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('lending.adjust.title')}
            </Title>
            <SegmentedControl
              aria-label={t('lending.adjust.collateralChange')}
              value={input.collateralDirection}
              onChange={(v) => set({ collateralDirection: v as CollateralDirection })}
              data={[
                { value: 'add', label: t('lending.adjust.addCollateral') },
                { value: 'withdraw', label: t('lending.adjust.withdrawCollateral') },
              ]}
            />
            <TextInput
              label={
                input.collateralDirection === 'add'
                  ? t('lending.adjust.collateralToAdd')
                  : t('lending.adjust.collateralToWithdraw')
              }
              inputMode="decimal"
              autoComplete="off"
              value={input.collateralText}
              onChange={(e) => set({ collateralText: e.currentTarget.value })}
              {...field({ error: show(input.collateralText, check.errors.collateral) })}
              {...maxFor('collateral', input, market, cache, set)}
            />
            <SegmentedControl
              aria-label={t('lending.adjust.debtChange')}
              value={input.debtDirection}
              onChange={(v) => set({ debtDirection: v as DebtDirection })}
              data={[
                { value: 'borrow', label: t('lending.adjust.borrowPayd') },
                { value: 'repay', label: t('lending.adjust.repayPayd') },
              ]}
            />
            <TextInput
              label={
                input.debtDirection === 'borrow' ? t('lending.adjust.toBorrow') : t('lending.adjust.toRepay')
              }
              inputMode="decimal"
              autoComplete="off"
              value={input.debtText}
              onChange={(e) => set({ debtText: e.currentTarget.value })}
              {...field({ error: show(input.debtText, check.errors.debt) })}
              {...maxFor('debt', input, market, cache, set)}
            />
            <Text fz="sm" data-testid="adjust-kind">
              {kind ??
                (submitted ? message(BorrowMessages.nothingToChange) : t('lending.adjust.enterChange'))}
            </Text>
            {check.refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="adjust-refusal">
                {message(check.refusal)}
              </Alert>
            )}
            {/* A refused change is disabled, its reason by the field or above; an empty one says what to do. */}
            <Button type="submit" loading={busy} disabled={blocked || (kind !== undefined && !check.canSend)}>
              {t('lending.adjust.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <PreviewTable
        market={market}
        preview={check.preview}
        before={check.before}
        title={t('lending.adjust.previewTitle')}
      />
    </SimpleGrid>
  );
}
