// The embedded liveness widget's engine: @vladmandic/human in the page (tfjs wasm backend, the
// same models the server runs), loaded from payd's own /human-models/ (serviceBaseUrl), never
// from the network. Imported only by LivenessPage, so human loads on /liveness alone.
import { humanConfig } from '@payd/schemas';
import {
  CAMERA_CONSTRAINTS,
  PREVIEW_SIZE,
  judgeFrame,
  previewCrop,
  type SeenFace,
  type ServerRules,
} from './livenessRules.ts';

interface HumanLike {
  load(): Promise<void>;
  detect(input: HTMLCanvasElement): Promise<{ face: SeenFace[] }>;
}

let humanPromise: Promise<HumanLike> | undefined;

/** Loads human and its models from `baseUrl` (once per page). */
export function loadHuman(baseUrl: string): Promise<HumanLike> {
  humanPromise ??= (async () => {
    const { Human } = (await import('@vladmandic/human')) as unknown as {
      Human: new (config: unknown) => HumanLike;
    };
    // The same settings as the server's re-check of the selfie.
    const human = new Human(
      humanConfig({ modelBasePath: baseUrl, wasmPath: baseUrl, async: true, description: false }),
    );
    await human.load();
    return human;
  })();
  humanPromise.catch(() => {
    humanPromise = undefined;
  });
  return humanPromise;
}

/** Starts the camera (1280x720, facing the user) into `video`. */
export async function startCamera(video: HTMLVideoElement): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here.');
  const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  if (!video.videoWidth) {
    await new Promise<void>((resolve) =>
      video.addEventListener('loadeddata', () => resolve(), { once: true }),
    );
  }
  return stream;
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export interface Capture {
  /** The frame as JPEG, base64 without the data: prefix. */
  base64: string;
  /** The 100x100 preview as a data URL. */
  preview: string;
}

/**
 * Looks at camera frames until one shows a single live face (then returns it) or `deadline`
 * passes (then null). `onHint` gets what to tell the person about the last frame.
 */
export async function scanForFace(
  human: HumanLike,
  video: HTMLVideoElement,
  rules: ServerRules,
  deadline: number,
  onHint: (hint: string) => void,
  cancelled: () => boolean,
): Promise<Capture | null> {
  const frame = document.createElement('canvas');
  while (Date.now() < deadline && !cancelled()) {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (width && height) {
      frame.width = width;
      frame.height = height;
      frame.getContext('2d')!.drawImage(video, 0, 0, width, height);
      const result = await human.detect(frame);
      const verdict = judgeFrame(result.face, { width, height }, rules);
      if (verdict.ok) return capture(frame, verdict.face);
      onHint(verdict.hint);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return null;
}

async function capture(frame: HTMLCanvasElement, face: SeenFace): Promise<Capture> {
  const blob = await new Promise<Blob>((resolve, reject) =>
    frame.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The picture could not be taken.'))),
      'image/jpeg',
      0.9,
    ),
  );
  const base64 = await blobBase64(blob);
  const crop = previewCrop(face.box, frame);
  const small = document.createElement('canvas');
  small.width = PREVIEW_SIZE;
  small.height = PREVIEW_SIZE;
  small
    .getContext('2d')!
    .drawImage(frame, crop.x, crop.y, crop.size, crop.size, 0, 0, PREVIEW_SIZE, PREVIEW_SIZE);
  return { base64, preview: small.toDataURL('image/jpeg', 0.9) };
}

function blobBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}
