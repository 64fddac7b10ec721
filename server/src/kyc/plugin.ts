// The KYC feature (spec 002, issue 4), registered in features.ts: the customer's KYC records
// (screens.ts: KycPersonWs, KycCorporateWs), the notification mails (kycMails.ts), AcceptDisclosures
// (acceptDisclosures.ts) and the e-mail to a customer when staff change their KYC status
// (notificationsKycStatus.ts). The documents (documents.ts) and CynopsisWs (cynopsis.ts) are
// features of their own in the same list. The team and support addresses come from ServerConfig.
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import { registerMethods } from '../wire/method.ts';
import { acceptDisclosuresMethod } from './acceptDisclosures.ts';
import { kycMailMethods } from './kycMails.ts';
import { startKycStatusMails } from './notificationsKycStatus.ts';
import { kycScreensFeature } from './screens.ts';

export { DETAILS_FIRST_MESSAGE } from './acceptDisclosures.ts';
export { NOTIFY_PER_HOUR, oneLine } from './kycMails.ts';

export interface KycFeatureOptions {
  /** How often staff status changes are looked for and mailed (ms). */
  statusMailIntervalMs?: number;
}

export function createKycFeature(options: KycFeatureOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    await kycScreensFeature(fastify, deps);
    const { db, clock, mailer, config } = deps;
    const statusMails = startKycStatusMails(
      { db, clock, mailer, siteUrl: config.publicUrl },
      options.statusMailIntervalMs ?? 2_000,
      (err) => fastify.log.error({ err }, 'KYC status mails failed'),
    );
    fastify.addHook('onClose', async () => statusMails.stop());
    const methods = [
      ...kycMailMethods({
        db,
        clock,
        mailer,
        teamEmail: config.companyTeamEmail,
        supportEmail: config.supportEmail,
      }),
      acceptDisclosuresMethod({ db, clock }),
    ];
    registerMethods(fastify, methods, deps.methods);
  };
}

export const kycFeature: FeaturePlugin = createKycFeature();
