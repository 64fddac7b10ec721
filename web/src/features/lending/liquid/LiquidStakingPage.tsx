// /liquidStaking (issue 13, spec 000 sections 1 and 3): deposit validators of the payd validator pool
// for FETH (32 FETH for each 32 ETH), the person's FETH and their place in the first-in first-out
// swap queue, claim the filled ETH or cancel the unfilled FETH, and the pool's totals and rewards.
// Every figure follows the protocol store, so fills, exits and reward reports show by themselves.
import { Alert, Text } from '@mantine/core';
import { FETH_STAKING } from '../kycGate.ts';
import { useWalletKyc } from '../kycGateView.tsx';
import { PoolShell } from '../pool/PoolParts.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DepositValidatorsCard } from './DepositValidatorsCard.tsx';
import { LiquidPoolCard } from './LiquidPoolCard.tsx';
import { QueueFethCard } from './QueueFethCard.tsx';
import { YourFethCard } from './YourFethCard.tsx';

export function LiquidStakingPage() {
  const { t } = useT();
  return (
    <PoolShell title={t('lending.nav.liquid')}>
      <LiquidStaking />
    </PoolShell>
  );
}

function LiquidStaking() {
  const { t } = useT();
  const kyc = useWalletKyc(FETH_STAKING);
  // Depositing and queueing need the KYC manager's approval (canDepositFETH); taking back one's
  // own queued FETH does not wait for it.
  const blocked = kyc.checking || Boolean(kyc.refusal);
  return (
    <>
      <Text c="dimmed">{t('lending.liquid.intro')}</Text>
      {kyc.refusal && (
        <Alert color="red" variant="light" title={t('lending.liquid.kycTitle')} role="alert">
          {kyc.refusal}
        </Alert>
      )}
      <YourFethCard blocked={blocked} />
      <QueueFethCard blocked={blocked} />
      <DepositValidatorsCard blocked={blocked} />
      <LiquidPoolCard />
    </>
  );
}
