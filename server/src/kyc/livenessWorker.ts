// Worker thread of the embedded liveness provider (livenessHuman.ts createHumanProvider): runs
// human on the pictures the server sends and answers with the findings or the error text.
import { parentPort } from 'node:worker_threads';
import { createInProcessHumanProvider } from './livenessHuman.ts';
import type { RgbImage } from './livenessProvider.ts';

const provider = createInProcessHumanProvider();

parentPort?.on('message', (message: { id: number; op: 'findFaces' | 'compareFaces'; images: RgbImage[] }) => {
  const { id, op, images } = message;
  const work =
    op === 'findFaces' ? provider.findFaces(images[0]!) : provider.compareFaces(images[0]!, images[1]!);
  work.then(
    (result) => parentPort!.postMessage({ id, result }),
    (error: unknown) =>
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
