// /liquidStaking (issue 13, spec 000 sections 1 and 3): deposit validators of the payd validator pool
// for FETH (32 FETH for each 32 ETH), the person's FETH and their place in the first-in first-out
// swap queue, claim the filled ETH or cancel the unfilled FETH, and the pool's totals and rewards.
// Every figure follows the protocol store, so fills, exits and reward reports show by themselves.
import { Alert, Text } from '@mantine/core';
import { FETH_STAKING } from '../kycGate.ts';
import { useWalletKyc } from '../kycGateView.tsx';
import { PoolShell } from '../pool/PoolParts.tsx';
import { DepositValidatorsCard } from './DepositValidatorsCard.tsx';
import { LiquidPoolCard } from './LiquidPoolCard.tsx';
import { QueueFethCard } from './QueueFethCard.tsx';
import { YourFethCard } from './YourFethCard.tsx';

export function LiquidStakingPage() {
  return (
    <PoolShell title="Liquid staking">
      <LiquidStaking />
    </PoolShell>
  );
}

function LiquidStaking() {
  const kyc = useWalletKyc(FETH_STAKING);
  // Depositing and queueing need the KYC manager's approval (canDepositFETH); taking back one's
  // own queued FETH does not wait for it.
  const blocked = kyc.checking || Boolean(kyc.refusal);
  return (
    <>
      <Text c="dimmed">
        1 FETH is a claim on 1 ETH of the payd validator pool. Deposit validators of 32 ETH each and receive
        32 FETH for each; swap FETH back for ETH through a first-in, first-out queue that ETH reaching the
        pool fills.
      </Text>
      {kyc.refusal && (
        <Alert color="red" variant="light" title="This wallet cannot deposit or queue FETH" role="alert">
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
