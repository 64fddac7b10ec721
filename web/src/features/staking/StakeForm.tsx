// The stake screen's form: number of validators, the derived ETH amount, the withdrawal address
// and its confirmation, and Continue to the review.
import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { addressInputStyles } from '../../ui/addressInput.ts';
import { isBlockedCountKey, parseValidatorCount } from './stakeRules.ts';
import type { useStakeFlow } from './useStakeFlow.ts';

export function StakeForm({
  flow,
  error,
  capacity,
  amount,
  allowed,
  hidden,
}: {
  flow: ReturnType<typeof useStakeFlow>;
  /** Why the count cannot be staked (the balance), shown by the count. */
  error: string | null;
  /** What the wallet can pay for, when it cannot pay for the count. */
  capacity: string | null;
  amount: number | string;
  /** Continue is enabled. */
  allowed: boolean;
  /** While a stake is under way its progress takes the form's place. */
  hidden: boolean;
}) {
  const { count, withdrawal, confirmed } = flow;
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      style={hidden ? { display: 'none' } : undefined}
    >
      <Stack gap="md">
        <TextInput
          label="Number of validators"
          description={capacity ?? 'Each validator takes 32 ETH.'}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={count === null ? '' : String(count)}
          onKeyDown={(e) => {
            if (isBlockedCountKey(e.key)) e.preventDefault();
          }}
          onWheel={(e) => e.currentTarget.blur()}
          onChange={(e) => flow.setCount(parseValidatorCount(e.currentTarget.value))}
          error={error}
        />
        <TextInput label="ETH amount" value={String(amount)} readOnly variant="filled" />
        <TextInput
          label="Withdrawal address"
          description="Your staked ETH and rewards are withdrawn to this address."
          placeholder="0x..."
          value={withdrawal}
          onChange={(e) => flow.editWithdrawal(e.currentTarget.value)}
          styles={addressInputStyles}
        />
        <Checkbox
          label="I confirm that the withdrawal address above is mine and correct."
          checked={confirmed}
          onChange={(e) => flow.setConfirmed(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button size="md" disabled={!allowed} onClick={() => void flow.onContinue()}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
