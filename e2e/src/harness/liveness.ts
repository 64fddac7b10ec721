// The liveness step (KYC step 3) as a person does it, with Chromium's fake camera: launch options
// that feed a face (e2e/fixtures/liveness/face-camera.mjpeg) or Chromium's own test pattern (no
// face) as the camera, and the steps on /liveness. Reused by the full onboarding journey.
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** 1280x720 MJPEG of a person's face (a photo from the @vladmandic/face-api package, MIT). */
export const FACE_CAMERA_FILE = fileURLToPath(
  new URL('../../fixtures/liveness/face-camera.mjpeg', import.meta.url),
);

/** Same flags as harness/browser.ts, which Chromium needs on this machine. */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium launch options with a fake camera that needs no permission prompt. `videoFile`: a
 * .y4m or .mjpeg file to show as the camera (default: the face fixture); `null`: Chromium's own
 * fake video (a moving test pattern, no face).
 */
export function fakeCameraLaunchOptions(videoFile: string | null = FACE_CAMERA_FILE): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      ...BASE_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(videoFile ? [`--use-file-for-fake-video-capture=${videoFile}`] : []),
    ],
  };
}

/** Launches Chromium whose camera shows `videoFile` (see fakeCameraLaunchOptions). */
export function launchBrowserWithCamera(videoFile: string | null = FACE_CAMERA_FILE): Promise<Browser> {
  return chromium.launch(fakeCameraLaunchOptions(videoFile));
}

/** The status line of /liveness ('Status: PASSED', ...). */
export const livenessStatus = (page: Page) => page.getByTestId('liveness-status');

/** Opens /liveness (when not there) and starts the test. */
export async function startLiveness(page: Page): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/liveness')) await page.goto('/liveness');
  await page.getByRole('heading', { name: 'Step 3 of 4: Liveness Test' }).waitFor();
  await page.getByRole('button', { name: 'Start Liveness Test' }).click();
}

/**
 * Does the liveness test with a camera that shows a face (launchBrowserWithCamera()) until the
 * page says PASSED, checks the 100x100 selfie, and continues to /disclosures.
 */
export async function passLiveness(page: Page, options: { continue?: boolean } = {}): Promise<void> {
  await startLiveness(page);
  await expect
    .poll(() => livenessStatus(page).innerText(), { timeout: 120_000, interval: 500 })
    .toMatch(/Status: (PASSED|FAILED|ERROR)/);
  expect(await livenessStatus(page).innerText()).toBe('Status: PASSED');
  const selfie = page.getByRole('img', { name: 'Selfie' });
  expect(await selfie.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    100, 100,
  ]);
  if (options.continue === false) return;
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/disclosures');
}

/** Does the test (unless `started`) with a camera that shows no face until the page says FAILED. */
export async function failLiveness(page: Page, options: { started?: boolean } = {}): Promise<void> {
  if (!options.started) await startLiveness(page);
  await expect
    .poll(() => livenessStatus(page).innerText(), { timeout: 120_000, interval: 500 })
    .toMatch(/Status: (PASSED|FAILED|ERROR)/);
  expect(await livenessStatus(page).innerText()).toBe('Status: FAILED');
}

/** Clicks 'I have an issue' and waits for the modal 'Liveness Test Issue Email Sent'. */
export async function reportLivenessIssue(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'I have an issue' }).click();
  await page.getByRole('dialog', { name: 'Liveness Test Issue Email Sent' }).waitFor();
}
