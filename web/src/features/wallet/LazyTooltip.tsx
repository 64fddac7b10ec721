// Mantine's Tooltip, loaded just after the wallet header shows: it brings floating-ui (about
// 15 kB gzipped) that no page behind the wallet gate needs for its first paint. Until it has
// loaded, the child shows on its own (a label only appears on hover anyway).
import { lazy, Suspense, type ComponentProps } from 'react';
import type { Tooltip } from '@mantine/core';

const LoadedTooltip = lazy(() => import('./tooltipModule.ts'));

export function LazyTooltip(props: ComponentProps<typeof Tooltip>) {
  return (
    <Suspense fallback={props.children}>
      <LoadedTooltip {...props} />
    </Suspense>
  );
}
