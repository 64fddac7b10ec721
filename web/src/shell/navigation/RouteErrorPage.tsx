// The /error page, the not-found page and the router's error boundary.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../../i18n/useT.ts';

function Message({ title, text }: { title: string; text: string }) {
  const { t } = useT();
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm">
          <Title order={2}>{title}</Title>
          <Text c="dimmed" ta="center">
            {text}
          </Text>
          <Button component={Link} to="/" mt="sm">
            {t('shell.goToStart')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function ErrorPage() {
  const { t } = useT();
  return <Message title={t('shell.error.title')} text={t('shell.error.text')} />;
}

export function NotFoundPage() {
  const { t } = useT();
  return <Message title={t('shell.notFound.title')} text={t('shell.notFound.text')} />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { t, message } = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const text = error instanceof Error ? message(error.message) : t('shell.error.text');
  return <Message title={t('shell.error.title')} text={text} />;
}
