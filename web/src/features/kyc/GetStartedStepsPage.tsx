// /get-started-steps: the customer details intro with its three steps.
import { Button, Group, Stepper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { KycPage } from './KycShell.tsx';

export function GetStartedStepsPage() {
  return (
    <KycPage title="Customer details" subtitle="Three steps and you are ready for review.">
      <Stepper active={-1} orientation="vertical" size="sm">
        <Stepper.Step label="Personal Details" description="Who you are and where your funds come from" />
        <Stepper.Step
          label="Supporting Documentation"
          description="An identity document and a proof of address"
        />
        <Stepper.Step label="Risks and Disclosures" description="Read and accept the risks of staking" />
      </Stepper>
      <Text size="sm" c="dimmed">
        Keep your identity document at hand.
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to="/personal-detail" size="md">
          Continue
        </Button>
      </Group>
    </KycPage>
  );
}
