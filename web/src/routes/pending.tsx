// Screens that later issues build (KYC wizard, account status, dashboard, staking, payments,
// statements, support, pricing). Each route already has its guards; this page only names the
// screen until its feature replaces the route's `lazy` import in router.tsx.
import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { afterLoginTarget } from '../shell/navigation/guards.ts';
import { confirmWalletState, forgetOrigin, rememberedOrigin } from '../shell/session/originStore.ts';
import { ACCOUNT_STATUS_PATH, DASHBOARD_PATH } from '../shell/navigation/paths.ts';

export const pendingScreenTitles: Record<string, string> = {
  '/Pricing': 'Pricing',
  '/welcome': 'Welcome',
  '/user-option': 'Which User Best Represents You?',
  '/get-started-steps': 'Customer details',
  '/personal-detail': 'Step 1 of 4: Personal Details',
  '/corporate-detail': 'Corporate details',
  '/business-request': 'Business account request',
  '/supporting-doc': 'Step 2 of 4: Add Supporting Documentation',
  '/liveness': 'Step 3 of 4: Liveness Test',
  '/disclosures': 'Step 4 of 4: Risks and Disclosures',
  '/kyc-status': 'KYC status',
  '/kyc-Status': 'KYC status',
  '/metamask-confirm': 'Confirm your wallet',
  '/what-next': 'What next',
  '/confirm-message': 'Message sent',
  '/accountStatus': 'Account status',
  '/dashboard': 'Dashboard',
  '/stakeOption': 'Stake options',
  '/stakeETH': 'Stake ETH',
  '/withdrawETH': 'Withdraw ETH',
  '/manageValidator': 'Manage validators',
  '/payment': 'Payment',
  '/stripeCheckout': 'Card payment',
  '/paymentConfirm': 'Payment confirmation',
  '/customer-support': 'Customer support',
  '/rewardStatements': 'Reward statements',
  '/rewardStatementDetail': 'Reward statement detail',
  '/accountStatements': 'Account statements',
  '/withdrawConfirm': 'Withdrawal confirmation',
  '/StmtDownloadConfirm': 'Statement download',
};

export function PendingScreen({ path }: { path: string }) {
  const title = pendingScreenTitles[path] ?? path;
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2}>{title}</Title>
            <Badge variant="light">Coming soon</Badge>
          </Group>
          <Text c="dimmed">This screen is being built. Its route and access rules are already in place.</Text>
          {path === ACCOUNT_STATUS_PATH && (
            <Group>
              <Button
                onClick={() => {
                  // Until the wallet-status screen lands, reaching it counts as the wallet-state check.
                  confirmWalletState();
                  const origin = rememberedOrigin();
                  forgetOrigin();
                  const target =
                    origin && origin.pathname !== ACCOUNT_STATUS_PATH
                      ? afterLoginTarget(origin)
                      : DASHBOARD_PATH;
                  void navigate(target, { state: { from: location.pathname } });
                }}
              >
                Continue
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
