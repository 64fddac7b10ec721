// The KYC notification e-mails of spec 002 section 7 (issue 4): KycPersonWs
// SendBusinessAccountRequestEmail and SendNotEnoughLiquidityEmail go to the company team,
// SupportRequestWs SendLivenessIssueEmail goes to support. Signed-in customers only, a few per
// hour per account; the mail is queued and a failure is only logged (spec section 8).
// Also: KycPersonWs AcceptDisclosures (step 4 of 4, allowed on a locked record) and the e-mail to a
// customer when staff change their KYC status (notificationsKycStatus.ts).
// Registered in features.ts; the team and support addresses come from ServerConfig.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { pgIntLike } from '@payd/schemas';
import { Counters } from '../auth/counters.ts';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import { writeAudit } from '../framework/audit.ts';
import { customerRoles } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { accessDenied, failed, forbidden, rateLimited } from '../protocol/errors.ts';
import { defineMethod, registerMethods, type AuthUser, type MethodDefinition } from '../protocol/method.ts';
import { startKycStatusMails } from './notificationsKycStatus.ts';
import { kycScreensFeature } from './screens.ts';

/** Mails one customer may trigger per method and hour. */
export const NOTIFY_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** Text for a mail line: no line breaks or control characters, bounded length. */
export function oneLine(value: unknown, max = 200): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const chars = [...String(value)].map((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? ' ' : ch;
  });
  return chars.join('').replace(/ {2,}/g, ' ').trim().slice(0, max);
}

const ethAmount = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'Please enter a valid ETH amount'),
  z
    .number()
    .finite()
    .nonnegative()
    .transform((n) => String(n)),
]);
const businessBody = z.object({ emailAddress: z.string().max(320).optional() }).loose();
const liquidityBody = z.object({ emailAddress: z.string().max(320).optional(), ethAmount }).loose();
const livenessBody = z
  .object({
    userInfo: z
      .union([
        z.string().max(1000),
        z.object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() }).loose(),
      ])
      .optional(),
  })
  .loose();

const acceptBody = z
  .object({
    keyId: z
      .union([z.literal(''), z.literal('!'), pgIntLike])
      .optional()
      .nullable(),
  })
  .loose();

/** Message of AcceptDisclosures before the personal details are saved. */
export const DETAILS_FIRST_MESSAGE = 'Please complete your personal details first.';

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
    const teamEmail = config.companyTeamEmail;
    const supportEmail = config.supportEmail;
    const counters = new Counters(db);

    async function limit(method: string, user: AuthUser): Promise<void> {
      const n = await counters.hit(`kyc-notify:${method}:${user.usrId}`, HOUR_MS, clock.now());
      if (n > NOTIFY_PER_HOUR) throw rateLimited();
    }

    /** Name on the customer's own KYC person record, if any. */
    async function kycName(user: AuthUser): Promise<string> {
      const found = await rows(
        db,
        sql`SELECT name FROM kyc_person WHERE input_for = ${user.usrId} AND name IS NOT NULL
            ORDER BY kyc_person_id LIMIT 1`,
      );
      return oneLine(found[0]?.name);
    }

    function notify(
      name: string,
      handler: (body: Record<string, unknown>, user: AuthUser) => Promise<void>,
      body: z.ZodType,
      service: string,
    ): MethodDefinition {
      return defineMethod({
        service,
        method: name,
        body,
        auth: customerRoles,
        rateLimit: { max: NOTIFY_PER_HOUR * 6, timeWindow: HOUR_MS },
        handler: async (b, ctx) => {
          if (!ctx.user) throw accessDenied();
          await limit(name, ctx.user);
          await handler(b as Record<string, unknown>, ctx.user);
          ctx.setMessage('success');
          return 'success';
        },
      });
    }

    const methods: MethodDefinition[] = [
      notify(
        'SendBusinessAccountRequestEmail',
        async (_b, user) => {
          const name = await kycName(user);
          mailer.send({
            to: teamEmail,
            subject: 'Business account request',
            text: [
              'A customer asked to open a business account.',
              '',
              `Login name: ${user.usrName}`,
              `User id: ${user.usrId}`,
              ...(name ? [`Name: ${name}`] : []),
              '',
              'Please reply to the customer within 24 hours.',
            ].join('\n'),
          });
        },
        businessBody,
        'KycPerson',
      ),
      notify(
        'SendNotEnoughLiquidityEmail',
        async (b, user) => {
          mailer.send({
            to: teamEmail,
            subject: 'Not enough liquidity',
            text: [
              'A customer could not proceed because there is not enough liquidity.',
              '',
              `Login name: ${user.usrName}`,
              `User id: ${user.usrId}`,
              `ETH amount: ${oneLine(b.ethAmount, 40)}`,
            ].join('\n'),
          });
        },
        liquidityBody,
        'KycPerson',
      ),
      notify(
        'SendLivenessIssueEmail',
        async (b, user) => {
          const info = b.userInfo;
          const given =
            typeof info === 'string'
              ? oneLine(info)
              : info && typeof info === 'object'
                ? oneLine((info as Record<string, unknown>).name)
                : '';
          const name = (await kycName(user)) || given;
          mailer.send({
            to: supportEmail,
            subject: 'Liveness test issue',
            text: [
              'A customer reported an issue with the liveness test and cannot proceed until it is done.',
              '',
              `Name: ${name || '(not given)'}`,
              `E-mail: ${user.usrName}`,
              `User id: ${user.usrId}`,
              '',
              'Please reply to the customer within 7 days.',
            ].join('\n'),
          });
        },
        livenessBody,
        'SupportRequest',
      ),
      // Step 4 of 4: the customer accepts the risks and disclosures (DisclosuresChked15 = Y) on
      // their own record, also once it is locked for review or approved (spec 002 section 4: an
      // approved customer with disclosures pending is sent to /disclosures), never when declined.
      defineMethod({
        service: 'KycPerson',
        method: 'AcceptDisclosures',
        body: acceptBody,
        auth: customerRoles,
        handler: async (b, ctx) => {
          const user = ctx.user;
          if (!user) throw accessDenied();
          const keyIn = b.keyId;
          const own = keyIn === undefined || keyIn === null || keyIn === '' || keyIn === '!';
          const key = own ? null : Number(keyIn);
          if (key !== null && !Number.isSafeInteger(key)) throw forbidden();
          const now = clock.now();
          const result = await db.transaction(async (tx) => {
            const found = await rows(
              tx,
              sql`SELECT kyc_person_id::text AS id, internal_status, disclosures_chked FROM kyc_person
                   WHERE input_for = ${user.usrId} ${key === null ? sql`` : sql`AND kyc_person_id = ${key}`}
                   ORDER BY kyc_person_id LIMIT 1 FOR UPDATE`,
            );
            const row = found[0];
            // Another customer's id and a missing one answer alike.
            if (!row) throw forbidden();
            const status = String(row.internal_status ?? '');
            if (status === 'DE') throw forbidden();
            if (status === '') throw failed('details_missing', DETAILS_FIRST_MESSAGE);
            if (row.disclosures_chked !== 'Y') {
              await tx.execute(
                sql`UPDATE kyc_person SET disclosures_chked = 'Y', modified_by = ${user.usrId},
                      modified_on = ${now}, row_version = row_version + 1
                    WHERE kyc_person_id = ${Number(row.id)}`,
              );
              await writeAudit(tx, {
                screenId: 2,
                table: 'kyc_person',
                rowKey: String(row.id),
                column: 'DisclosuresChked15',
                before: row.disclosures_chked,
                after: 'Y',
                by: user,
                on: now,
              });
            }
            return { KycPersonId15: Number(row.id), DisclosuresChked15: 'Y' };
          });
          ctx.setMessage('Saved');
          return result;
        },
      }),
    ];
    registerMethods(fastify, methods, deps.methods);
  };
}

export const kycFeature: FeaturePlugin = createKycFeature();
