// The strength meter of spec 002 section 5: the score, coloured by band.
import { Group, Progress, Text } from '@mantine/core';
import { passwordStrength, strengthBand, type StrengthBand } from '@payd/schemas';

const bandColor: Record<StrengthBand, string> = {
  none: 'gray',
  Weak: 'red',
  Normal: 'orange',
  Good: 'yellow',
  Strong: 'teal',
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordStrength(password);
  const band = strengthBand(score);
  return (
    <div>
      <Progress value={score} color={bandColor[band]} size="sm" aria-label="Password strength" />
      <Group justify="space-between" mt={4}>
        <Text fz="xs" c="dimmed">
          Password strength
        </Text>
        <Text fz="xs" fw={600} c={bandColor[band]} data-testid="strength-band">
          {band === 'none' ? '' : band}
        </Text>
      </Group>
    </div>
  );
}
