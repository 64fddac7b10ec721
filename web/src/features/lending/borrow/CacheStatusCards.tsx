// What happened to a cache the owner did not close (liquidated or redeemed), the claim of the
// collateral surplus such a closing leaves in the collateral-surplus pool, and the recovery-mode
// warning above either form.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CacheStatus, type Decimal } from '@payd/protocol';
import { claimCollateralSurplus } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { liquidatedText } from './liquidationText.ts';
import { useLiquidationReason } from './useLiquidationReason.ts';
import { useCacheWrite } from './useCacheWrite.ts';
import type { BorrowMarket } from './borrowRules.ts';

// The status words are spec 000's (section 4: closedByOwner, closedByLiquidation,
// closedByRedemption), written out for a person.
const closedText: Partial<Record<CacheStatus, { title: string; status: string; text: string }>> = {
  closedByOwner: {
    title: 'Your cache is closed',
    status: 'closed by owner',
    text: 'You closed it: its debt is repaid and its collateral went back to your wallet. You can open a new one.',
  },
  closedByLiquidation: {
    title: 'Your cache was liquidated',
    status: 'closed by liquidation',
    text: liquidatedText(undefined, false),
  },
  closedByRedemption: {
    title: 'Your cache was redeemed',
    status: 'closed by redemption',
    text: 'Someone redeemed PAYD against it: its debt was paid off with its collateral at face value. You keep the PAYD you borrowed.',
  },
};

export function ClosedStatus({ status }: { status: CacheStatus }) {
  const liquidation = useLiquidationReason(status);
  const found = closedText[status];
  if (!found) return null;
  // the real reason: in recovery mode a cache goes under the total ratio, above 115%
  const closed =
    status === 'closedByLiquidation'
      ? { ...found, text: liquidatedText(liquidation?.reason, liquidation?.recoveryMode ?? false) }
      : found;
  return (
    <Alert color="blue" variant="light" title={closed.title} data-testid="cache-closed-status">
      <Text fz="sm" fw={600}>
        Status: {closed.status}
      </Text>
      <Text fz="sm">{closed.text}</Text>
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

export function RecoveryWarning({ market }: { market: BorrowMarket }) {
  if (!market.fees.recoveryMode) return null;
  return (
    <Alert color="yellow" variant="light" title="Recovery mode">
      The system's total collateral ratio is under 155%. Borrowing is free, a new cache needs a collateral
      ratio of at least 155%, no change may lower the total collateral ratio, and caches under the total ratio
      can be liquidated.
    </Alert>
  );
}
