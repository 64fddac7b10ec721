// Mantine's ScrollArea (inside every Table, through its scroll container) imports one hook from
// @floating-ui/react, useMergeRefs, and with it the whole floating-ui chunk that Menu, Popover and
// Tooltip share: about 15 kB gzipped on any page with a table, before anything floats. The build
// gives ScrollArea the same hook made from @mantine/hooks' mergeRefs (callback refs and the cleanup
// functions React 19 lets them return) instead; every other importer keeps floating-ui.
import type { Plugin } from 'vite';

const ID = '\0payd-scroll-area-merge-refs';
const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;

export function scrollAreaRefs(): Plugin {
  return {
    name: 'payd-scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer) ? ID : undefined;
    },
    load(id) {
      if (id !== ID) return undefined;
      return [
        "import { useCallback } from 'react';",
        "import { mergeRefs } from '@mantine/hooks';",
        '/** One callback ref that sets every ref of `refs` (the list is the memo key, as in floating-ui). */',
        'export function useMergeRefs(refs) {',
        '  // eslint-disable-next-line react-hooks/exhaustive-deps',
        '  return useCallback(mergeRefs(...refs), refs);',
        '}',
      ].join('\n');
    },
  };
}

const LAZY_SCROLL_CONTAINER = '\0payd-table-scroll-container-on-use';
const TABLE = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/;

/**
 * Mantine's Table module imports its scroll container (and so ScrollArea, 5 kB gzipped) to hang it
 * on Table.ScrollContainer, though most tables (every lending page's) never use it. The build gives
 * Table a Table.ScrollContainer that loads the real one when it first renders (nothing shows in its
 * place meanwhile); pages with a plain Table no longer download ScrollArea.
 */
export function tableScrollContainerOnUse(): Plugin {
  let real: string | undefined;
  return {
    name: 'payd-table-scroll-container-on-use',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== './TableScrollContainer.mjs' || !importer || !TABLE.test(importer)) return undefined;
      real = (await this.resolve(source, importer, { skipSelf: true }))?.id;
      return real ? LAZY_SCROLL_CONTAINER : undefined;
    },
    load(id) {
      if (id !== LAZY_SCROLL_CONTAINER || !real) return undefined;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Loaded = lazy(() => import(${JSON.stringify(real)}).then((m) => ({ default: m.TableScrollContainer })));`,
        'export function TableScrollContainer(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Loaded, props));',
        '}',
      ].join('\n');
    },
  };
}
