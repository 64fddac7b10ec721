// The Max button inside an amount field of the lending forms (issue 27 item 10): fills in the
// largest amount that can be sent, which @payd/protocol's max rules give (maxEthDeposit, maxRepay).
import { Button } from '@mantine/core';
import type { Decimal } from '@payd/protocol';
import type { ReactNode } from 'react';

export function MaxButton({
  what,
  value,
  onFill,
}: {
  /** What is filled in, for the button's name: 'Max collateral'. */
  what: string;
  value: Decimal;
  onFill: (text: string) => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      aria-label={`Max ${what}`}
      disabled={value.isZero}
      onClick={() => onFill(value.toString())}
    >
      Max
    </Button>
  );
}

/** The TextInput props that put a Max button at the field's right. */
export const maxSection = (button: ReactNode) => ({ rightSection: button, rightSectionWidth: 56 });
