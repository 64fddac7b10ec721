// The @vladmandic/human settings of the liveness check, one set for the browser's live check and
// the server's re-check of the uploaded selfie, so both judge a picture with the same detector,
// anti-spoofing and liveness models. Only where the models and wasm files come from differs, plus
// the face description (embeddings) the server needs for FaceCompare.

/** Every picture is judged on its own: no face tracking or results reused from earlier ones. */
const fresh = { skipFrames: 0, skipTime: 0 };

export interface HumanConfigOptions {
  /** Folder (URL, ending in '/') of the models. */
  modelBasePath: string;
  /** Folder (ending in '/') of tfjs's wasm files. */
  wasmPath: string;
  /** Run detection asynchronously (the browser, so the page stays responsive). */
  async: boolean;
  /** Compute face descriptions (embeddings) for FaceCompare. */
  description: boolean;
}

export function humanConfig(o: HumanConfigOptions) {
  return {
    backend: 'wasm',
    modelBasePath: o.modelBasePath,
    wasmPath: o.wasmPath,
    debug: false,
    async: o.async,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 5, minConfidence: 0.3, return: false, ...fresh },
      // Mesh refines the face box the anti-spoofing models look at, so it is on for both.
      mesh: { enabled: true, ...fresh },
      iris: { enabled: false },
      attention: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: o.description, ...fresh },
      antispoof: { enabled: true, ...fresh },
      liveness: { enabled: true, ...fresh },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}
