// The strength meter of spec 002 section 5: the score as a bar, coloured by band.
import { Group, Progress, Text } from '@mantine/core';
import { strengthView } from './strengthMeter.ts';

export function PasswordStrengthMeter({ password }: { password: string }) {
  const view = strengthView(password);
  return (
    <div>
      <Progress value={view.score} color={view.color} size="sm" aria-label="Password strength" />
      <Group justify="space-between" mt={4}>
        <Text fz="xs" c="dimmed">
          Password strength
        </Text>
        <Text fz="xs" fw={600} c={view.color} data-testid="strength-band">
          {view.label}
        </Text>
      </Group>
    </div>
  );
}
