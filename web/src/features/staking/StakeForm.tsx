// The stake screen's form: the kind of validator (0x02 compounding first, or 0x01; issue 25), the
// ETH per validator (0x02: 32 to 2048 whole ETH; 0x01: 32), the number of validators, the derived
// ETH amount, the withdrawal address and its confirmation, and Continue to the review.
import { Button, Checkbox, Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { VALIDATOR_KINDS } from '@payd/schemas';
import { addressInputStyles } from '../../ui/addressInput.ts';
import {
  isBlockedCountKey,
  parseValidatorCount,
  validatorKindTexts,
  type ValidatorKind,
} from './stakeRules.ts';
import type { useStakeFlow } from './useStakeFlow.ts';

export function StakeForm({
  flow,
  error,
  amountError,
  capacity,
  amount,
  allowed,
  hidden,
}: {
  flow: ReturnType<typeof useStakeFlow>;
  /** Why the count cannot be staked (the balance), shown by the count. */
  error: string | null;
  /** Why the ETH per validator cannot be staked (stakeChoiceForm's message), shown by it. */
  amountError: string | null;
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
        <Radio.Group
          label="Validator kind"
          value={flow.kind}
          onChange={(v) => flow.setKind(v as ValidatorKind)}
        >
          <Stack gap="xs" mt="xs">
            {[...VALIDATOR_KINDS].reverse().map((k) => (
              <Radio
                key={k}
                value={k}
                label={validatorKindTexts[k].label}
                description={validatorKindTexts[k].explained}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label="ETH per validator"
          description={
            flow.kind === '0x02'
              ? 'A whole number of ETH from 32 to 2048.'
              : 'A 0x01 validator takes exactly 32 ETH.'
          }
          type="number"
          min={32}
          max={2048}
          step={1}
          inputMode="numeric"
          readOnly={flow.kind === '0x01'}
          variant={flow.kind === '0x01' ? 'filled' : 'default'}
          value={flow.amountEth === null ? '' : String(flow.amountEth)}
          onKeyDown={(e) => {
            if (isBlockedCountKey(e.key)) e.preventDefault();
          }}
          onWheel={(e) => e.currentTarget.blur()}
          onChange={(e) => {
            const raw = e.currentTarget.value.trim();
            flow.setAmountEth(raw === '' ? null : Number(raw));
          }}
          error={amountError}
        />
        <TextInput
          label="Number of validators"
          description={capacity ?? `Each validator takes ${flow.amountEth ?? 32} ETH.`}
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
