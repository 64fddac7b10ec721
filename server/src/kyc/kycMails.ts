// The KYC notification e-mails of spec 002 section 7 (issue 4): KycPersonWs
// SendBusinessAccountRequestEmail and SendNotEnoughLiquidityEmail go to the company team,
// SupportRequestWs SendLivenessIssueEmail goes to support. Signed-in customers only, a few per
// hour per account; the mail is queued and a failure is only logged (spec section 8).
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  sendBusinessAccountRequestEmail,
  sendLivenessIssueEmail,
  sendNotEnoughLiquidityEmail,
} from '@payd/schemas';
import { Counters } from '../db/counters.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { kycPerson } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accessDenied, rateLimited } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { AuthUser, MethodContext, MethodDefinition } from '../wire/method.ts';

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

function liquidityText(user: AuthUser, amount: string): string {
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
function givenName(info: string | { name?: string | undefined } | undefined): string {
  return oneLine(typeof info === 'object' ? info.name : info);
}

export function kycMailMethods(d: KycMailDeps): MethodDefinition[] {
  const counters = new Counters(d.db);
  const options = { rateLimit: { max: NOTIFY_PER_HOUR * 6, timeWindow: HOUR_MS } };

  /** The signed-in customer, counted: over NOTIFY_PER_HOUR mails of `method` this hour, 429. */
  async function counted(method: string, ctx: MethodContext): Promise<AuthUser> {
    if (!ctx.user) throw accessDenied();
    const n = await counters.hit(`kyc-notify:${method}:${ctx.user.usrId}`, HOUR_MS, d.clock.now());
    if (n > NOTIFY_PER_HOUR) throw rateLimited();
    return ctx.user;
  }
  /** Every mail method answers 'success' once its mail is queued. */
  function queued(ctx: MethodContext) {
    ctx.setMessage('success');
    return 'success' as const;
  }

  return [
    implement(
      sendBusinessAccountRequestEmail,
      async (_b, ctx) => {
        const user = await counted('SendBusinessAccountRequestEmail', ctx);
        const text = businessRequestText(user, await kycName(d.db, user));
        d.mailer.send({ to: d.teamEmail, subject: 'Business account request', text });
        return queued(ctx);
      },
      options,
    ),
    implement(
      sendNotEnoughLiquidityEmail,
      async (b, ctx) => {
        const user = await counted('SendNotEnoughLiquidityEmail', ctx);
        d.mailer.send({
          to: d.teamEmail,
          subject: 'Not enough liquidity',
          text: liquidityText(user, b.ethAmount),
        });
        return queued(ctx);
      },
      options,
    ),
    implement(
      sendLivenessIssueEmail,
      async (b, ctx) => {
        const user = await counted('SendLivenessIssueEmail', ctx);
        const name = (await kycName(d.db, user)) || givenName(b.userInfo);
        d.mailer.send({
          to: d.supportEmail,
          subject: 'Liveness test issue',
          text: livenessIssueText(user, name),
        });
        return queued(ctx);
      },
      options,
    ),
  ];
}
