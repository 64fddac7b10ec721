// After a deposit the dashboard leads the customer to top up (issue 24 item 6): the validators'
// daily fee, how long the credits last, and a button to /payment. Shown when the stake flow
// arrives with `state.deposited` (StakePage), until the customer tops up or leaves the page.
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useBalance, useRates } from '../billing/index.ts';
import { feeView } from './stakeFees.ts';

/** `validators`: the dashboard's list, which holds the new ones before the balance counts them. */
export function TopUpPrompt({ validators }: { validators: number }) {
  const location = useLocation();
  const deposited = (location.state as { deposited?: boolean } | null)?.deposited === true;
  const rates = useRates();
  const credits = useBalance();
  const count = Math.max(validators, credits.data?.Validators ?? 0);
  if (!deposited || !rates.data || !credits.data || count < 1) return null;
  const fees = feeView(count, rates.data.CR, credits.data.Credits);
  if (!fees.low) return null;
  return (
    <Alert color="orange" variant="light" title="Top up your credits" data-testid="top-up-prompt">
      <Text fz="sm">
        Your validators cost {fees.fee}. {fees.runway}
      </Text>
      <Group mt="sm">
        <Button component={Link} to="/payment" size="sm">
          Top up credits
        </Button>
      </Group>
    </Alert>
  );
}
