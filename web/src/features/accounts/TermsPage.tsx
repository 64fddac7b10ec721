// /terms (public): payd's terms of service, linked from sign-up's agree-to-terms checkbox. Short,
// in plain words, and first what the customer keeps: payd is non-custodial, so the keys, the 24
// words and the withdrawal address are the customer's, before, during and after the service.
// Every word comes from the catalogue (account.terms.*), the date as the language writes it.
import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@payd/i18n';
import { Link } from 'react-router';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

/** The day the terms last changed (UTC). */
export const TERMS_UPDATED = new Date('2026-11-28T00:00:00Z');

/** What stays the customer's, whatever happens to their account or to payd (message ids). */
export const youKeep = [
  { title: 'account.terms.keep.wallet', text: 'account.terms.keep.walletText' },
  { title: 'account.terms.keep.words', text: 'account.terms.keep.wordsText' },
  { title: 'account.terms.keep.address', text: 'account.terms.keep.addressText' },
] as const;

/** The sections after it: each title's id, and its points' ids `<title>.1`, `<title>.2` … */
const sections: readonly { title: string; points: number }[] = [
  { title: 'account.terms.service', points: 2 },
  { title: 'account.terms.fees', points: 3 },
  { title: 'account.terms.risks', points: 3 },
  { title: 'account.terms.account', points: 3 },
];

export function TermsPage() {
  const { t, lang } = useT();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {t('account.terms.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('account.terms.updated', { date: formatDate(lang, TERMS_UPDATED, { dateStyle: 'long' }) })}
          </Text>
        </div>
        <Paper withBorder radius="md" p="lg" role="region" aria-label={t('account.terms.keep')}>
          <Title order={2} fz={20} mb="sm">
            {t('account.terms.keep')}
          </Title>
          <Text size="sm" mb="sm">
            {t('account.terms.keepIntro')}
          </Text>
          <List spacing="sm">
            {youKeep.map((k) => (
              <List.Item key={k.title}>
                <Text size="sm">
                  <Tagged
                    id="account.terms.keepPoint"
                    values={{ title: t(k.title), text: t(k.text) }}
                    tags={{ b: (text) => <b>{text}</b> }}
                  />
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
        {sections.map((s) => (
          <section key={s.title} aria-label={t(s.title)}>
            <Title order={2} fz={20} mb="xs">
              {t(s.title)}
            </Title>
            <List spacing="xs">
              {Array.from({ length: s.points }, (_, i) => `${s.title}.${i + 1}`).map((p) => (
                <List.Item key={p}>
                  <Text size="sm">{t(p)}</Text>
                </List.Item>
              ))}
            </List>
          </section>
        ))}
        <Text size="sm">
          <Tagged
            id="account.terms.questions"
            tags={{
              pricing: (text) => (
                <Anchor component={Link} to="/Pricing">
                  {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      </Stack>
    </Container>
  );
}
