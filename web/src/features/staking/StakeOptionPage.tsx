// /stakeOption (spec 001 sections 1-2): 'What do you want to do today?'. The individual option
// (default) continues to /stakeETH, the business option (delegating existing staking) to /dashboard.
import { Button, Center, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

export const StakeOptions = {
  title: 'What do you want to do today?',
  individual: 'I want to stake ETH using the payd services',
  individualHint: 'Create new validators: 32 ETH each, deposited from your wallet.',
  business: 'I want to delegate my existing ETH staking services to payd',
  businessHint: 'You already run validators and want payd to look after them.',
} as const;

export function StakeOptionPage() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<'individual' | 'business'>('individual');
  return (
    <Center p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={640} w="100%">
        <Stack gap="lg">
          <Title order={1} fz={26}>
            {StakeOptions.title}
          </Title>
          <Radio.Group
            value={choice}
            onChange={(v) => setChoice(v === 'business' ? 'business' : 'individual')}
            aria-label={StakeOptions.title}
          >
            <Stack gap="sm">
              {(
                [
                  ['individual', StakeOptions.individual, StakeOptions.individualHint],
                  ['business', StakeOptions.business, StakeOptions.businessHint],
                ] as const
              ).map(([value, label, hint]) => (
                <Radio.Card key={value} value={value} p="md" radius="md" aria-label={label}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{label}</Text>
                      <Text fz="sm" c="dimmed">
                        {hint}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button size="md" onClick={() => navigate(choice === 'business' ? '/dashboard' : '/stakeETH')}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
