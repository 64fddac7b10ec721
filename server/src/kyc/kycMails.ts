// The KYC notification e-mails of spec 002 section 7 (issue 4): KycPersonWs
// SendBusinessAccountRequestEmail and SendNotEnoughLiquidityEmail go to the company team,
// SupportRequestWs SendLivenessIssueEmail goes to support. Signed-in customers only, a few per
// hour per account; the mail is queued and a failure is only logged (spec section 8).
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { Counters } from '../db/counters.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { kycPerson } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { customerRoles } from '../framework/roles.ts';
import { accessDenied, rateLimited } from '../wire/errors.ts';
import { defineMethod, type AuthUser, type MethodDefinition } from '../wire/method.ts';

/** Mails one customer may trigger per method and hour. */
export const NOTIFY_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export interface KycMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** COMPANY_TEAM_EMAIL: business-account and liquidity mails. */
  teamEmail: string;
  /** SUPPORT_EMAIL: liveness-issue mails. */
  supportEmail: string;
}

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

/** Name on the customer's own KYC person record, if any. */
async function kycName(db: Db, user: AuthUser): Promise<string> {
  const found = await db
    .select({ name: kycPerson.name })
    .from(kycPerson)
    .where(and(eq(kycPerson.inputFor, user.usrId), isNotNull(kycPerson.name)))
    .orderBy(kycPerson.kycPersonId)
    .limit(1);
  return oneLine(found[0]?.name);
}

function businessRequestText(user: AuthUser, name: string): string {
  return [
    'A customer asked to open a business account.',
    '',
    `Login name: ${user.usrName}`,
    `User id: ${user.usrId}`,
    ...(name ? [`Name: ${name}`] : []),
    '',
    'Please reply to the customer within 24 hours.',
  ].join('\n');
}

function liquidityText(user: AuthUser, amount: unknown): string {
  return [
    'A customer could not proceed because there is not enough liquidity.',
    '',
    `Login name: ${user.usrName}`,
    `User id: ${user.usrId}`,
    `ETH amount: ${oneLine(amount, 40)}`,
  ].join('\n');
}

function livenessIssueText(user: AuthUser, name: string): string {
  return [
    'A customer reported an issue with the liveness test and cannot proceed until it is done.',
    '',
    `Name: ${name || '(not given)'}`,
    `E-mail: ${user.usrName}`,
    `User id: ${user.usrId}`,
    '',
    'Please reply to the customer within 7 days.',
  ].join('\n');
}

/** The name the customer gave with a liveness issue (a string, or an object with a name). */
function givenName(info: unknown): string {
  if (typeof info === 'string') return oneLine(info);
  if (info && typeof info === 'object') return oneLine((info as Record<string, unknown>).name);
  return '';
}

export function kycMailMethods(d: KycMailDeps): MethodDefinition[] {
  const counters = new Counters(d.db);

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
        const n = await counters.hit(`kyc-notify:${name}:${ctx.user.usrId}`, HOUR_MS, d.clock.now());
        if (n > NOTIFY_PER_HOUR) throw rateLimited();
        await handler(b as Record<string, unknown>, ctx.user);
        ctx.setMessage('success');
        return 'success';
      },
    });
  }

  return [
    notify(
      'SendBusinessAccountRequestEmail',
      async (_b, user) => {
        const text = businessRequestText(user, await kycName(d.db, user));
        d.mailer.send({ to: d.teamEmail, subject: 'Business account request', text });
      },
      businessBody,
      'KycPerson',
    ),
    notify(
      'SendNotEnoughLiquidityEmail',
      async (b, user) => {
        d.mailer.send({
          to: d.teamEmail,
          subject: 'Not enough liquidity',
          text: liquidityText(user, b.ethAmount),
        });
      },
      liquidityBody,
      'KycPerson',
    ),
    notify(
      'SendLivenessIssueEmail',
      async (b, user) => {
        const name = (await kycName(d.db, user)) || givenName(b.userInfo);
        d.mailer.send({
          to: d.supportEmail,
          subject: 'Liveness test issue',
          text: livenessIssueText(user, name),
        });
      },
      livenessBody,
      'SupportRequest',
    ),
  ];
}
