// The strength meter of spec 002 section 5: the score as a bar, coloured by band.
import { Group, Progress, Text } from '@mantine/core';
import { strengthView } from './strengthMeter.ts';
import { useT } from '../../i18n/useT.ts';

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useT();
  const view = strengthView(password);
  return (
    <div>
      <Progress value={view.score} color={view.color} size="sm" aria-label={t('strength.label')} />
      <Group justify="space-between" mt={4}>
        <Text fz="xs" c="dimmed">
          {t('strength.label')}
        </Text>
        <Text fz="xs" fw={600} c={view.color} data-testid="strength-band">
          {view.label && t(`strength.${view.label}`)}
        </Text>
      </Group>
    </div>
  );
}
