// A validator's kind (issue 25): 0x02 compounding or 0x01 regular, as a badge with a tooltip saying
// what the kind means; assistive technology reads the same sentence from a visually hidden text.
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { validatorKind } from './validatorBalances.ts';
import { useT } from '../../i18n/useT.ts';
import type { ValidatorRow } from './validatorsRules.ts';

export function KindBadge({ v, size = 'sm' }: { v: ValidatorRow; size?: 'sm' | 'md' }) {
  const kind = validatorKind(v);
  const { t } = useT();
  const description = t(`dash.kind.${kind}`);
  return (
    <>
      <Tooltip label={description} withArrow multiline maw={280}>
        <Badge
          color={kind === '0x02' ? 'indigo' : 'gray'}
          variant="outline"
          size={size}
          ff="monospace"
          tt="none"
          data-testid="validator-kind"
        >
          {kind}
        </Badge>
      </Tooltip>
      <VisuallyHidden data-testid="validator-kind-description">{description}</VisuallyHidden>
    </>
  );
}
