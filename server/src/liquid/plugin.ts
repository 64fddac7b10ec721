// Liquid staking's server side (issue 13): the pool job (poolJob.ts) that keeps payd's validators
// registered in the ValidatorPool, exits them when the FETH swap queue needs ETH, settles their
// arrived balances and reports rewards, plus the staff view (staff.ts). Registered in features.ts.
// The job runs every POOL_JOB_INTERVAL_MS when BEACON_URL is set and the chain's deployment has a
// validatorPool (never in a vitest worker: tests run ticks themselves, or call RunPoolJob).
import type { Hex } from 'viem';
import type { FastifyInstance } from 'fastify';
import { DepositDataPool } from '@payd/validator-keys/node';
import type { ProtocolDeployment } from '@payd/protocol';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import { screensPlugin } from '../framework/plugin.ts';
import { registerMethods } from '../wire/method.ts';
import { HttpBeaconClient, type BeaconClient } from '../staking/index.ts';
import { deploymentOf, serverAdminKeyOf } from './deployment.ts';
import { inTestWorker, poolJobConfig } from './config.ts';
import type { PoolChain } from './poolChain.ts';
import { poolNetwork } from './poolKeys.ts';
import { PoolKeyVault } from './poolKeyVault.ts';
import { runPoolTick, startPoolJob, type PoolJobDeps, type PoolTickResult } from './poolJob.ts';
import { ProtocolPoolChain } from './protocolPoolChain.ts';
import { poolStaffMethods, poolValidatorScreen } from './staff.ts';

export interface LiquidOptions {
  /** The pool on chain (default: the deployment's validatorPool with SERVER_ADMIN_KEY); null: none. */
  chain?: PoolChain | null;
  /** The beacon node (default: BEACON_URL); null: none. */
  beacon?: BeaconClient | null;
  /** Run the job every this many ms; 0 never (default POOL_JOB_INTERVAL_MS, never in a vitest worker). */
  jobEveryMs?: number;
  /** Validators kept available (default POOL_AVAILABLE_TARGET). */
  availableTarget?: number;
}

function defaultChain(deps: FeatureDeps, deployment: ProtocolDeployment | null): PoolChain | null {
  const key = serverAdminKeyOf(deps.config);
  if (!deployment?.addresses.validatorPool || !key) return null;
  return new ProtocolPoolChain({ rpcUrl: deps.config.rpcUrl, deployment, serverAdminKey: key as Hex });
}

export function createLiquidFeature(o: LiquidOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { config, db, clock } = deps;
    await fastify.register(screensPlugin, {
      db,
      clock,
      screens: [poolValidatorScreen],
      methods: deps.methods,
    });
    const settings = poolJobConfig(config);
    const chain = o.chain !== undefined ? o.chain : defaultChain(deps, deploymentOf(config.chainId));
    const beacon =
      o.beacon !== undefined
        ? o.beacon
        : config.beaconUrl
          ? new HttpBeaconClient({ url: config.beaconUrl })
          : null;

    let runNow: (() => Promise<PoolTickResult>) | null = null;
    if (chain && beacon) {
      const signer = new DepositDataPool({ threads: 1 });
      fastify.addHook('onClose', () => signer.close());
      const jobDeps: PoolJobDeps = {
        db,
        chain,
        beacon,
        vault: new PoolKeyVault(config.dataKey),
        signer,
        network: poolNetwork(config.chainId),
        now: () => clock.now(),
        availableTarget: o.availableTarget ?? settings.availableTarget,
      };
      const onError = (step: string, err: unknown) =>
        fastify.log.error({ err, step }, `pool job step ${step} failed`);
      const every = o.jobEveryMs ?? (inTestWorker() ? 0 : settings.intervalMs);
      if (every > 0) {
        const job = startPoolJob(jobDeps, every, onError);
        fastify.addHook('onClose', () => job.stop());
        runNow = () => job.runNow();
      } else {
        runNow = () => runPoolTick(jobDeps, onError);
      }
    }
    registerMethods(fastify, poolStaffMethods({ db, chain, runNow }), deps.methods);
  };
}

export const liquidFeature: FeaturePlugin = createLiquidFeature();
