// The header's way into the notification centre: 'Alerts' with the unread count, for a signed-in
// customer. The link's name is its visible text and the count, then 'unread' for a screen reader
// (no aria-label: the name must contain what is shown, WCAG 2.5.3).
import { Anchor, Badge, Group, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ALERTS_PATH } from './paths.ts';
import { useUnreadAlertCount } from './alertsApi.ts';
import { useT } from '../../i18n/useT.ts';

export function AlertBell() {
  const unread = useUnreadAlertCount(true).data ?? 0;
  const { t } = useT();
  return (
    <Anchor component={Link} to={ALERTS_PATH} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        {t('nav.alerts')}
        {unread > 0 && (
          <Badge size="sm" color="red" circle={unread < 10}>
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
        {unread > 0 && <VisuallyHidden>{t('alerts.unreadHidden')}</VisuallyHidden>}
      </Group>
    </Anchor>
  );
}
