// The page loader of the app shell: what a page shows while its code or first data loads.
import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
