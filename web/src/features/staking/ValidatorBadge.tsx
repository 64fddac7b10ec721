// A validator's status as a coloured badge (the dashboard's and the manage screen's lists).
import { Badge } from '@mantine/core';
import { code, validatorBadgeColor, validatorStatusText, type ValidatorRow } from './validatorsRules.ts';

export function ValidatorBadge({ v, size }: { v: ValidatorRow; size?: 'sm' | 'md' }) {
  return (
    <Badge color={validatorBadgeColor(code(v))} variant="light" size={size} data-testid="validator-status">
      {validatorStatusText(v)}
    </Badge>
  );
}
