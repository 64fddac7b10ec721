// Settings of the pool job, from the environment:
//   POOL_AVAILABLE_TARGET  validators kept available (registered, not deposited) in the pool; default 10
//   POOL_JOB_INTERVAL_MS   how often the pool job runs; default 60000, 5000 on chain 88 embedded
// The job runs when BEACON_URL is set and the chain's deployment has a validatorPool.
import type { ServerConfig } from '../config.ts';

export interface PoolJobConfig {
  availableTarget: number;
  intervalMs: number;
}

export function poolJobConfig(
  config: Pick<ServerConfig, 'chainId' | 'mode'>,
  env: NodeJS.ProcessEnv = process.env,
): PoolJobConfig {
  const target = Number(env.POOL_AVAILABLE_TARGET);
  const interval = Number(env.POOL_JOB_INTERVAL_MS);
  const dev = config.chainId === 88 && config.mode === 'embedded';
  return {
    availableTarget: Number.isInteger(target) && target >= 0 && target <= 1000 ? target : 10,
    intervalMs: Number.isInteger(interval) && interval >= 1000 ? interval : dev ? 5000 : 60_000,
  };
}

/**
 * True inside a vitest worker, where tests run the job themselves (as billing's charge job decides
 * it; not process.env.VITEST, which a stack started by a journey's global setup inherits).
 */
export const inTestWorker = (scope: object = globalThis): boolean => '__vitest_worker__' in scope;
