// The embedded liveness provider: @vladmandic/human in Node on the tfjs WebAssembly backend, with
// the models and wasm binaries that ship in the npm packages (no network). Loaded on first use,
// one picture at a time. `createHumanProvider` runs it in a worker thread (livenessWorker.ts), so
// that a check (about 0.3 s of CPU) never stalls the server's event loop.
import { humanConfig } from '@payd/schemas';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FaceFinding, FaceMatch, LivenessProvider, RgbImage } from './livenessProvider.ts';

const require = createRequire(import.meta.url);

/** The browser widget's files (models and tfjs wasm), copied into the web build by web/vite.config.ts. */
export const EMBEDDED_SERVICE_BASE_URL = '/human-models/';

/* Human's own types are large; this is the part payd uses. */
interface HumanFace {
  score: number;
  real?: number;
  live?: number;
  box: [number, number, number, number];
  embedding?: number[];
}
interface HumanTensor {
  dispose(): void;
}
interface HumanInstance {
  tf: {
    tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): HumanTensor;
    io: { registerLoadRouter(router: (url: unknown) => unknown): void };
    getBackend(): string;
  };
  load(): Promise<void>;
  detect(input: HumanTensor): Promise<{ face: HumanFace[] }>;
  match: { similarity(a: number[], b: number[]): number };
}

/** tfjs without tfjs-node cannot read file:// models; this reads them from the package folder. */
function fileModelLoader(url: unknown) {
  const u = Array.isArray(url) ? (url[0] as unknown) : url;
  if (typeof u !== 'string' || !u.startsWith('file://')) return null;
  return {
    load: async () => {
      const file = fileURLToPath(u);
      const json = JSON.parse(readFileSync(file, 'utf8')) as {
        modelTopology: unknown;
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: unknown;
        userDefinedMetadata?: unknown;
        weightsManifest: { paths: string[]; weights: unknown[] }[];
      };
      const weights = Buffer.concat(
        json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(join(dirname(file), p)))),
      );
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

/** Folders of the human models and the tfjs wasm binaries inside node_modules. */
export function humanPaths(): { humanMain: string; modelDir: string; wasmDir: string } {
  // The package's "exports" map has no node-wasm entry, so it is reached by path from the main file.
  const main = require.resolve('@vladmandic/human');
  const humanMain = join(dirname(main), 'human.node-wasm.js');
  return {
    humanMain,
    modelDir: join(dirname(main), '..', 'models'),
    wasmDir: dirname(require.resolve('@tensorflow/tfjs-backend-wasm')),
  };
}

/** The provider on this thread (what the worker of `createHumanProvider` runs). */
export function createInProcessHumanProvider(): LivenessProvider {
  let loading: Promise<HumanInstance> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  function human(): Promise<HumanInstance> {
    loading ??= (async () => {
      const paths = humanPaths();
      const { Human } = require(paths.humanMain) as {
        Human: new (config: unknown) => HumanInstance;
      };
      const instance = new Human(
        humanConfig({
          modelBasePath: pathToFileURL(paths.modelDir).href + '/',
          wasmPath: paths.wasmDir + '/',
          async: false,
          description: true,
        }),
      );
      instance.tf.io.registerLoadRouter(fileModelLoader);
      await instance.load();
      return instance;
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  }

  /** Runs `work` after every earlier one: one picture at a time. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

  async function detect(image: RgbImage): Promise<HumanFace[]> {
    const h = await human();
    return serial(async () => {
      const tensor = h.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
      try {
        return (await h.detect(tensor)).face;
      } finally {
        tensor.dispose();
      }
    });
  }

  const toFinding = (f: HumanFace): FaceFinding => ({
    score: f.score,
    real: f.real ?? 0,
    live: f.live ?? 0,
    box: f.box,
  });
  const largest = (faces: HumanFace[]) =>
    faces
      .filter((f) => f.embedding && f.embedding.length > 0)
      .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];

  return {
    name: 'embedded',
    serviceBaseUrl: EMBEDDED_SERVICE_BASE_URL,
    async findFaces(image) {
      return (await detect(image)).map(toFinding);
    },
    async compareFaces(selfie, document): Promise<FaceMatch> {
      const a = await detect(selfie);
      const b = await detect(document);
      const fa = largest(a);
      const fb = largest(b);
      const h = await human();
      const similarity = fa && fb ? h.match.similarity(fa.embedding!, fb.embedding!) : 0;
      return { similarity, selfieFaces: a.length, documentFaces: b.length };
    },
  };
}

type WorkerReply = { id: number; result?: unknown; error?: string };

/** The embedded provider in a worker thread (started on first use, restarted after a crash). */
export function createHumanProvider(): LivenessProvider {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  function failAll(error: Error) {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = undefined;
  }

  function thread(): Worker {
    if (worker) return worker;
    // TypeScript runs through tsx, in the worker as in the server: the worker registers it first
    // (`--import tsx` in a worker's execArgv is not applied to its entry on Node 20).
    // (Its ESM build: the CommonJS one cannot register hooks from a worker.)
    const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const entry = new URL('./livenessWorker.ts', import.meta.url).href;
    const w = new Worker(
      `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true },
    );
    w.unref();
    w.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.error !== undefined) p.reject(new Error(reply.error));
      else p.resolve(reply.result);
    });
    w.on('error', (error) => failAll(error instanceof Error ? error : new Error(String(error))));
    w.on('exit', (code) => failAll(new Error(`liveness worker stopped (${code})`)));
    worker = w;
    return w;
  }

  function ask<T>(op: 'findFaces' | 'compareFaces', images: RgbImage[]): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      thread().postMessage({ id, op, images });
    });
  }

  return {
    name: 'embedded',
    serviceBaseUrl: EMBEDDED_SERVICE_BASE_URL,
    findFaces: (image) => ask<FaceFinding[]>('findFaces', [image]),
    compareFaces: (selfie, document) => ask<FaceMatch>('compareFaces', [selfie, document]),
  };
}
