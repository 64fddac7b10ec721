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

export interface KycStatusMail {
  subject: string;
  text: string;
}

/**
 * The mail for a new status (spec 002 section 4 texts where it gives them). `corporate`: the record
 * is a business one; `reason`: the reviewer's reason, if any; `siteUrl`: where the customer signs in.
 */
export function kycStatusMail(
  status: string,
  options: { corporate: boolean; reason: string; siteUrl: string },
): KycStatusMail | null {
  const reason = options.reason ? ['', `Reason: ${options.reason}`] : [];
  const signIn = ['', `Sign in to see your application: ${options.siteUrl}/kyc-status`];
  if (status === 'AP')
    return {
      subject: 'payd: KYC Approved',
      text: [
        'Status: KYC Approved',
        '',
        options.corporate
          ? 'Your business account has been verified.'
          : 'Your identity has been verified. You can now connect your wallet and start using payd.',
        ...signIn,
      ].join('\n'),
    };
  if (status === 'DE')
    return {
      subject: 'payd: KYC Declined',
      text: [
        'Status: KYC Declined',
        '',
        'KYC Declined, Please contact customer service for more detail.',
        ...reason,
        ...signIn,
      ].join('\n'),
    };
  if (status === 'P2')
    return {
      subject: 'payd: Problem With Data Collection',
      text: [
        'Status: Problem With Data Collection',
        '',
        options.corporate
          ? "We've flagged the issues with data collection."
          : "We've flagged the following issues:",
        ...(options.corporate ? [] : reason),
        '',
        options.corporate
          ? 'A representative will contact you.'
          : 'Please sign in and use Fix Issues to correct your application.',
        ...signIn,
      ].join('\n'),
    };
  if (waitingKycStatuses.includes(status))
    return {
      subject: 'payd: Waiting for Review',
      text: [
        'Status: Waiting for Review',
        '',
        'Your application is on our waitlist. We will send you an e-mail as soon as it has been approved.',
        ...signIn,
      ].join('\n'),
    };
  return null;
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
          .select({ usrName: users.usrName, reason: kycCorporate.reason })
          .from(kycCorporate)
          .innerJoin(users, eq(users.usrId, kycCorporate.inputFor))
          .where(eq(kycCorporate.kycCorpId, key))
      : await db
          .select({ usrName: users.usrName, reason: kycPerson.reason })
          .from(kycPerson)
          .innerJoin(users, eq(users.usrId, kycPerson.inputFor))
          .where(eq(kycPerson.kycPersonId, key));
    const to = owner[0]?.usrName;
    if (!to) continue;
    const mail = kycStatusMail(change.afterValue ?? '', {
      corporate,
      reason: owner[0]?.reason?.trim().slice(0, 2000) ?? '',
      siteUrl: deps.siteUrl,
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
