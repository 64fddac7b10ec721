// A validator's wallet requests (issue 25): one button per request its row offers (offeredRequests),
// each opening its ValidatorRequestModal. For the manage page and the dashboard's validator rows.
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { ValidatorRequestKind } from '@payd/schemas';
import { useT } from '../../i18n/useT.ts';
import { offeredRequests } from './validatorRequestRules.ts';
import { ValidatorRequestModal } from './ValidatorRequestModal.tsx';
import type { ValidatorRow } from './validatorsRules.ts';

export function ValidatorRequestActions({
  validator,
  validators,
  onSent,
  size = 'xs',
}: {
  validator: ValidatorRow;
  /** Every validator of the customer: the consolidation's targets. */
  validators: readonly ValidatorRow[];
  onSent?: (hash: string) => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useT();
  const [open, setOpen] = useState<ValidatorRequestKind | null>(null);
  const offered = offeredRequests(validator);
  if (!offered.length) return null;
  return (
    <>
      <Group gap="xs" data-testid="validator-requests">
        {offered.map((kind) => (
          <Button
            key={kind}
            size={size}
            variant="light"
            color={kind === 'exit' ? 'red' : 'blue'}
            onClick={() => setOpen(kind)}
          >
            {t(`manage.request.${kind}`)}
          </Button>
        ))}
      </Group>
      {open ? (
        <ValidatorRequestModal
          kind={open}
          opened
          validator={validator}
          validators={validators}
          onClose={() => setOpen(null)}
          onSent={onSent}
        />
      ) : null}
    </>
  );
}
