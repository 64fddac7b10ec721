// AlertWs (issue 29): the notification centre's list, unread count and marking read, and the
// preferences. A customer sees and marks only their own alerts (every query is by the caller's
// usr_id); each method implements its contract of @payd/schemas alertBodies.ts.
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  ALERT_KINDS,
  getAlertPreferences,
  getAlerts,
  getUnreadAlertCount,
  markAlertsRead,
  saveAlertPreferences,
  type AlertFacts,
  type AlertKind,
  type AlertRow,
} from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { alert } from '../db/schema.ts';
import { accessDenied } from '../wire/errors.ts';
import { cultureOfRequest, type MethodContext } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { localizedAlertText } from './texts.ts';

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
    implement(getAlerts, async (body, ctx) => {
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
      // In the language of the page that asks (the scope header), so a switch shows it at once.
      const cultureId = cultureOfRequest(ctx.request);
      const Alerts: AlertRow[] = found.flatMap((a) => {
        if (!isKind(a.kind)) return [];
        const t = localizedAlertText(a.kind, a.facts as AlertFacts, cultureId);
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
    }),
    implement(getUnreadAlertCount, async (_body, ctx) => {
      return { Unread: await unread(db, userOf(ctx)) };
    }),
    implement(markAlertsRead, async (body, ctx) => {
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
    }),
    implement(getAlertPreferences, async (_body, ctx) => {
      return { Preferences: await preferencesOf(db, userOf(ctx)) };
    }),
    implement(saveAlertPreferences, async (body, ctx) => {
      const usrId = userOf(ctx);
      await savePreferences(db, usrId, body.Preferences, clock.now());
      return { Preferences: await preferencesOf(db, usrId) };
    }),
  ];
}
