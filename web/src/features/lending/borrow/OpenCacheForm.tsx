// Opening a cache: ETH to deposit and PAYD to borrow, with the live preview beside the form. Each
// field shows its message as the person types; nothing reaches the wallet until all is allowed.
import { Alert, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Decimal, ETH_GAS_ALLOWANCE, maxEthDeposit } from '@payd/protocol';
import { openCache } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { MaxButton, maxSection } from '../MaxButton.tsx';
import { checkOpen, type BorrowMarket } from './borrowRules.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { useCacheWrite } from './useCacheWrite.ts';
import { useLendingT } from '../useLendingT.ts';

export function OpenCacheForm({ market, kyc }: { market: BorrowMarket; kyc: WalletKyc }) {
  const [collateral, setCollateral] = useState('');
  const [borrow, setBorrow] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { run, busy, blocked } = useCacheWrite(kyc);
  const { t, message, field, num } = useLendingT();
  const check = checkOpen(market, collateral, borrow);
  const show = (text: string, error: string | undefined) => (submitted || text !== '' ? error : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (!check.canSend || !check.preview) return;
    const params = { depositCollateral: check.preview.cache.collateral, borrowPAYD: borrow.trim() };
    const outcome = await run(
      t('lending.open.tx', {
        collateral: num(check.preview.cache.collateral, 4),
        borrow: num(Decimal.from(borrow.trim()), 2),
      }),
      (signer) => openCache(signer, params),
    );
    if (outcome === 'confirmed') {
      setCollateral('');
      setBorrow('');
      setSubmitted(false);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" role="region" aria-label={t('lending.open.title')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('lending.open.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('lending.open.intro', { balance: num(market.accountBalance, 4) })}
            </Text>
            <Text fz="sm" data-testid="open-eth-price">
              {t('lending.open.price', { price: num(market.price, 2) })}
            </Text>
            <TextInput
              label={t('lending.open.collateral')}
              inputMode="decimal"
              autoComplete="off"
              value={collateral}
              onChange={(e) => setCollateral(e.currentTarget.value)}
              {...field({ error: show(collateral, check.errors.collateral) })}
              description={t('lending.open.maxGas', { amount: num(ETH_GAS_ALLOWANCE, 2) })}
              {...maxSection(
                <MaxButton
                  what="collateral"
                  value={maxEthDeposit(market.accountBalance)}
                  onFill={setCollateral}
                />,
              )}
            />
            <TextInput
              label={t('lending.open.borrow')}
              inputMode="decimal"
              autoComplete="off"
              value={borrow}
              onChange={(e) => setBorrow(e.currentTarget.value)}
              {...field({ error: show(borrow, check.errors.debt) })}
            />
            {check.refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="open-refusal">
                {message(check.refusal)}
              </Alert>
            )}
            {/* Refused once anything is typed, its reason by the field or above; empty, a click says what is missing. */}
            <Button
              type="submit"
              loading={busy}
              disabled={blocked || ((collateral !== '' || borrow !== '') && !check.canSend)}
            >
              {t('lending.open.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <PreviewTable market={market} preview={check.preview} />
    </SimpleGrid>
  );
}
