// /stakeOption (spec 001 sections 1-2): 'What do you want to do today?'. The individual option
// continues to /stakeETH. The spec's second option, delegating existing staking services to
// payd, is not offered: the spec defines no delegation flow (its 'business' option only went to
// /dashboard), so offering it would promise what does not happen (issue 17).
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

export const StakeOptions = {
  title: 'What do you want to do today?',
  individual: 'I want to stake ETH using the payd services',
  individualHint: 'Create new validators: 32 ETH each, deposited from your wallet. You keep the keys.',
} as const;

export function StakeOptionPage() {
  const navigate = useNavigate();
  return (
    <Center p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={640} w="100%">
        <Stack gap="lg">
          <Title order={1} fz={26}>
            {StakeOptions.title}
          </Title>
          <Paper withBorder radius="md" p="md" aria-label={StakeOptions.individual} role="group">
            <Text fw={600}>{StakeOptions.individual}</Text>
            <Text fz="sm" c="dimmed">
              {StakeOptions.individualHint}
            </Text>
          </Paper>
          <Group justify="flex-end">
            <Button size="md" onClick={() => void navigate('/stakeETH')}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
