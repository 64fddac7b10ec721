// The header's way into the notification centre: 'Alerts' with the unread count, for a signed-in
// customer. The count is part of the link's name, so a screen reader hears it too.
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { ALERTS_PATH } from './paths.ts';
import { useUnreadAlertCount } from './alertsApi.ts';

export function AlertBell() {
  const unread = useUnreadAlertCount(true).data ?? 0;
  return (
    <Anchor
      component={Link}
      to={ALERTS_PATH}
      fz="sm"
      aria-label={unread ? `Alerts, ${unread} unread` : 'Alerts'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <Group gap={4} wrap="nowrap">
        Alerts
        {unread > 0 && (
          <Badge size="sm" color="red" circle={unread < 10} aria-hidden>
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Group>
    </Anchor>
  );
}
