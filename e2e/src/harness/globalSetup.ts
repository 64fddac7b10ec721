// Starts the stack once for all journeys (building the web app if needed) and stops it after.
// PAYD_E2E_URL (and PAYD_E2E_CHAIN_URL) point the journeys at a stack that is already running.
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type Stack, type StaffUser } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    chainUrl: string;
    /** The dev beacon node (its dev controls, e.g. POST /payd/v1/dev/offline). */
    beaconUrl: string;
    /** A KYC reviewer created with `npm run admin -- create-staff` before the stack started. */
    staff: StaffUser;
    /** An admin made the same way (empty against a running stack without PAYD_E2E_ADMIN_EMAIL). */
    admin: StaffUser;
  }
}

let stack: Stack | undefined;
let webDist: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.PAYD_E2E_URL) {
    project.provide('stackUrl', process.env.PAYD_E2E_URL);
    project.provide('chainUrl', process.env.PAYD_E2E_CHAIN_URL ?? 'http://localhost:8545');
    project.provide('beaconUrl', process.env.PAYD_E2E_BEACON_URL ?? 'http://localhost:5052');
    // Against a running stack, its staff user comes from the environment (made with create-staff).
    project.provide('staff', {
      email: process.env.PAYD_E2E_STAFF_EMAIL ?? '',
      password: process.env.PAYD_E2E_STAFF_PASSWORD ?? '',
      role: 'kyc-reviewer',
    });
    project.provide('admin', {
      email: process.env.PAYD_E2E_ADMIN_EMAIL ?? '',
      password: process.env.PAYD_E2E_ADMIN_PASSWORD ?? '',
      role: 'admin',
    });
    return;
  }
  const staff: StaffUser = {
    email: `reviewer-${randomBytes(4).toString('hex')}@payd.test`,
    role: 'kyc-reviewer',
    password: `Staff-${randomBytes(6).toString('base64url')}-7q!`,
  };
  const admin: StaffUser = {
    email: `admin-${randomBytes(4).toString('hex')}@payd.test`,
    role: 'admin',
    password: `Admin-${randomBytes(6).toString('base64url')}-7q!`,
  };
  // This run's own web build: another run in the same checkout (a colleague's, or CI's next one)
  // rebuilds its own, never the assets a running journey is serving. A caller that runs several
  // vitest runs in turn (scripts/journeys.mjs) passes one directory for all and removes it itself.
  if (!process.env.PAYD_E2E_WEB_DIST) {
    webDist = join(
      import.meta.dirname,
      '..',
      '..',
      '..',
      'node_modules',
      '.cache',
      `payd-e2e-web-dist-${process.pid}`,
    );
    process.env.PAYD_E2E_WEB_DIST = webDist;
  }
  stack = await startStack({ timeoutMs: 600_000, staff: [staff, admin] });
  project.provide('staff', staff);
  project.provide('admin', admin);
  project.provide('stackUrl', stack.url);
  project.provide('chainUrl', stack.chainUrl);
  project.provide('beaconUrl', stack.beaconUrl);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
}
