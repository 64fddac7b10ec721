// AlertWs' request bodies and replies (issue 29): one contract per method, the server parses the
// bodies, the web types its calls with the replies.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import { ALERT_KINDS, alertPreferencesSchema, type AlertRow } from './alerts.ts';

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

const unreadCount = z.number().int().min(0);
const alertRow: z.ZodType<AlertRow> = z.strictObject({
  AlertId: z.number().int().positive(),
  Kind: z.enum(ALERT_KINDS),
  Title: z.string(),
  Body: z.string(),
  ActionLabel: z.string(),
  ActionPath: z.string(),
  CreatedOn: z.string(),
  Read: z.boolean(),
});
const preferencesReply = z.strictObject({ Preferences: alertPreferencesSchema });

export const getAlerts = defineContract({
  service: 'Alert',
  method: 'GetAlerts',
  summary: "The caller's in-app alerts, newest first, and how many are unread.",
  auth: 'user',
  body: getAlertsBody,
  reply: z.strictObject({ Alerts: z.array(alertRow), Unread: unreadCount }),
  example: { body: { topN: 20 } },
});
export const getUnreadAlertCount = defineContract({
  service: 'Alert',
  method: 'GetUnreadAlertCount',
  summary: "How many of the caller's in-app alerts are unread (the header's count).",
  auth: 'user',
  body: getUnreadAlertCountBody,
  reply: z.strictObject({ Unread: unreadCount }),
  example: { body: {}, reply: { Unread: 2 } },
});
export const markAlertsRead = defineContract({
  service: 'Alert',
  method: 'MarkAlertsRead',
  summary: 'Marks the named alerts of the caller, or all of them, read.',
  auth: 'user',
  body: markAlertsReadBody,
  reply: z.strictObject({ Marked: z.number().int().min(0), Unread: unreadCount }),
  example: { body: { all: true }, reply: { Marked: 2, Unread: 0 } },
});
export const getAlertPreferences = defineContract({
  service: 'Alert',
  method: 'GetAlertPreferences',
  summary: "The caller's alert settings: channels per kind, daily digest, ratio bands, offline epochs.",
  auth: 'user',
  body: getAlertPreferencesBody,
  reply: preferencesReply,
  example: { body: {} },
});
export const saveAlertPreferences = defineContract({
  service: 'Alert',
  method: 'SaveAlertPreferences',
  summary: "Saves the caller's alert settings and answers them as stored.",
  auth: 'user',
  body: saveAlertPreferencesBody,
  reply: preferencesReply,
  example: {
    body: { Preferences: { channels: {}, digest: false, bands: [150, 125], offlineEpochs: 3 } },
  },
});

export type GetAlertsReply = z.output<typeof getAlerts.reply>;
export type UnreadAlertCountReply = z.output<typeof getUnreadAlertCount.reply>;
export type MarkAlertsReadReply = z.output<typeof markAlertsRead.reply>;
export type AlertPreferencesReply = z.output<typeof getAlertPreferences.reply>;
