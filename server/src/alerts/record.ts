// Writes what the evaluators found as alerts, each exactly once whatever runs at the same time.
//
// Conditions (credits low, a validator offline, a cache below a band, recovery mode) hold for a while:
// an evaluator passes every condition of its kind that holds now, and recordConditions, in one
// transaction, (1) clears the conditions of that kind (within the evaluated customers) that no longer
// hold, (2) begins the ones that hold and were not active (occurrence + 1; an active one stays as it
// is, so no duplicate), (3) inserts the alert of each active condition's occurrence, ON CONFLICT DO
// NOTHING on (usr_id, kind, subject, occurrence). Two instances running it at once block on the same
// condition rows and the alert key: one alert. A run killed before (3) commits leaves nothing, so the
// next run does it all again; step (3) also repairs an active condition that has no alert.
//
// Events (activated, exited, a withdrawal paid) happen once: their occurrence is their own key.
// The channels of the customer's preferences are applied as the alert is written (in_app,
// email_state); a kind with both turned off is still recorded, so turning it on does not replay it.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AlertFacts, AlertKind } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { parsedRows, type Executor } from '../framework/sqlText.ts';

/** A condition that holds, or an event, for one customer. */
export interface Finding {
  usrId: number;
  /** What it is about within the kind: a validator's public key, `<owner>:<band>`, 'credits'. */
  subject: string;
  facts: AlertFacts;
}

export interface EventFinding extends Finding {
  /** The event's own key (e.g. a withdrawal's slot). */
  occurrence: string;
}

export interface RecordOptions {
  now: Date;
  /** The customers the evaluator looked at; conditions of others are left as they are (default: all). */
  scope?: readonly number[];
  /**
   * When set, clearing a condition is itself told (recovery mode ending): an alert with these facts
   * and the occurrence `<n>-cleared`, in the same transaction.
   */
  clearedFacts?: AlertFacts;
}

/** The alert's channels from the customer's preferences (alias p: alert_preference, maybe null). */
function channelColumns(kind: AlertKind): { inApp: SQL; emailState: SQL } {
  const channel = sql`(p.prefs -> 'channels' -> ${kind})`;
  return {
    inApp: sql`coalesce((${channel} ->> 'inApp')::boolean, true)`,
    emailState: sql`CASE WHEN NOT coalesce((${channel} ->> 'email')::boolean, true) THEN 'off'
                         WHEN coalesce((p.prefs ->> 'digest')::boolean, false) THEN 'digest' ELSE 'pending' END`,
  };
}

const findingsTable = (findings: readonly Finding[]) => {
  // Sorted and unique: concurrent runs lock condition rows in the same order (no deadlock), and one
  // statement never touches a row twice.
  const unique = new Map<string, Finding>();
  for (const f of findings) unique.set(`${f.usrId}\u0000${f.subject}`, f);
  const sorted = [...unique.values()].sort(
    (a, b) => a.usrId - b.usrId || (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0),
  );
  const json = JSON.stringify(sorted.map((f) => ({ u: f.usrId, s: f.subject, f: f.facts })));
  return sql`(SELECT (x ->> 'u')::int AS usr_id, x ->> 's' AS subject, x -> 'f' AS facts, n
              FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS t(x, n))`;
};

const idRows = z.object({ alert_id: z.coerce.number() });

/** Records the conditions of `kind` that hold now; returns the ids of the alerts it wrote. */
export async function recordConditions(
  db: Db,
  kind: AlertKind,
  findings: readonly Finding[],
  o: RecordOptions,
): Promise<number[]> {
  const now = o.now.toISOString();
  const f = findingsTable(findings);
  const inScope = o.scope
    ? sql`c.usr_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(o.scope)}::jsonb)::int)`
    : sql`true`;
  const { inApp, emailState } = channelColumns(kind);
  return db.transaction(async (tx) => {
    const cleared = await parsedRows(
      tx,
      sql`UPDATE alert_condition c SET active = false, changed_on = ${now}::timestamptz
          WHERE c.kind = ${kind} AND c.active AND ${inScope}
            AND NOT EXISTS (SELECT 1 FROM ${f} f WHERE f.usr_id = c.usr_id AND f.subject = c.subject)
          RETURNING c.usr_id, c.subject, c.occurrence`,
      z.object({ usr_id: z.number(), subject: z.string(), occurrence: z.number() }),
    );
    const written: number[] = [];
    if (o.clearedFacts && cleared.length) {
      written.push(
        ...(await insertEvents(
          tx,
          kind,
          cleared.map((c) => ({
            usrId: c.usr_id,
            subject: c.subject,
            occurrence: `${c.occurrence}-cleared`,
            facts: o.clearedFacts!,
          })),
          now,
        )),
      );
    }
    if (!findings.length) return written;
    await tx.execute(
      sql`INSERT INTO alert_condition (usr_id, kind, subject, occurrence, active, changed_on)
          SELECT f.usr_id, ${kind}, f.subject, 1, true, ${now}::timestamptz FROM ${f} f ORDER BY f.n
          ON CONFLICT (usr_id, kind, subject) DO UPDATE
            SET active = true, occurrence = alert_condition.occurrence + 1, changed_on = excluded.changed_on
            WHERE NOT alert_condition.active`,
    );
    const inserted = await parsedRows(
      tx,
      sql`INSERT INTO alert (usr_id, kind, subject, occurrence, facts, created_on, in_app, email_state)
          SELECT f.usr_id, ${kind}, f.subject, c.occurrence::text, f.facts, ${now}::timestamptz, ${inApp}, ${emailState}
          FROM ${f} f
          JOIN alert_condition c ON c.usr_id = f.usr_id AND c.kind = ${kind} AND c.subject = f.subject AND c.active
          LEFT JOIN alert_preference p ON p.usr_id = f.usr_id
          ORDER BY f.n
          ON CONFLICT (usr_id, kind, subject, occurrence) DO NOTHING
          RETURNING alert_id`,
      idRows,
    );
    return [...written, ...inserted.map((r) => r.alert_id)];
  });
}

async function insertEvents(
  tx: Executor,
  kind: AlertKind,
  events: readonly EventFinding[],
  now: string,
): Promise<number[]> {
  if (!events.length) return [];
  const json = JSON.stringify(events.map((e) => ({ u: e.usrId, s: e.subject, o: e.occurrence, f: e.facts })));
  const { inApp, emailState } = channelColumns(kind);
  const inserted = await parsedRows(
    tx,
    sql`INSERT INTO alert (usr_id, kind, subject, occurrence, facts, created_on, in_app, email_state)
        SELECT (x ->> 'u')::int, ${kind}, x ->> 's', x ->> 'o', x -> 'f', ${now}::timestamptz, ${inApp}, ${emailState}
        FROM jsonb_array_elements(${json}::jsonb) AS t(x)
        LEFT JOIN alert_preference p ON p.usr_id = (x ->> 'u')::int
        ON CONFLICT (usr_id, kind, subject, occurrence) DO NOTHING
        RETURNING alert_id`,
    idRows,
  );
  return inserted.map((r) => r.alert_id);
}

/** Records events of `kind` (each once by its occurrence key); returns the ids of the alerts it wrote. */
export async function recordEvents(
  db: Db,
  kind: AlertKind,
  events: readonly EventFinding[],
  now: Date,
): Promise<number[]> {
  return insertEvents(db, kind, events, now.toISOString());
}
