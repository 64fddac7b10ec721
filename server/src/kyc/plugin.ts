// The KYC notification e-mails of spec 002 section 7 (issue 4): KycPersonWs
// SendBusinessAccountRequestEmail and SendNotEnoughLiquidityEmail go to the company team,
// SupportRequestWs SendLivenessIssueEmail goes to support. Signed-in customers only, a few per
// hour per account; the mail is queued and a failure is only logged (spec section 8).
// Registered in features.ts; the team and support addresses come from ServerConfig.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Counters } from '../auth/counters.ts';
import type { FeatureDeps, FeaturePlugin } from '../features.ts';
import { customerRoles } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { accessDenied, rateLimited } from '../protocol/errors.ts';
import { defineMethod, registerMethods, type AuthUser, type MethodDefinition } from '../protocol/method.ts';

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

export function createKycFeature(): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock, mailer, config } = deps;
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
    ];
    registerMethods(fastify, methods, deps.methods);
  };
}

export const kycFeature: FeaturePlugin = createKycFeature();
