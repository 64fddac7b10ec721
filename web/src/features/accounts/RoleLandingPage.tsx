// Landing pages of the roles (spec 002 section 6): /borrower, /guarantor, /lender, with the
// onboarding steps as they stand (landing.ts): a done step shows as done, the next one is
// the call to action.
import {
  Badge,
  Button,
  Container,
  Flex,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { onboardingSteps, type OnboardingStep } from './landing.ts';
import { useSession } from '../../shell/session/session.tsx';
import { useCustomerProgress } from './useCustomerProgress.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

/** Each role page's name and what it offers (message ids). */
const roleText: Record<string, { title: string; blurb: string }> = {
  '/borrower': { title: 'account.role.borrower', blurb: 'account.role.borrowerText' },
  '/guarantor': { title: 'account.role.guarantor', blurb: 'account.role.guarantorText' },
  '/lender': { title: 'account.role.lender', blurb: 'account.role.lenderText' },
};

export function RoleLandingPage() {
  // The steps' words come from landing.ts in English (its tests read them): shown translated.
  const { t, message } = useT();
  const { pathname } = useLocation();
  const { user } = useSession();
  const role = roleText[pathname] ?? roleText['/borrower']!;
  const { isPending, progress } = useCustomerProgress();
  // When the progress cannot be read, the steps show as if nothing were done yet.
  const steps = onboardingSteps(
    progress ?? { person: null, corporate: null, walletCodes: [], kycOnly: false },
    {
      passkeys: user?.passkeys ?? 0,
      wallets: user?.wallets.length ?? 0,
    },
  );
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Group gap="xs">
            <Title order={1} fz={28}>
              {t('account.landing.welcome')}
            </Title>
            <Badge variant="light" size="lg">
              {t(role.title)}
            </Badge>
          </Group>
          <Text c="dimmed" mt={4}>
            <Tagged
              id="account.landing.signedInAs"
              values={{ name: user?.UsrName ?? '', roleText: t(role.blurb) }}
              tags={{ b: (text) => <b>{text}</b> }}
            />
          </Text>
        </div>
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} fz="lg">
              {t(
                steps.every((s) => s.state === 'done')
                  ? 'account.landing.allSet'
                  : 'account.landing.nextSteps',
              )}
            </Title>
            {isPending && <Loader size="xs" role="status" aria-label={t('account.landing.loading')} />}
          </Group>
          {steps.map((s) => (
            <Paper
              key={s.n}
              withBorder
              p="md"
              aria-label={t('account.landing.step', { n: s.n, title: message(s.title) })}
              role="group"
            >
              {/* On a phone the button goes under the text, which keeps the width of the card. */}
              <Flex
                direction={{ base: 'column', xs: 'row' }}
                justify="space-between"
                align={{ base: 'flex-start', xs: 'center' }}
                gap="sm"
              >
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon
                    radius="xl"
                    size={32}
                    variant={s.state === 'done' ? 'filled' : 'light'}
                    color={s.state === 'done' ? 'teal' : undefined}
                  >
                    {s.state === 'done' ? <span aria-hidden>✓</span> : s.n}
                  </ThemeIcon>
                  <div>
                    <Group gap={6}>
                      <Text fw={600}>{message(s.title)}</Text>
                      <StepBadge state={s.state} />
                    </Group>
                    <Text fz="sm" c="dimmed">
                      {message(s.text)}
                    </Text>
                  </div>
                </Group>
                <Button
                  component={Link}
                  to={s.to}
                  variant={s.state === 'next' ? 'filled' : s.state === 'done' ? 'subtle' : 'light'}
                  disabled={s.locked}
                  style={{ flexShrink: 0 }}
                  ml={{ base: 48, xs: 0 }}
                >
                  {message(s.cta)}
                </Button>
              </Flex>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}

function StepBadge({ state }: { state: OnboardingStep['state'] }) {
  const { t } = useT();
  if (state === 'done')
    return (
      <Badge color="teal" variant="light" size="sm">
        {t('account.landing.done')}
      </Badge>
    );
  if (state === 'waiting')
    return (
      <Badge color="yellow" variant="light" size="sm">
        {t('account.landing.inProgress')}
      </Badge>
    );
  return null;
}
