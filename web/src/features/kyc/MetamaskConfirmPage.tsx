// /metamask-confirm: the step after KYC approval (spec 002 sections 2 and 4): connect the Ethereum
// wallet to use with payd. Only a fully approved customer outside KYC-only mode stays here.
import { Button, Group, List, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useKycRecords } from './kycApi.ts';
import { corporateState, metamaskConfirmRedirect, personState } from './kycStatus.ts';

export function MetamaskConfirmPage() {
  const config = useConfig();
  const records = useKycRecords();
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? '/kyc-Status'
    : metamaskConfirmRedirect(
        personState(records.person),
        corporateState(records.corporate),
        config.prdAllowKycOnly,
      );
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title="Connect Your Wallet" subtitle="Status: KYC Approved">
      <Text>
        Your identity has been verified. To stake, connect the Ethereum wallet you will use with payd.
      </Text>
      <List spacing="xs" size="sm">
        <List.Item>
          Use MetaMask or another browser wallet; you keep your keys, payd never holds them.
        </List.Item>
        <List.Item>The first wallet you connect is registered to your account for staking.</List.Item>
        <List.Item>Your wallet will ask you to approve the connection.</List.Item>
      </List>
      <Group justify="space-between">
        <Button component={Link} to="/kyc-status" variant="default">
          KYC Status
        </Button>
        <Button component={Link} to="/accountStatus">
          Connect Wallet
        </Button>
      </Group>
    </KycPage>
  );
}
