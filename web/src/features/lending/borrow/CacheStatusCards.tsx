// What happened to a cache the owner did not close (liquidated or redeemed), and the claim of the
// collateral surplus such a closing leaves in the collateral-surplus pool.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { claimCollateralSurplus, type CacheStatus, type Decimal } from '@payd/protocol';
import type { WalletKyc } from '../kycGateView.tsx';
import { useCacheWrite } from './useCacheWrite.ts';

const closedText: Partial<Record<CacheStatus, { title: string; text: string }>> = {
  closedByLiquidation: {
    title: 'Your cache was liquidated',
    text: 'Its collateral ratio fell under the minimum and it was liquidated: its debt is cleared and its collateral went to the rewards pool and the liquidator. You keep the PAYD you borrowed.',
  },
  closedByRedemption: {
    title: 'Your cache was closed by a redemption',
    text: 'Someone redeemed PAYD against it: its debt was paid off with its collateral at face value. You keep the PAYD you borrowed.',
  },
};

export function ClosedStatus({ status }: { status: CacheStatus }) {
  const closed = closedText[status];
  if (!closed) return null;
  return (
    <Alert color="blue" variant="light" title={closed.title} data-testid="cache-closed-status">
      {closed.text}
    </Alert>
  );
}

export function SurplusCard({ surplus, kyc }: { surplus: Decimal; kyc: WalletKyc }) {
  const { run, busy, blocked } = useCacheWrite(kyc);
  if (surplus.isZero) return null;
  return (
    <Paper withBorder p="md" role="region" aria-label="Collateral surplus">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Collateral surplus
        </Title>
        <Text>
          <b data-testid="surplus-amount">{surplus.prettify(4)} ETH</b> of your collateral was left over when
          your cache was closed by a redemption or liquidation. Claim it back to your wallet.
        </Text>
        <Group>
          <Button
            loading={busy}
            disabled={blocked}
            onClick={() =>
              void run(`Claim ${surplus.prettify(4)} ETH`, (signer) => claimCollateralSurplus(signer))
            }
          >
            Claim {surplus.prettify(4)} ETH
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
