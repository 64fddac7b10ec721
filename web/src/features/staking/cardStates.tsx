// What a dashboard card shows while it loads and when it has nothing to list.
import { Center, Loader, Text } from '@mantine/core';

export function Loading() {
  return (
    <Center py="md">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="md">
      {text}
    </Text>
  );
}
