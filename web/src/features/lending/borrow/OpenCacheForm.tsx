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

export function OpenCacheForm({ market, kyc }: { market: BorrowMarket; kyc: WalletKyc }) {
  const [collateral, setCollateral] = useState('');
  const [borrow, setBorrow] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { run, busy, blocked } = useCacheWrite(kyc);
  const check = checkOpen(market, collateral, borrow);
  const show = (text: string, error: string | undefined) => (submitted || text !== '' ? error : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (!check.canSend || !check.preview) return;
    const params = { depositCollateral: check.preview.cache.collateral, borrowPAYD: borrow.trim() };
    const outcome = await run(
      `Open a cache: ${check.preview.cache.collateral.prettify(4)} ETH, borrow ${Decimal.from(borrow.trim()).prettify(2)} PAYD`,
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
      <Paper withBorder p="md" role="region" aria-label="Open a cache">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Open a cache
            </Title>
            <Text fz="sm" c="dimmed">
              Deposit ETH as collateral and borrow PAYD against it. You hold{' '}
              {market.accountBalance.prettify(4)} ETH.
            </Text>
            <Text fz="sm" data-testid="open-eth-price">
              ETH price: {market.price.prettify(2)} PAYD
            </Text>
            <TextInput
              label="Collateral (ETH)"
              inputMode="decimal"
              autoComplete="off"
              value={collateral}
              onChange={(e) => setCollateral(e.currentTarget.value)}
              error={show(collateral, check.errors.collateral)}
              description={`Max leaves ${ETH_GAS_ALLOWANCE.toString()} ETH for gas`}
              {...maxSection(
                <MaxButton
                  what="collateral"
                  value={maxEthDeposit(market.accountBalance)}
                  onFill={setCollateral}
                />,
              )}
            />
            <TextInput
              label="Borrow (PAYD)"
              inputMode="decimal"
              autoComplete="off"
              value={borrow}
              onChange={(e) => setBorrow(e.currentTarget.value)}
              error={show(borrow, check.errors.debt)}
            />
            {check.refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="open-refusal">
                {check.refusal}
              </Alert>
            )}
            {/* Refused once anything is typed, its reason by the field or above; empty, a click says what is missing. */}
            <Button
              type="submit"
              loading={busy}
              disabled={blocked || ((collateral !== '' || borrow !== '') && !check.canSend)}
            >
              Open cache
            </Button>
          </Stack>
        </form>
      </Paper>
      <PreviewTable market={market} preview={check.preview} />
    </SimpleGrid>
  );
}
