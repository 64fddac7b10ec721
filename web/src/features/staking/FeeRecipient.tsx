// A validator's fee recipient as the dashboard shows it: the short address, the full one in a
// tooltip and in `data-address` (where its fees and MEV are paid).
import { Text, Tooltip } from '@mantine/core';
import { feeRecipientOf } from './feeRecipient.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';
import { useT } from '../../i18n/useT.ts';

export function FeeRecipient({ v, fz = 'sm' }: { v: ValidatorRow; fz?: string }) {
  const { t } = useT();
  const address = feeRecipientOf(v);
  if (!address)
    return (
      <Text span fz={fz} c="dimmed" data-testid="validator-fee-recipient">
        -
      </Text>
    );
  return (
    <Tooltip label={t('dash.feeRecipient.tooltip', { address })} withArrow multiline maw={420}>
      <Text span ff="monospace" fz={fz} data-testid="validator-fee-recipient" data-address={address}>
        {shortKey(address, 6, 4)}
      </Text>
    </Tooltip>
  );
}
