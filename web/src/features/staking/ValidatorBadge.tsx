// A validator's status as a coloured badge (the dashboard's and the manage screen's lists).
import { Badge } from '@mantine/core';
import { code, validatorBadgeColor, type ValidatorRow } from './validatorsRules.ts';
import { validatorStatusWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';

export function ValidatorBadge({ v, size }: { v: ValidatorRow; size?: 'sm' | 'md' }) {
  const tr = useT();
  return (
    <Badge color={validatorBadgeColor(code(v))} variant="light" size={size} data-testid="validator-status">
      {validatorStatusWords(tr, v)}
    </Badge>
  );
}
