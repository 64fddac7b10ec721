// Starts the stack once for all journeys (building the web app if needed) and stops it after.
// PAYD_E2E_URL (and PAYD_E2E_CHAIN_URL) point the journeys at a stack that is already running.
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    chainUrl: string;
  }
}

let stack: Stack | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.PAYD_E2E_URL) {
    project.provide('stackUrl', process.env.PAYD_E2E_URL);
    project.provide('chainUrl', process.env.PAYD_E2E_CHAIN_URL ?? 'http://localhost:8545');
    return;
  }
  stack = await startStack({ timeoutMs: 600_000 });
  project.provide('stackUrl', stack.url);
  project.provide('chainUrl', stack.chainUrl);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
