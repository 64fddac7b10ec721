// Landing pages of the roles after sign-up (spec 002 section 6): /borrower, /guarantor, /lender.
import { Badge, Button, Container, Flex, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../auth/session.tsx';

const roleText: Record<string, { title: string; blurb: string }> = {
  '/borrower': {
    title: 'Borrower',
    blurb: 'Borrow PAYD against your ETH, and keep your collateral in your own wallet.',
  },
  '/guarantor': { title: 'Guarantor', blurb: 'Back positions with your ETH and earn from the rewards pool.' },
  '/lender': { title: 'Lender', blurb: 'Stake ETH with your own validators and earn staking rewards.' },
};

const steps = [
  {
    n: 1,
    title: 'Verify your identity',
    text: 'Tell us who you are: a few personal details, documents and a quick liveness test.',
    to: '/welcome',
    cta: 'Start KYC',
  },
  {
    n: 2,
    title: 'Connect your wallet',
    text: 'Connect the Ethereum wallet you will stake and borrow with.',
    to: '/accountStatus',
    cta: 'Connect wallet',
  },
  {
    n: 3,
    title: 'Secure your account',
    text: 'Add a passkey or link your wallet for password-free sign-in.',
    to: '/profile',
    cta: 'Security settings',
  },
];

export function RoleLandingPage() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const role = roleText[pathname] ?? roleText['/borrower']!;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Group gap="xs">
            <Title order={1} fz={28}>
              Welcome to payd
            </Title>
            <Badge variant="light" size="lg">
              {role.title}
            </Badge>
          </Group>
          <Text c="dimmed" mt={4}>
            You are signed in as <b>{user?.UsrName}</b>. {role.blurb}
          </Text>
        </div>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Next steps
          </Title>
          {steps.map((s) => (
            <Paper key={s.n} withBorder p="md">
              {/* On a phone the button goes under the text, which keeps the width of the card. */}
              <Flex
                direction={{ base: 'column', xs: 'row' }}
                justify="space-between"
                align={{ base: 'flex-start', xs: 'center' }}
                gap="sm"
              >
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon radius="xl" size={32} variant="light">
                    {s.n}
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{s.title}</Text>
                    <Text fz="sm" c="dimmed">
                      {s.text}
                    </Text>
                  </div>
                </Group>
                <Button
                  component={Link}
                  to={s.to}
                  variant={s.n === 1 ? 'filled' : 'light'}
                  style={{ flexShrink: 0 }}
                  ml={{ base: 48, xs: 0 }}
                >
                  {s.cta}
                </Button>
              </Flex>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
