// The e-mail to a customer when staff change their KYC status (InternalStatus15/16 through the back
// office). SaveData writes the change and its audit row in one transaction; this sweep reads only
// committed audit rows, so a mail goes out after the commit, once per change (kyc_status_mail
// claims it first; a failed send is only logged, spec 002 section 8).
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { auditLog, kycCorporate, kycPerson, kycStatusMail as mailedChanges, users } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffRoles } from '../framework/roles.ts';
import { waitingKycStatuses } from '@payd/schemas';
import { DEFAULT_LANGUAGE, type I18n } from '@payd/i18n';
import { i18nOfCulture } from '@payd/i18n/node';

export interface KycStatusMail {
  subject: string;
  text: string;
}

/** Each status's catalogue key (its title in the subject and first line) and the lines that follow. */
type MailedStatus = 'approved' | 'declined' | 'problem' | 'waiting';

function mailedStatus(status: string): MailedStatus | null {
  if (status === 'AP') return 'approved';
  if (status === 'DE') return 'declined';
  if (status === 'P2') return 'problem';
  return waitingKycStatuses.includes(status) ? 'waiting' : null;
}

/** The message of a status, for a person or a business, without the reason and sign-in lines. */
function statusLines(i18n: I18n, kind: MailedStatus, corporate: boolean): string[] {
  const k = (key: string) => i18n._(`srv.kycMail.${key}`);
  if (kind === 'approved') return [k(corporate ? 'approvedCorporate' : 'approvedPersonal')];
  if (kind === 'declined') return [k('declined')];
  if (kind === 'waiting') return [k('waiting')];
  return corporate ? [k('problemCorporate')] : [k('problemPersonal')];
}

/**
 * The mail for a new status (spec 002 section 4 texts where it gives them) in the customer's
 * language (`cultureId`, English by default). `corporate`: the record is a business one; `reason`:
 * the reviewer's reason, if any (as the reviewer wrote it); `siteUrl`: where the customer signs in.
 */
export function kycStatusMail(
  status: string,
  options: { corporate: boolean; reason: string; siteUrl: string; cultureId?: number },
): KycStatusMail | null {
  const kind = mailedStatus(status);
  if (!kind) return null;
  const i18n = i18nOfCulture(options.cultureId ?? DEFAULT_LANGUAGE.cultureId);
  const title = i18n._(`srv.kycMail.title.${kind}`);
  const reason = options.reason ? ['', i18n._('srv.kycMail.reason', { reason: options.reason })] : [];
  const signIn = ['', i18n._('srv.kycMail.signIn', { link: `${options.siteUrl}/kyc-status` })];
  const body = statusLines(i18n, kind, options.corporate);
  const withReason = kind === 'declined' || (kind === 'problem' && !options.corporate);
  const contact =
    kind === 'problem'
      ? ['', i18n._(options.corporate ? 'srv.kycMail.contactCorporate' : 'srv.kycMail.fixIssues')]
      : [];
  return {
    subject: i18n._('srv.kycMail.subject', { title }),
    text: [
      i18n._('srv.kycMail.status', { title }),
      '',
      ...body,
      ...(withReason ? reason : []),
      ...contact,
      ...signIn,
    ].join('\n'),
  };
}

export interface StatusMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  siteUrl: string;
}

/** Mails every staff status change not mailed yet; returns how many mails were queued. */
export async function sendKycStatusMails(deps: StatusMailDeps, batch = 50): Promise<number> {
  const { db, clock, mailer } = deps;
  const staff = sql.join(
    staffRoles.map((r) => sql`${r}`),
    sql`, `,
  );
  // Status changes after the start mark, and of those the staff changes not mailed yet.
  const statusChange = (a: string) =>
    sql.raw(`${a}.column_name IN ('InternalStatus15', 'InternalStatus16')
           AND ${a}.table_name IN ('kyc_person', 'kyc_corporate')
           AND ${a}.audit_id > (SELECT audit_id FROM kyc_status_mail_start LIMIT 1)`);
  const unmailed = (a: string) =>
    sql`${statusChange(a)} AND ${sql.raw(a)}.changed_by_role IN (${staff})
        AND NOT EXISTS (SELECT 1 FROM kyc_status_mail m WHERE m.audit_id = ${sql.raw(a)}.audit_id)`;
  const a = alias(auditLog, 'a');
  const changes = await db
    .select({ auditId: a.auditId, tableName: a.tableName, rowKey: a.rowKey, afterValue: a.afterValue })
    .from(a)
    .where(unmailed('a'))
    .orderBy(asc(a.auditId))
    .limit(batch);
  let sent = 0;
  for (const change of changes) {
    const claimed = await db
      .insert(mailedChanges)
      .values({ auditId: change.auditId, mailedOn: clock.now() })
      .onConflictDoNothing({ target: mailedChanges.auditId })
      .returning({ auditId: mailedChanges.auditId });
    if (!claimed.length) continue;
    const corporate = change.tableName === 'kyc_corporate';
    const key = Number(change.rowKey);
    if (!Number.isSafeInteger(key)) continue;
    const owner = corporate
      ? await db
          .select({ usrName: users.usrName, cultureId: users.cultureId, reason: kycCorporate.reason })
          .from(kycCorporate)
          .innerJoin(users, eq(users.usrId, kycCorporate.inputFor))
          .where(eq(kycCorporate.kycCorpId, key))
      : await db
          .select({ usrName: users.usrName, cultureId: users.cultureId, reason: kycPerson.reason })
          .from(kycPerson)
          .innerJoin(users, eq(users.usrId, kycPerson.inputFor))
          .where(eq(kycPerson.kycPersonId, key));
    const to = owner[0]?.usrName;
    if (!to) continue;
    const mail = kycStatusMail(change.afterValue ?? '', {
      corporate,
      reason: owner[0]?.reason?.trim().slice(0, 2000) ?? '',
      siteUrl: deps.siteUrl,
      cultureId: owner[0]?.cultureId ?? DEFAULT_LANGUAGE.cultureId,
    });
    if (!mail) continue;
    mailer.send({ to, ...mail });
    sent++;
  }
  if (changes.length < batch) {
    // Move the start mark over the settled past, so a sweep reads only recent changes instead of
    // every change since the migration: up to the last status change older than SETTLED_MS that
    // comes before the first change still to mail. A change is settled once its transaction can no
    // longer be open (a later audit id may commit before an earlier one).
    const settledBefore = new Date(clock.now().getTime() - SETTLED_MS);
    await db.execute(
      sql`UPDATE kyc_status_mail_start
             SET audit_id = coalesce((SELECT max(a.audit_id) FROM audit_log a
                                       WHERE ${statusChange('a')} AND a.changed_on < ${settledBefore}
                                         AND a.audit_id < coalesce((SELECT min(p.audit_id) FROM audit_log p
                                                                     WHERE ${unmailed('p')}), ${MAX_BIGINT}::bigint)),
                                     audit_id)`,
    );
  }
  return sent;
}

/** How old a status change must be before the sweep stops looking at it (see sendKycStatusMails). */
export const SETTLED_MS = 60 * 60 * 1000;
const MAX_BIGINT = '9223372036854775807';

/**
 * Runs the sweep every `intervalMs` until stopped; `stop` waits for a sweep in progress. Errors are
 * handed to `logError` and the next sweep tries again.
 */
export function startKycStatusMails(
  deps: StatusMailDeps,
  intervalMs: number,
  logError: (err: unknown) => void,
): { stop(): Promise<void>; sweep(): Promise<number> } {
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const sweep = (): Promise<number> => {
    running ??= sendKycStatusMails(deps)
      .catch((err: unknown) => {
        if (!stopped) logError(err);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void sweep().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
