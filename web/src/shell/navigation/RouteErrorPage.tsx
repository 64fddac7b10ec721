// The /error page, the not-found page and the router's error boundary.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm">
          <Title order={2}>{title}</Title>
          <Text c="dimmed" ta="center">
            {text}
          </Text>
          <Button component={Link} to="/" mt="sm">
            Go to start page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function ErrorPage() {
  return <Message title="Something went wrong" text="An unexpected error occurred. Please try again." />;
}

export function NotFoundPage() {
  return <Message title="Page not found" text="The page you are looking for does not exist." />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const text = error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
  return <Message title="Something went wrong" text={text} />;
}
