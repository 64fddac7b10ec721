// The web's references to the alert contracts (contract/contract.ts `ref`): typed by the contracts,
// free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './alertBodies.ts';

export const Alert = {
  GetAlerts: ref<typeof c.getAlerts>('Alert', 'GetAlerts'),
  GetUnreadAlertCount: ref<typeof c.getUnreadAlertCount>('Alert', 'GetUnreadAlertCount'),
  MarkAlertsRead: ref<typeof c.markAlertsRead>('Alert', 'MarkAlertsRead'),
  GetAlertPreferences: ref<typeof c.getAlertPreferences>('Alert', 'GetAlertPreferences'),
  SaveAlertPreferences: ref<typeof c.saveAlertPreferences>('Alert', 'SaveAlertPreferences'),
} as const;
