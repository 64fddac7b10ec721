// The page loader of the app shell: what a page shows while its code or first data loads.
import { Center, Loader } from '@mantine/core';
import { useT } from '../i18n/useT.ts';

export function PageLoader() {
  const { t } = useT();
  return (
    <Center mih="50vh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
