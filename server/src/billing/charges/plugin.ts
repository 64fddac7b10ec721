// Daily charges and termination (issue 12, spec 001 section 9): the charge job runs every
// CHARGE_INTERVAL_MS on the billing clock (on chain 88 embedded the dev chain's clock, so moving
// it forward charges the days it passes), charging Rates.CR per active validator and UTC day,
// warning customers whose credits run low and terminating those whose credits ran out (exits
// through the staking feature's WalletActions). Registered by billing/plugin.ts; the staff view
// of balances and charges is backoffice/charges.ts. The charges follow the validators' statuses,
// so this plugin also runs the validator sync job (staking/syncJob.ts) every VALIDATOR_SYNC_INTERVAL_MS:
// a customer who never opens the dashboard is charged from the beacon node's statuses all the same.
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps, FeaturePlugin } from '../../featureDeps.ts';
import {
  HttpBeaconClient,
  MnemonicVault,
  RpcDepositLogReader,
  startValidatorSyncJob,
  WalletActions,
} from '../../staking/index.ts';
import { failureReporter } from '../customerFailures.ts';
import { paymentsConfig } from '../payments/config.ts';
import { billingNow } from '../statements/billingClock.ts';
import { chargesConfig, inTestWorker } from './config.ts';
import { startChargeJob } from './job.ts';
import type { ExitValidators } from './termination.ts';

export interface ChargesOptions {
  /** Run the job every this many ms; 0 never (default: CHARGE_INTERVAL_MS, never in a vitest worker). */
  jobEveryMs?: number;
  /** How a customer's validators are exited (default: WalletActions on BEACON_URL). */
  exits?: ExitValidators;
  /** Sync every customer's validators every this many ms; 0 never (default: VALIDATOR_SYNC_INTERVAL_MS, never in a vitest worker or without BEACON_URL). */
  syncEveryMs?: number;
}

/** The validator sync job on BEACON_URL and RPC_URL's deposit logs, as the staking feature's defaults. */
function startSync(fastify: FastifyInstance, deps: FeatureDeps, everyMs: number): void {
  const { db, clock, config } = deps;
  if (everyMs <= 0 || !config.beaconUrl) return;
  const job = startValidatorSyncJob(
    {
      db,
      clock,
      beacon: new HttpBeaconClient({ url: config.beaconUrl }),
      deposits: new RpcDepositLogReader({ rpcUrl: config.rpcUrl }),
    },
    everyMs,
    (err) => fastify.log.error({ err }, 'validator sync job failed'),
  );
  fastify.addHook('onClose', () => job.stop());
}

function defaultExits(deps: FeatureDeps): ExitValidators {
  const { db, clock, config } = deps;
  const actions = new WalletActions({
    db,
    clock,
    vault: new MnemonicVault(config.dataKey),
    beacon: config.beaconUrl ? new HttpBeaconClient({ url: config.beaconUrl }) : null,
    deposits: null,
  });
  return (usrId, reason) => actions.exitAllOf(usrId, reason);
}

export function createChargesFeature(o: ChargesOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { config } = deps;
    const settings = chargesConfig(config);
    startSync(fastify, deps, o.syncEveryMs ?? (inTestWorker() ? 0 : settings.syncIntervalMs));
    const every = o.jobEveryMs ?? (inTestWorker() ? 0 : settings.intervalMs);
    if (every <= 0) return;
    const dailyCharge = paymentsConfig(config.chainId).dailyCharge;
    const job = startChargeJob(
      {
        db: deps.db,
        mailer: deps.mailer,
        exits: o.exits ?? defaultExits(deps),
        publicUrl: config.publicUrl,
        now: billingNow(deps.clock, config),
        dailyCharge: () => dailyCharge,
        warningDays: settings.warningDays,
        graceDays: settings.graceDays,
        log: (message) => fastify.log.warn(message),
        report: failureReporter({
          mailer: deps.mailer,
          staffEmail: config.supportEmail,
          log: (fields, message) => fastify.log.error(fields, message),
          now: () => deps.clock.now(),
        }),
      },
      every,
      (err) => fastify.log.error({ err }, 'charge job failed'),
    );
    fastify.addHook('onClose', () => job.stop());
  };
}

export const chargesFeature: FeaturePlugin = createChargesFeature();
