// /stakeOption (spec 001 sections 1-2): 'What do you want to do today?' with the spec's two
// choices. The individual option (default) continues to /stakeETH; the business option, delegating
// staking a customer already runs, continues to /dashboard as the spec says. payd never takes a
// customer's keys, so that hand-over is arranged with support, and the hint says so rather than
// promising an automatic transfer.
import { Button, Center, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT.ts';

export const StakeOptions = {
  title: 'What do you want to do today?',
  individual: 'I want to stake ETH using the payd services',
  individualHint:
    'Create new validators: compounding (0x02) with 32 to 2048 ETH each, or 0x01 with 32 ETH, deposited from your wallet. You keep the keys.',
  business: 'I want to delegate my existing ETH staking services to payd',
  businessHint:
    'You already run validators. Continue to your dashboard; to hand their running over to payd, write to us through Contact support. Your keys and withdrawal address stay yours.',
} as const;

type StakeChoice = 'individual' | 'business';

/** Where each choice continues (spec 001 section 2). */
export const stakeOptionTarget: Record<StakeChoice, string> = {
  individual: '/stakeETH',
  business: '/dashboard',
};

export function StakeOptionPage() {
  const navigate = useNavigate();
  const { t, message } = useT();
  const [choice, setChoice] = useState<StakeChoice>('individual');
  return (
    <Center p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={640} w="100%">
        <Stack gap="lg">
          <Title order={1} fz={26}>
            {message(StakeOptions.title)}
          </Title>
          <Radio.Group
            value={choice}
            onChange={(v) => setChoice(v === 'business' ? 'business' : 'individual')}
            aria-label={message(StakeOptions.title)}
          >
            <Stack gap="sm">
              {(
                [
                  ['individual', StakeOptions.individual, StakeOptions.individualHint],
                  ['business', StakeOptions.business, StakeOptions.businessHint],
                ] as const
              ).map(([value, label, hint]) => (
                <Radio.Card key={value} value={value} p="md" radius="md" aria-label={message(label)}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{message(label)}</Text>
                      <Text fz="sm" c="dimmed">
                        {message(hint)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button size="md" onClick={() => void navigate(stakeOptionTarget[choice])}>
              {t('common.continue')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
