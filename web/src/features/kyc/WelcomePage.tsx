// /welcome (optional :mstId): loads the customer's personal and corporate KYC records ('!' = own
// record, if any) behind a spinner and sends a customer who already has a status on (spec 002 section 2).
import { Button, Group, Text } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { corporateState, personState, welcomeRedirect } from './kycStatus.ts';
import { useKycRecords } from './kycApi.ts';

export function WelcomePage() {
  const { mstId } = useParams();
  const config = useConfig();
  const records = useKycRecords(mstId);
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? null
    : welcomeRedirect(personState(records.person), corporateState(records.corporate), config.prdAllowKycOnly);
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title="Welcome">
      <Text size="lg">To get started, we need to get to know you better.</Text>
      <Text c="dimmed" size="sm">
        Verifying your identity takes about ten minutes: a few personal details, your supporting documents, a
        short liveness test and our risks and disclosures.
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to="/user-option" size="md">
          Continue
        </Button>
      </Group>
    </KycPage>
  );
}
