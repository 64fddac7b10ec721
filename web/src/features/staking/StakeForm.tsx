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
import { formatNumber } from '@payd/i18n';
import { useT, type Translate } from '../../i18n/useT.ts';

/** An address's shape, the same in every language. */
const ADDRESS_PLACEHOLDER = '0x...';

/** What the wallet can pay for when it cannot pay for the count: at most `max` validators. */
function capacityText({ t, lang }: Translate, max: number, perValidatorEth: number): string {
  const amount = formatNumber(lang, perValidatorEth);
  if (max === 0) return t('stake.capacity.none', { amount });
  return t('stake.capacity.max', { count: max, amount, total: formatNumber(lang, max * perValidatorEth) });
}

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
  /** The most validators the wallet can pay for, when it cannot pay for the count. */
  capacity: number | null;
  amount: number | string;
  /** Continue is enabled. */
  allowed: boolean;
  /** While a stake is under way its progress takes the form's place. */
  hidden: boolean;
}) {
  const { count, withdrawal, confirmed } = flow;
  const tr = useT();
  const { t, message, lang } = tr;
  const perValidator = flow.amountEth ?? 32;
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
          label={t('stake.kind')}
          value={flow.kind}
          onChange={(v) => flow.setKind(v as ValidatorKind)}
        >
          <Stack gap="xs" mt="xs">
            {[...VALIDATOR_KINDS].reverse().map((k) => (
              <Radio
                key={k}
                value={k}
                label={message(validatorKindTexts[k].label)}
                description={message(validatorKindTexts[k].explained)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('stake.perValidator')}
          description={flow.kind === '0x02' ? t('stake.perValidator.0x02') : t('stake.perValidator.0x01')}
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
          error={message(amountError)}
        />
        <TextInput
          label={t('stake.count')}
          description={
            capacity === null
              ? t('stake.count.each', { amount: formatNumber(lang, perValidator) })
              : capacityText(tr, capacity, perValidator)
          }
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
          error={message(error)}
        />
        <TextInput label={t('stake.amount')} value={String(amount)} readOnly variant="filled" />
        <TextInput
          label={t('stake.withdrawal')}
          description={t('stake.withdrawalHint')}
          placeholder={ADDRESS_PLACEHOLDER}
          value={withdrawal}
          onChange={(e) => flow.editWithdrawal(e.currentTarget.value)}
          styles={addressInputStyles}
        />
        <Checkbox
          label={t('stake.withdrawalConfirm')}
          checked={confirmed}
          onChange={(e) => flow.setConfirmed(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button size="md" disabled={!allowed} onClick={() => void flow.onContinue()}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
