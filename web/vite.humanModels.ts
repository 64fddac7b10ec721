// The liveness widget's files (issue 4): the human models it runs and the tfjs WebAssembly
// binaries, taken from the npm packages and served by payd itself at /human-models/ (the
// serviceBaseUrl CynopsisWs GetAccessToken returns), never from a CDN. The build copies them into
// dist/human-models/; the dev server serves them from node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
export const HUMAN_MODELS_PATH = '/human-models/';
/** The models of the checks the widget runs (face detector, mesh, anti-spoofing, liveness). */
const MODELS = ['blazeface', 'facemesh', 'antispoof', 'liveness'];
// The threaded build needs cross-origin isolation, which payd does not set up.
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

function files(): Map<string, string> {
  // human's "exports" map has no ./package.json entry: its main file is found, then ../models.
  const modelDir = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const map = new Map<string, string>();
  for (const m of MODELS) {
    map.set(`${m}.json`, join(modelDir, `${m}.json`));
    map.set(`${m}.bin`, join(modelDir, `${m}.bin`));
  }
  for (const w of WASM) map.set(w, join(wasmDir, w));
  return map;
}

export function humanModels(): Plugin {
  return {
    name: 'payd-human-models',
    configureServer(server) {
      const map = files();
      server.middlewares.use(HUMAN_MODELS_PATH, (req, res, next) => {
        const file = map.get((req.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '');
        if (!file) return next();
        const type = file.endsWith('.json')
          ? 'application/json'
          : file.endsWith('.wasm')
            ? 'application/wasm'
            : 'application/octet-stream';
        res.setHeader('content-type', type);
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, file] of files())
        this.emitFile({ type: 'asset', fileName: `human-models/${name}`, source: readFileSync(file) });
    },
  };
}
