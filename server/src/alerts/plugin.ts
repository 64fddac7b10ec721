// Customer alerts (issue 29): the AlertWs methods, and the alert job every ALERT_INTERVAL_MS (default
// 60000; 5000 on chain 88 embedded, so that the dev clock and the dev panel's price show quickly;
// never inside a vitest worker, where tests run passes themselves). The job reads the beacon node on
// BEACON_URL and the chain through @payd/protocol on RPC_URL, as the pages and the validator sync do.
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import {
  billingNow,
  chainSource,
  chargesConfig,
  deploymentFile,
  inTestWorker,
  paymentsConfig,
} from '../billing/index.ts';
import { HttpBeaconClient } from '../staking/index.ts';
import { registerMethods } from '../wire/method.ts';
import { protocolCacheReader } from './evaluators/caches.ts';
import { rpcRequestChainReader } from './evaluators/walletRequests.ts';
import { startAlertJob, type AlertJobDeps } from './job.ts';
import { alertMethods } from './methods.ts';

export interface AlertsOptions {
  /** Run the job every this many ms; 0 never (default: ALERT_INTERVAL_MS, never in a vitest worker). */
  jobEveryMs?: number;
}

export function alertIntervalMs(
  deps: Pick<FeatureDeps, 'config'>,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const n = Number(env.ALERT_INTERVAL_MS);
  if (Number.isInteger(n) && n >= 1000) return n;
  return deps.config.chainId === 88 && deps.config.mode === 'embedded' ? 5000 : 60_000;
}

/** The job's dependencies on the server's configuration. */
export function alertJobDeps(fastify: FastifyInstance, deps: FeatureDeps): AlertJobDeps {
  const { config } = deps;
  const charges = chargesConfig(config);
  const deployment = deploymentFile(config.chainId);
  const beacon = config.beaconUrl ? new HttpBeaconClient({ url: config.beaconUrl }) : null;
  return {
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    now: billingNow(deps.clock, config),
    credits: {
      dailyCharge: paymentsConfig(config.chainId).dailyCharge,
      warningDays: charges.warningDays,
      graceDays: charges.graceDays,
    },
    beacon,
    requests: config.rpcUrl
      ? { chainId: config.chainId, chain: rpcRequestChainReader(config.rpcUrl), beacon }
      : null,
    caches: deployment ? protocolCacheReader(chainSource(config.rpcUrl, deployment)) : null,
    onSourceError: (source, err) => fastify.log.warn({ err }, `alert job: ${source} not evaluated`),
  };
}

export function createAlertsFeature(o: AlertsOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    registerMethods(fastify, alertMethods(deps.db, deps.clock), deps.methods);
    const every = o.jobEveryMs ?? (inTestWorker() ? 0 : alertIntervalMs(deps));
    if (every <= 0) return;
    const job = startAlertJob(alertJobDeps(fastify, deps), every, (err) =>
      fastify.log.error({ err }, 'alert job failed'),
    );
    fastify.addHook('onClose', () => job.stop());
  };
}

export const alertsFeature: FeaturePlugin = createAlertsFeature();
