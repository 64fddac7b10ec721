// The identity and liveness provider behind CynopsisWs (spec 002: GetAccessToken, FaceCompare,
// DocOCR and the liveness widget's session). payd ships one provider, the embedded one
// (livenessHuman.ts: @vladmandic/human on the tfjs wasm backend, models from the npm package);
// a hosted provider plugs in by implementing this interface. See LIVENESS.md.

/** A decoded picture: RGB bytes, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  /** width * height * 3 bytes. */
  data: Uint8Array;
}

/** One face a provider found in a picture. */
export interface FaceFinding {
  /** Detector confidence 0..1. */
  score: number;
  /** Anti-spoofing: 0..1, high when the face is a real face rather than a photo of one or a mask. */
  real: number;
  /** Liveness: 0..1, high when the face looks like a live person. */
  live: number;
  /** [x, y, width, height] in pixels. */
  box: [number, number, number, number];
}

export interface FaceMatch {
  /** 0..1, 1 for the same picture. */
  similarity: number;
  selfieFaces: number;
  documentFaces: number;
}

export interface LivenessProvider {
  /** Short name stored with each session ('embedded'). */
  readonly name: string;
  /** Where the browser widget of this provider loads its files (the spec's serviceBaseUrl). */
  readonly serviceBaseUrl: string;
  /** Faces in a picture, with the anti-spoofing and liveness scores of each. */
  findFaces(image: RgbImage): Promise<FaceFinding[]>;
  /** Compares the largest face of a selfie with the largest face of an ID document picture. */
  compareFaces(selfie: RgbImage, document: RgbImage): Promise<FaceMatch>;
}

/** What a selfie must show to pass (the browser widget uses the same numbers). */
export const LIVENESS_RULES = {
  /** Detector confidence of the face. */
  minScore: 0.6,
  /** Anti-spoofing score. */
  minReal: 0.5,
  /** Liveness score. */
  minLive: 0.5,
  /** Smallest face, as a share of the picture's shorter side. */
  minFaceShare: 0.15,
  /** Face similarity from which FaceCompare reports a match. */
  minSimilarity: 0.7,
} as const;

export type LivenessVerdict =
  { passed: true; face: FaceFinding } | { passed: false; reason: string; face?: FaceFinding };

/** The server's verdict on the faces found in a selfie. */
export function livenessVerdict(
  faces: FaceFinding[],
  image: { width: number; height: number },
): LivenessVerdict {
  const found = faces.filter((f) => f.score >= LIVENESS_RULES.minScore);
  if (found.length === 0) return { passed: false, reason: 'No face was found in the picture.' };
  if (found.length > 1) return { passed: false, reason: 'More than one face was found in the picture.' };
  const face = found[0]!;
  const shorter = Math.min(image.width, image.height);
  if (Math.min(face.box[2], face.box[3]) < shorter * LIVENESS_RULES.minFaceShare)
    return { passed: false, reason: 'The face is too small: please come closer to the camera.', face };
  if (face.real < LIVENESS_RULES.minReal)
    return {
      passed: false,
      reason: 'The picture looked like a photo or a screen rather than a person in front of the camera.',
      face,
    };
  if (face.live < LIVENESS_RULES.minLive)
    return {
      passed: false,
      reason: 'We could not confirm that a live person is in front of the camera.',
      face,
    };
  return { passed: true, face };
}
