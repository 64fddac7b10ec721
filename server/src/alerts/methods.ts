// AlertWs (issue 29): the notification centre's list, unread count and marking read, and the
// preferences. A customer sees and marks only their own alerts (every query is by the caller's
// usr_id); bodies are the contracts of @payd/schemas alertBodies.ts.
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  ALERT_KINDS,
  ALERT_SERVICE,
  alertText,
  getAlertPreferencesBody,
  getAlertsBody,
  getUnreadAlertCountBody,
  markAlertsReadBody,
  saveAlertPreferencesBody,
  type AlertFacts,
  type AlertKind,
  type AlertPreferencesReply,
  type AlertRow,
  type GetAlertsReply,
  type MarkAlertsReadReply,
  type UnreadAlertCountReply,
} from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { alert } from '../db/schema.ts';
import { accessDenied } from '../wire/errors.ts';
import { defineMethod, type MethodContext } from '../wire/method.ts';
import { preferencesOf, savePreferences } from './preferences.ts';

const userOf = (ctx: MethodContext) => {
  if (!ctx.user) throw accessDenied();
  return ctx.user.usrId;
};

const isKind = (k: string): k is AlertKind => (ALERT_KINDS as readonly string[]).includes(k);

async function unread(db: Db, usrId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alert)
    .where(and(eq(alert.usrId, usrId), eq(alert.inApp, true), isNull(alert.readOn)));
  return Number(row?.n ?? 0);
}

export function alertMethods(db: Db, clock: Clock) {
  return [
    defineMethod({
      service: ALERT_SERVICE,
      method: 'GetAlerts',
      body: getAlertsBody,
      auth: 'user',
      async handler(body, ctx): Promise<GetAlertsReply> {
        const usrId = userOf(ctx);
        const found = await db
          .select()
          .from(alert)
          .where(
            and(
              eq(alert.usrId, usrId),
              eq(alert.inApp, true),
              body.beforeId !== undefined ? lt(alert.alertId, body.beforeId) : undefined,
            ),
          )
          .orderBy(desc(alert.alertId))
          .limit(body.topN ?? 50);
        const Alerts: AlertRow[] = found.flatMap((a) => {
          if (!isKind(a.kind)) return [];
          const t = alertText(a.kind, a.facts as AlertFacts);
          return [
            {
              AlertId: a.alertId,
              Kind: a.kind,
              Title: t.title,
              Body: t.body,
              ActionLabel: t.action.label,
              ActionPath: t.action.path,
              CreatedOn: a.createdOn.toISOString(),
              Read: a.readOn !== null,
            },
          ];
        });
        return { Alerts, Unread: await unread(db, usrId) };
      },
    }),
    defineMethod({
      service: ALERT_SERVICE,
      method: 'GetUnreadAlertCount',
      body: getUnreadAlertCountBody,
      auth: 'user',
      async handler(_body, ctx): Promise<UnreadAlertCountReply> {
        return { Unread: await unread(db, userOf(ctx)) };
      },
    }),
    defineMethod({
      service: ALERT_SERVICE,
      method: 'MarkAlertsRead',
      body: markAlertsReadBody,
      auth: 'user',
      async handler(body, ctx): Promise<MarkAlertsReadReply> {
        const usrId = userOf(ctx);
        // Another customer's id is simply not among the caller's rows: nothing of theirs changes.
        const marked = await db
          .update(alert)
          .set({ readOn: clock.now() })
          .where(
            and(
              eq(alert.usrId, usrId),
              isNull(alert.readOn),
              body.AlertIds ? inArray(alert.alertId, body.AlertIds) : sql`true`,
            ),
          )
          .returning({ id: alert.alertId });
        return { Marked: marked.length, Unread: await unread(db, usrId) };
      },
    }),
    defineMethod({
      service: ALERT_SERVICE,
      method: 'GetAlertPreferences',
      body: getAlertPreferencesBody,
      auth: 'user',
      async handler(_body, ctx): Promise<AlertPreferencesReply> {
        return { Preferences: await preferencesOf(db, userOf(ctx)) };
      },
    }),
    defineMethod({
      service: ALERT_SERVICE,
      method: 'SaveAlertPreferences',
      body: saveAlertPreferencesBody,
      auth: 'user',
      async handler(body, ctx): Promise<AlertPreferencesReply> {
        const usrId = userOf(ctx);
        await savePreferences(db, usrId, body.Preferences, clock.now());
        return { Preferences: await preferencesOf(db, usrId) };
      },
    }),
  ];
}
