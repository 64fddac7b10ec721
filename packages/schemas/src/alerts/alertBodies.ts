// AlertWs' request bodies and replies (issue 29): one contract per method, the server parses the
// bodies, the web types its calls with the replies.
import { z } from 'zod';
import { alertPreferencesSchema, type AlertPreferences, type AlertRow } from './alerts.ts';

/** Most alerts GetAlerts returns at once. */
export const ALERT_LIST_MAX = 100;

const alertId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const getAlertsBody = z
  .object({
    /** How many, newest first (default 50). */
    topN: z.number().int().min(1).max(ALERT_LIST_MAX).optional(),
    /** Only alerts older than this id (the next page). */
    beforeId: alertId.optional(),
  })
  .strict();

export const getUnreadAlertCountBody = z.object({}).strict();

export const markAlertsReadBody = z
  .object({
    /** These alerts; or every alert of the caller with `all`. */
    AlertIds: z.array(alertId).min(1).max(ALERT_LIST_MAX).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.AlertIds !== undefined) !== (b.all !== undefined), {
    message: 'Name the alerts (AlertIds) or all, not both.',
    path: ['AlertIds'],
  });

export const getAlertPreferencesBody = z.object({}).strict();

export const saveAlertPreferencesBody = z.object({ Preferences: alertPreferencesSchema }).strict();

export interface GetAlertsReply {
  Alerts: AlertRow[];
  Unread: number;
}
export interface UnreadAlertCountReply {
  Unread: number;
}
export interface MarkAlertsReadReply {
  Marked: number;
  Unread: number;
}
export interface AlertPreferencesReply {
  Preferences: AlertPreferences;
}

/** The service of the alert methods: POST /webservices/AlertWs.asmx/{Method}. */
export const ALERT_SERVICE = 'Alert';
