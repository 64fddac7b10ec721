// /what-next: what happens after the KYC application, from where the customer stands (the status
// page's Back button leads here).
import { Button, Group, Stepper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useKycRecords } from './kycApi.ts';
import { corporateState, isFullyApproved, personState } from './kycStatus.ts';

export function WhatNextPage() {
  const config = useConfig();
  const records = useKycRecords();
  if (records.isPending) return <KycSpinner />;
  const person = personState(records.person);
  const corporate = corporateState(records.corporate);
  const submitted = Boolean((person ?? corporate)?.status);
  const approved = isFullyApproved(person, corporate);
  const active = approved ? 2 : submitted ? 1 : 0;
  return (
    <KycPage title="What's Next?" subtitle="How you get from sign-up to staking.">
      <Stepper active={active} orientation="vertical" size="sm">
        <Stepper.Step
          label="Complete your application"
          description="Personal details, supporting documents, liveness test, risks and disclosures."
        />
        <Stepper.Step
          label="We review it"
          description="Our team checks your application. We send you an e-mail as soon as it has been approved."
        />
        <Stepper.Step
          label={config.prdAllowKycOnly ? 'Start staking in November' : 'Connect your wallet and stake'}
          description={
            config.prdAllowKycOnly
              ? 'We are launching in November: please check back then to start staking.'
              : 'Connect your Ethereum wallet, then stake ETH from your dashboard.'
          }
        />
      </Stepper>
      <Text size="sm" c="dimmed">
        Questions? Approved customers can write to us from Customer Support.
      </Text>
      <Group justify="space-between">
        <Button component={Link} to="/kyc-status" variant="default">
          KYC Status
        </Button>
        {!submitted ? (
          <Button component={Link} to="/welcome">
            Start Application
          </Button>
        ) : approved && !config.prdAllowKycOnly ? (
          <Button component={Link} to="/metamask-confirm">
            Connect Wallet
          </Button>
        ) : null}
      </Group>
    </KycPage>
  );
}
