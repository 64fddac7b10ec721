// /terms (public): payd's terms of service, linked from sign-up's agree-to-terms checkbox. Short,
// in plain words, and first what the customer keeps: payd is non-custodial, so the keys, the 24
// words and the withdrawal address are the customer's, before, during and after the service.
import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const TERMS_UPDATED = '28 November 2026';

/** What stays the customer's, whatever happens to their account or to payd. */
export const youKeep = [
  {
    title: 'Your wallet and its keys',
    text: 'payd never holds or asks for the private key or recovery phrase of your wallet. Every deposit, payment and withdrawal is a transaction you sign in your own wallet.',
  },
  {
    title: 'Your 24 words',
    text: 'The 24-word mnemonic your validator keys come from is yours, and so are the keys. Reveal it, write it down and keep it offline: with it you can run or exit your validators without payd, whatever happens to your account or to payd.',
  },
  {
    title: 'Your withdrawal address',
    text: 'The withdrawal address you confirm when you stake is written into each deposit on chain. payd cannot change it: your staked ETH and its rewards can only ever be paid to that address.',
  },
] as const;

const sections: readonly { title: string; points: readonly string[] }[] = [
  {
    title: 'The service',
    points: [
      'payd creates and runs Ethereum validators for the ETH you stake (32 ETH each) and shows you their rewards, and offers lending and borrowing through the payd protocol’s smart contracts.',
      'You use payd only after identity checks (KYC), and not from a region where the service is restricted.',
    ],
  },
  {
    title: 'Fees and credits',
    points: [
      'Each active validator is charged a daily fee from your prepaid credits, at the prices on the Pricing page.',
      'Prepaid credits are not refundable.',
      'When your credits can no longer pay the daily fee, we warn you and give notice; if you do not top up, your validators are exited and their ETH is paid to your withdrawal address.',
    ],
  },
  {
    title: 'Risks',
    points: [
      'Staking has risks payd cannot remove: penalties for a validator that is offline, slashing, and withdrawals and exits that take days in the network’s queues.',
      'Rewards are not guaranteed and prices of ETH, FTX and PAYD change. Lending positions can be liquidated when their collateral falls below the protocol’s required ratio.',
      'Transactions on chain cannot be reversed, by you or by payd.',
    ],
  },
  {
    title: 'Your account',
    points: [
      'Keep your sign-in details to yourself; we never ask for your password, your wallet’s recovery phrase or your 24 words by e-mail or chat.',
      'We may terminate an account that breaks these terms or the law. Termination exits its validators; their ETH is paid to your withdrawal address.',
      'We may change these terms; the date at the top says when they last changed.',
    ],
  },
];

export function TermsPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            payd terms of service
          </Title>
          <Text c="dimmed" size="sm">
            Last updated {TERMS_UPDATED}
          </Text>
        </div>
        <Paper withBorder radius="md" p="lg" role="region" aria-label="What you keep">
          <Title order={2} fz={20} mb="sm">
            What you keep
          </Title>
          <Text size="sm" mb="sm">
            payd is non-custodial: what gives control over your ETH stays with you.
          </Text>
          <List spacing="sm">
            {youKeep.map((k) => (
              <List.Item key={k.title}>
                <Text size="sm">
                  <b>{k.title}.</b> {k.text}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title}>
            <Title order={2} fz={20} mb="xs">
              {s.title}
            </Title>
            <List spacing="xs">
              {s.points.map((p) => (
                <List.Item key={p}>
                  <Text size="sm">{p}</Text>
                </List.Item>
              ))}
            </List>
          </section>
        ))}
        <Text size="sm">
          Questions: write to us through Contact support once signed in, or see{' '}
          <Anchor component={Link} to="/Pricing">
            Pricing
          </Anchor>{' '}
          for the fees.
        </Text>
      </Stack>
    </Container>
  );
}
