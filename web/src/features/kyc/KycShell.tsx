// Shared layout of the customer KYC pages: a centered card with the step title and a spinner.
import { Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function KycPage({
  title,
  subtitle,
  children,
  size = 'sm',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container size={size} py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" mt={6}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

export function KycSpinner() {
  return (
    <Center py={80} aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
