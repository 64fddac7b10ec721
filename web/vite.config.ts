// Vite build of the payd web app. The dev server proxies the API and dev endpoints to the payd
// server on :8080; the build writes dist/build-id.txt (and build.json) with the build id the server serves at /version.json.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { humanModels } from './vite.humanModels.ts';
import { catalogues } from './vite.catalogues.ts';
import { scrollAreaRefs, tableScrollContainerOnUse } from './vite.scrollAreaRefs.ts';

const buildId =
  process.env.PAYD_BUILD_ID ??
  `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`;

/** Emits dist/build.json ({ buildId }) so the server can tell browsers which build is current. */
function buildIdFile(): Plugin {
  return {
    name: 'payd-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId }) + '\n' });
      // The server reads this one (server/src/site/plugin.ts readBuildId).
      this.emitFile({ type: 'asset', fileName: 'build-id.txt', source: buildId + '\n' });
    },
  };
}

const api = process.env.PAYD_API ?? 'http://localhost:8080';

// react-router's exports map names only its development build (dev warnings and checks, 0.6 kB
// gzipped more on every page); the production build beside it has the same API. The build uses
// it; the dev server and the tests keep the development one and its warnings.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    buildIdFile(),
    humanModels(),
    catalogues(),
    scrollAreaRefs(),
    tableScrollContainerOnUse(),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Mantine's base (its core, hooks and the inputs, buttons and layout pieces nearly every page
        // shows) in one chunk: split by which lazy pages share them, they were some twenty chunks of
        // 0.2-3 kB on every page (/login 43 files), each with its own import glue and gzip
        // dictionary. One chunk: /login 150.2 -> 148.0 kB gzipped in 21 files, every other first
        // page 2-12 kB lighter (bench/README.md 'Bundle size'). Listed by folder: a barrel would
        // capture all of @mantine/core.
        codeSplitting: {
          groups: [
            {
              name: 'mantine-base',
              test: /@mantine[\\/](core[\\/]esm[\\/](core|components[\\/](Transition|UnstyledButton|Loader|Center|CloseButton|Box|Input|InputBase|ActionIcon|Group|Divider|Anchor|TextInput|PasswordInput|Button|Text|Alert|Paper|Stack|Title))[\\/]|hooks[\\/](?!esm[\\/](use-drag|use-collapse|use-long-press|use-debounced-callback|use-debounced-value|use-focus-trap|use-focus-return|use-pagination|use-resize-observer|use-clipboard|use-mutation-observer)[\\/]))/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/webservices', '/config.json', '/deployment.json', '/version.json', '/altcha', '/dev'].map((p) => [
        p,
        { target: api },
      ]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      ['/webservices', '/config.json', '/deployment.json', '/version.json', '/altcha', '/dev'].map((p) => [
        p,
        { target: api },
      ]),
    ),
  },
}));
