// Sends the e-mails of alerts through the mail outbox (mail/mailer.ts), each once across instances:
// a batch of due alerts is locked FOR UPDATE SKIP LOCKED (another instance takes the next ones),
// queued to the mailer (which never throws) and marked sent in the same transaction. A run that dies
// before the commit leaves the batch due and sends it on the next run; one that dies after it has
// nothing left to send. The daily digest claims the customer's day (alert_preference.digest_day) in
// the transaction that sends it. Each e-mail is in the customer's language (users.culture_id).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALERT_KINDS, type AlertFacts } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { parsedRows } from '../framework/sqlText.ts';
import type { Mailer } from '../mail/mailer.ts';
import { alertMail, digestMail } from './mails.ts';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Called after each committed batch (tests stop a run here). */
  checkpoint?: (step: string) => Promise<void> | void;
}

const BATCH = 50;

const dueRow = z.object({
  alert_id: z.coerce.number(),
  kind: z.enum(ALERT_KINDS),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  usr_name: z.string(),
  culture_id: z.coerce.number(),
});

/** Sends every alert e-mail due now; returns how many. */
export async function sendDueEmails(d: DeliveryDeps, now: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await d.db.transaction(async (tx) => {
      const due = await parsedRows(
        tx,
        sql`SELECT a.alert_id, a.kind, a.facts, u.usr_name, u.culture_id FROM alert a JOIN users u ON u.usr_id = a.usr_id
            WHERE a.email_state = 'pending' ORDER BY a.alert_id LIMIT ${BATCH}
            FOR UPDATE OF a SKIP LOCKED`,
        dueRow,
      );
      if (!due.length) return 0;
      for (const a of due)
        d.mailer.send(
          alertMail(d.publicUrl, a.usr_name, { kind: a.kind, facts: a.facts as AlertFacts }, a.culture_id),
        );
      await tx.execute(
        sql`UPDATE alert SET email_state = 'sent', emailed_on = ${now.toISOString()}::timestamptz
            WHERE alert_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(due.map((a) => a.alert_id))}::jsonb)::bigint)`,
      );
      return due.length;
    });
    if (!batch) return sent;
    sent += batch;
    await d.checkpoint?.('emails');
  }
}

/** Sends the digest of each customer who chose it and has alerts waiting, once per UTC day. */
export async function sendDigests(d: DeliveryDeps, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const waiting = await parsedRows(
    d.db,
    sql`SELECT DISTINCT a.usr_id FROM alert a JOIN alert_preference p ON p.usr_id = a.usr_id
        WHERE a.email_state = 'digest' AND (p.digest_day IS NULL OR p.digest_day < ${today}::date)`,
    z.object({ usr_id: z.number() }),
  );
  let sent = 0;
  for (const { usr_id: usrId } of waiting) {
    const done = await d.db.transaction(async (tx) => {
      const claimed = await parsedRows(
        tx,
        sql`UPDATE alert_preference SET digest_day = ${today}::date
            WHERE usr_id = ${usrId} AND (digest_day IS NULL OR digest_day < ${today}::date) RETURNING usr_id`,
        z.object({ usr_id: z.number() }),
      );
      if (!claimed.length) return false;
      const due = await parsedRows(
        tx,
        sql`SELECT a.alert_id, a.kind, a.facts, u.usr_name, u.culture_id FROM alert a JOIN users u ON u.usr_id = a.usr_id
            WHERE a.usr_id = ${usrId} AND a.email_state = 'digest' ORDER BY a.alert_id FOR UPDATE OF a`,
        dueRow,
      );
      if (!due.length) return false;
      d.mailer.send(
        digestMail(
          d.publicUrl,
          due[0]!.usr_name,
          due.map((a) => ({ kind: a.kind, facts: a.facts as AlertFacts })),
          due[0]!.culture_id,
        ),
      );
      await tx.execute(
        sql`UPDATE alert SET email_state = 'sent', emailed_on = ${now.toISOString()}::timestamptz
            WHERE alert_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(due.map((a) => a.alert_id))}::jsonb)::bigint)`,
      );
      return true;
    });
    if (done) sent++;
    await d.checkpoint?.('digest');
  }
  return sent;
}
