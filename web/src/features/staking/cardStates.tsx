// What a dashboard card shows while it loads and when it has nothing to list.
import { Center, Loader, Text } from '@mantine/core';
import { useT } from '../../i18n/useT.ts';

export function Loading() {
  const { t } = useT();
  return (
    <Center py="md">
      <Loader size="sm" role="status" aria-label={t('common.loading')} />
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
