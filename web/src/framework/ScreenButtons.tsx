// One toolbar of a master/detail screen's buttons (list, record or detail row), as the server's
// button settings and the flags allow.
import { Button, Group, Tooltip } from '@mantine/core';
import type { ShownButton } from './buttons.ts';
import type { ButtonType } from '@payd/schemas';

export interface ScreenButtonsProps {
  shown: ShownButton[];
  /** Accessible name of the toolbar. */
  label: string;
  saving: boolean;
  run: Record<ButtonType, () => void>;
  /** The screen handles DrillDown (otherwise its button is left out). */
  drillDown: boolean;
}

const isSave = (t: ButtonType) => t === 'Save' || t === 'SaveClose';

export function ScreenButtons({ shown, label, saving, run, drillDown }: ScreenButtonsProps) {
  if (shown.length === 0) return null;
  return (
    <Group gap="xs" role="toolbar" aria-label={label}>
      {shown
        .filter((b) => b.type !== 'DrillDown' || drillDown)
        .map((b) => (
          <Tooltip key={b.type} label={b.tooltip} disabled={!b.tooltip || b.tooltip === b.label}>
            <Button
              size="sm"
              variant={isSave(b.type) ? 'filled' : 'default'}
              color={b.type === 'Delete' || b.type === 'DelRow' ? 'red' : undefined}
              loading={saving && (isSave(b.type) || b.type === 'NewSaveDtl')}
              disabled={saving}
              onClick={run[b.type]}
            >
              {b.label}
            </Button>
          </Tooltip>
        ))}
    </Group>
  );
}
