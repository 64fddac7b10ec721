// Pure decisions of the liveness step (spec 002 section 4 /liveness, statuses of section 5): what
// the page offers for each status, which camera frame is good enough to send, and the preview crop.
// The server decides PASSED on its own (server/src/kyc/LIVENESS.md); the rules here only choose
// when to send a frame, with a small margin over the server's numbers so that what passes here
// passes there.
import type { Cynopsis, ReplyOf } from '@payd/schemas';

export const LIVENESS_STATUS = {
  ready: 'READY',
  initializing: 'Initializing...',
  passed: 'PASSED',
  failed: 'FAILED',
  error: 'ERROR',
} as const;
export type LivenessStatus = (typeof LIVENESS_STATUS)[keyof typeof LIVENESS_STATUS] | '';

/** Camera of the spec: 1280x720, facing the user. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
};
/** The selfie preview is 100x100 px. */
export const PREVIEW_SIZE = 100;
/** How long the page looks for a good frame before it says FAILED. */
export const SCAN_MS = 20_000;

/** The modal after 'I have an issue' (spec: 'Liveness Test Issue Email Sent'). */
export const ISSUE_MESSAGE =
  'Our support team has been informed and will reply to you within 7 days. Please note that your application cannot proceed until the liveness test is done.';
/** The note next to 'I have an issue'. */
export const ISSUE_NOTE =
  "If the test does not work for you, click 'I have an issue': our support team is informed and will reply to you within 7 days. Please note that your application cannot proceed until the liveness test is done.";

/** What the page shows for a status. */
export function livenessActions(status: LivenessStatus, starting: boolean) {
  const passed = status === LIVENESS_STATUS.passed;
  const troubled = status === LIVENESS_STATUS.failed || status === LIVENESS_STATUS.error;
  const busy = starting || status === LIVENESS_STATUS.initializing || status === LIVENESS_STATUS.ready;
  return {
    /** PASSED: 'Continue' appears and the start button disappears. */
    showContinue: passed,
    showStart: !passed,
    startDisabled: busy,
    /** ERROR or FAILED: 'OR' and 'I have an issue'. */
    showIssue: troubled && !starting,
  };
}

/** Numbers the server judges a selfie by (GetAccessToken returns them as `rules`). */
export type ServerRules = Pick<
  ReplyOf<typeof Cynopsis.GetAccessToken>['rules'],
  'minScore' | 'minReal' | 'minLive' | 'minFaceShare'
>;
export const DEFAULT_RULES: ServerRules = { minScore: 0.6, minReal: 0.5, minLive: 0.5, minFaceShare: 0.15 };
/** Added to the server's anti-spoofing and liveness thresholds in the browser. */
export const BROWSER_MARGIN = 0.05;

export interface SeenFace {
  score: number;
  real?: number;
  live?: number;
  /** [x, y, width, height] in pixels of the frame. */
  box: [number, number, number, number];
}

export type FrameVerdict = { ok: true; face: SeenFace } | { ok: false; hint: string };

/** Whether a frame is worth sending, or what to tell the person. */
export function judgeFrame(
  faces: SeenFace[],
  frame: { width: number; height: number },
  rules: ServerRules = DEFAULT_RULES,
): FrameVerdict {
  const found = faces.filter((f) => f.score >= rules.minScore);
  if (found.length === 0) return { ok: false, hint: 'No face found: look straight at the camera.' };
  if (found.length > 1) return { ok: false, hint: 'More than one face found: only you should be in view.' };
  const face = found[0]!;
  if (Math.min(face.box[2], face.box[3]) < Math.min(frame.width, frame.height) * rules.minFaceShare)
    return { ok: false, hint: 'Your face is too small: please come closer to the camera.' };
  if ((face.real ?? 0) < rules.minReal + BROWSER_MARGIN || (face.live ?? 0) < rules.minLive + BROWSER_MARGIN)
    return { ok: false, hint: 'Hold still in good light, without a cap, glasses or a mask.' };
  return { ok: true, face };
}

/** A square around the face (with some room), inside the frame: the source of the 100x100 preview. */
export function previewCrop(
  box: [number, number, number, number],
  frame: { width: number; height: number },
): { x: number; y: number; size: number } {
  const [x, y, w, h] = box;
  const size = Math.min(Math.round(Math.max(w, h) * 1.4), frame.width, frame.height);
  const cx = x + w / 2;
  const cy = y + h / 2;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(Math.round(v), max));
  return { x: clamp(cx - size / 2, frame.width - size), y: clamp(cy - size / 2, frame.height - size), size };
}

/** What the person reads under the status: what happened and what to do next (no scores or
 * session ids; reviewers see those in the back office). `detail`: the server's or the camera's
 * reason, or the live hint while the camera looks. */
export function livenessGuidance(status: LivenessStatus, detail = ''): { text: string; next: string } | null {
  const why = detail.trim();
  const retry =
    "Click 'Start Liveness Test' to try again, in good light and looking straight at the camera. If it still does not work, click 'I have an issue' below.";
  switch (status) {
    case LIVENESS_STATUS.initializing:
      return {
        text: 'Starting the camera…',
        next: 'Your browser may ask to use the camera: please allow it.',
      };
    case LIVENESS_STATUS.ready:
      return { text: why || 'Look straight at the camera.', next: 'Hold still: this takes a few seconds.' };
    case LIVENESS_STATUS.passed:
      return {
        text: 'You passed the liveness test.',
        next: "Click 'Continue' for the last step: the risks and disclosures.",
      };
    case LIVENESS_STATUS.failed:
      return { text: `You did not pass the liveness test.${why ? ` ${why}` : ''}`, next: retry };
    case LIVENESS_STATUS.error:
      return { text: `The liveness test could not run.${why ? ` ${why}` : ''}`, next: retry };
    default:
      return null;
  }
}

/** Why the camera or the test could not start, in words (a browser's DOMException names). */
export function startErrorText(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed: please let this page use your camera.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another application.';
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/** The colour of the guidance shown with a status: green for a pass, red for a failure or error. */
export function guidanceColor(status: LivenessStatus): 'green' | 'red' | 'blue' {
  if (status === LIVENESS_STATUS.passed) return 'green';
  return status === LIVENESS_STATUS.failed || status === LIVENESS_STATUS.error ? 'red' : 'blue';
}

/** The stored PicMed15 ({mimeType, base64} JSON) as an image URL, or ''. */
export function storedSelfie(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  try {
    const p = JSON.parse(value) as { mimeType?: unknown; base64?: unknown };
    return typeof p.mimeType === 'string' && typeof p.base64 === 'string'
      ? `data:${p.mimeType};base64,${p.base64}`
      : '';
  } catch {
    return '';
  }
}
