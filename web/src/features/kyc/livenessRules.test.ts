import { describe, expect, it } from 'vitest';
import {
  BROWSER_MARGIN,
  DEFAULT_RULES,
  LIVENESS_STATUS,
  guidanceColor,
  judgeFrame,
  livenessGuidance,
  livenessActions,
  previewCrop,
  startErrorText,
  storedSelfie,
  type SeenFace,
} from './livenessRules.ts';

const frame = { width: 1280, height: 720 };
const face = (over: Partial<SeenFace> = {}): SeenFace => ({
  score: 0.95,
  real: 0.8,
  live: 0.8,
  box: [500, 150, 300, 340],
  ...over,
});

describe('livenessActions', () => {
  it('PASSED shows Continue and hides the start button', () => {
    expect(livenessActions(LIVENESS_STATUS.passed, false)).toEqual({
      showContinue: true,
      showStart: false,
      startDisabled: false,
      showIssue: false,
    });
  });
  it.each([LIVENESS_STATUS.failed, LIVENESS_STATUS.error])(
    '%s offers I have an issue and a new start',
    (s) => {
      expect(livenessActions(s, false)).toMatchObject({
        showIssue: true,
        showStart: true,
        startDisabled: false,
      });
    },
  );
  it('disables the start button while starting and while the camera looks', () => {
    expect(livenessActions('', true).startDisabled).toBe(true);
    expect(livenessActions(LIVENESS_STATUS.initializing, false).startDisabled).toBe(true);
    expect(livenessActions(LIVENESS_STATUS.ready, false).startDisabled).toBe(true);
    expect(livenessActions('', false)).toMatchObject({
      showStart: true,
      startDisabled: false,
      showIssue: false,
    });
  });
});

describe('judgeFrame', () => {
  it('accepts one large live face', () => {
    expect(judgeFrame([face()], frame)).toEqual({ ok: true, face: face() });
  });
  it('asks for a face, for one face only, and to come closer', () => {
    expect(judgeFrame([], frame)).toMatchObject({
      ok: false,
      hint: expect.stringMatching(/No face/) as unknown,
    });
    expect(judgeFrame([face({ score: 0.2 })], frame)).toMatchObject({ ok: false });
    expect(judgeFrame([face(), face({ box: [10, 10, 300, 300] })], frame)).toMatchObject({
      hint: expect.stringMatching(/More than one face/) as unknown,
    });
    expect(judgeFrame([face({ box: [600, 300, 60, 70] })], frame)).toMatchObject({
      hint: expect.stringMatching(/too small/) as unknown,
    });
  });
  it('keeps a margin over the server thresholds for anti-spoofing and liveness', () => {
    const justOver = DEFAULT_RULES.minReal + BROWSER_MARGIN / 2;
    expect(judgeFrame([face({ real: justOver })], frame).ok).toBe(false);
    expect(judgeFrame([face({ live: DEFAULT_RULES.minLive + BROWSER_MARGIN })], frame).ok).toBe(true);
    expect(judgeFrame([face({ live: undefined })], frame).ok).toBe(false);
  });
});

describe('previewCrop', () => {
  it('is a square around the face with room, inside the frame', () => {
    expect(previewCrop([500, 150, 300, 340], frame)).toEqual({ x: 412, y: 82, size: 476 });
    const edge = previewCrop([0, 0, 200, 200], frame);
    expect(edge).toEqual({ x: 0, y: 0, size: 280 });
    const huge = previewCrop([0, 0, 1000, 1000], frame);
    expect(huge.size).toBe(720);
    expect(huge.y).toBe(0);
  });
});

describe('what the person reads', () => {
  it('says passed or not and what to do next, never a score or a session id', () => {
    expect(livenessGuidance('PASSED')).toEqual({
      text: 'You passed the liveness test.',
      next: "Click 'Continue' for the last step: the risks and disclosures.",
    });
    const failed = livenessGuidance('FAILED', 'No face was found in the picture.')!;
    expect(failed.text).toBe('You did not pass the liveness test. No face was found in the picture.');
    expect(failed.next).toContain("Click 'Start Liveness Test' to try again");
    expect(failed.next).toContain("click 'I have an issue'");
    expect(livenessGuidance('ERROR', 'No camera was found on this device.')!.text).toBe(
      'The liveness test could not run. No camera was found on this device.',
    );
    expect(livenessGuidance('')).toBeNull();
    for (const s of ['READY', 'Initializing...', 'PASSED', 'FAILED', 'ERROR'] as const) {
      const g = livenessGuidance(s, 'Hold still in good light.')!;
      expect(`${g.text} ${g.next}`).not.toMatch(/real|live \d|score|session|0\.\d/i);
    }
  });

  it('names camera problems in words', () => {
    expect(startErrorText(new DOMException('Permission denied', 'NotAllowedError'))).toBe(
      'The camera was not allowed: please let this page use your camera.',
    );
    expect(startErrorText(new DOMException('Requested device not found', 'NotFoundError'))).toBe(
      'No camera was found on this device.',
    );
    expect(startErrorText(new Error('The liveness session has expired.'))).toBe(
      'The liveness session has expired.',
    );
  });
});

describe('guidance colour', () => {
  it('is green for a pass, red for a failure or an error, blue otherwise', () => {
    expect(guidanceColor(LIVENESS_STATUS.passed)).toBe('green');
    expect(guidanceColor(LIVENESS_STATUS.failed)).toBe('red');
    expect(guidanceColor(LIVENESS_STATUS.error)).toBe('red');
    expect(guidanceColor(LIVENESS_STATUS.ready)).toBe('blue');
    expect(guidanceColor('')).toBe('blue');
  });
});

describe('stored selfie', () => {
  it('makes an image URL of the stored JSON', () => {
    expect(storedSelfie(JSON.stringify({ mimeType: 'image/jpeg', base64: 'AAA' }))).toBe(
      'data:image/jpeg;base64,AAA',
    );
  });

  it('shows nothing for no selfie, broken JSON or missing fields', () => {
    expect(storedSelfie(null)).toBe('');
    expect(storedSelfie('')).toBe('');
    expect(storedSelfie('{')).toBe('');
    expect(storedSelfie(JSON.stringify({ mimeType: 'image/jpeg' }))).toBe('');
  });
});
