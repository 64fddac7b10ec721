// The Max button inside an amount field of the lending forms (issue 27 item 10): fills in the
// largest amount that can be sent, which @payd/protocol's max rules give (maxEthDeposit, maxRepay).
import { Button } from '@mantine/core';
import type { Decimal } from '@payd/protocol';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';

export function MaxButton({
  what,
  value,
  onFill,
}: {
  /** What is filled in, for the button's name ('Max collateral'): the message lending.max.<what>. */
  what: 'collateral' | 'repayment' | 'deposit' | 'withdrawal' | 'redemption';
  value: Decimal;
  onFill: (text: string) => void;
}) {
  const { t } = useT();
  return (
    <Button
      size="compact-xs"
      variant="light"
      aria-label={t(`lending.max.${what}`)}
      disabled={value.isZero}
      onClick={() => onFill(value.toString())}
    >
      {t('lending.max')}
    </Button>
  );
}

/** The TextInput props that put a Max button at the field's right. */
export const maxSection = (button: ReactNode) => ({ rightSection: button, rightSectionWidth: 56 });
