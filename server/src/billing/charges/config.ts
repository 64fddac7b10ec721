// Settings of the daily charges and the termination (issue 12), read from the environment:
//   CREDIT_WARNING_DAYS  the low-credit warning goes out when the credits pay fewer than this many
//                        days of the customer's validators (default 7); termination waits at least
//                        this long after the warning, so every customer gets that much notice
//   CREDIT_GRACE_DAYS    no warning (nor termination) before a customer's first validator has been
//                        active this many days and a charge is due (default 3): time to top up
//                        after the deposit (termination.ts)
//   CHARGE_INTERVAL_MS   how often the charge job runs (default 60000; 5000 on chain 88 embedded,
//                        so that moving the dev clock shows quickly)
//   VALIDATOR_SYNC_INTERVAL_MS  how often every customer's validators are synced with the beacon
//                        node (staking/syncJob.ts; default 60000; 5000 on chain 88 embedded)
// The daily charge itself is Rates.CR (CREDIT_DAILY_CHARGE, billing/payments/config.ts).
import type { ServerConfig } from '../../config.ts';

export interface ChargesConfig {
  warningDays: number;
  graceDays: number;
  intervalMs: number;
  syncIntervalMs: number;
}

export function chargesConfig(
  config: Pick<ServerConfig, 'chainId' | 'mode'>,
  env: NodeJS.ProcessEnv = process.env,
): ChargesConfig {
  const days = Number(env.CREDIT_WARNING_DAYS);
  const grace = Number(env.CREDIT_GRACE_DAYS);
  const dev = config.chainId === 88 && config.mode === 'embedded';
  const ms = (value: string | undefined) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 1000 ? n : dev ? 5000 : 60_000;
  };
  return {
    warningDays: Number.isInteger(days) && days >= 0 ? days : 7,
    graceDays: Number.isInteger(grace) && grace >= 0 ? grace : 3,
    intervalMs: ms(env.CHARGE_INTERVAL_MS),
    syncIntervalMs: ms(env.VALIDATOR_SYNC_INTERVAL_MS),
  };
}

/**
 * True inside a vitest worker, where tests build the app in-process and run the job themselves.
 * Not process.env.VITEST: vitest sets it in its main process too, and a stack that a journey's
 * global setup starts (`npm start` under e2e) inherits it, so the job would never run there.
 */
export const inTestWorker = (scope: object = globalThis): boolean => '__vitest_worker__' in scope;
