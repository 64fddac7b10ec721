// The notification centre (issue 29): the customer's alerts, newest first, each with what happened,
// what it means in money and the one action that helps; marking read; and the alert settings per
// kind and channel, the daily digest, the cache's ratio bands and the validator's offline epochs.
// Texts come from @payd/schemas (the server makes each alert's text from them).
import {
  Alert as Callout,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ALERT_KINDS,
  ALERT_KIND_LABELS,
  alertChannels,
  alertPreferencesSchema,
  type AlertPreferences,
  type AlertRow,
} from '@payd/schemas';
import { useAlertPreferences, useAlerts, useMarkAlertsRead, useSaveAlertPreferences } from './alertsApi.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
  ' UTC';

function AlertItem({ alert, onRead }: { alert: AlertRow; onRead: (id: number) => void }) {
  return (
    <Card withBorder padding="md" bg={alert.Read ? undefined : 'var(--mantine-color-blue-0)'} component="li">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={alert.Read ? 500 : 700}>
            {!alert.Read && <VisuallyHidden>Unread: </VisuallyHidden>}
            {alert.Title}
          </Text>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {when(alert.CreatedOn)}
          </Text>
        </Group>
        <Text fz="sm">{alert.Body}</Text>
        <Group gap="md">
          <Anchor
            component={Link}
            to={alert.ActionPath}
            fz="sm"
            onClick={() => !alert.Read && onRead(alert.AlertId)}
          >
            {alert.ActionLabel}
          </Anchor>
          {!alert.Read && (
            <Button variant="subtle" size="compact-sm" onClick={() => onRead(alert.AlertId)}>
              Mark read
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function AlertList() {
  const list = useAlerts();
  const mark = useMarkAlertsRead();
  if (list.isPending) return <Loader aria-label="Loading alerts" />;
  if (list.isError)
    return <Callout color="red">Your alerts could not be loaded. Try again in a moment.</Callout>;
  const { Alerts, Unread } = list.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text>{Unread ? `${Unread} unread` : 'No unread alerts'}</Text>
        {Unread > 0 && (
          <Button
            variant="light"
            size="xs"
            loading={mark.isPending}
            onClick={() => mark.mutate({ all: true })}
          >
            Mark all read
          </Button>
        )}
      </Group>
      {Alerts.length === 0 ? (
        <Text c="dimmed">Nothing yet. payd tells you here when something needs you.</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Alerts"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {Alerts.map((a) => (
            <AlertItem key={a.AlertId} alert={a} onRead={(id) => mark.mutate({ AlertIds: [id] })} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PreferencesForm({ saved }: { saved: AlertPreferences }) {
  const save = useSaveAlertPreferences();
  const [prefs, setPrefs] = useState(saved);
  const [bandsText, setBandsText] = useState(saved.bands.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  useEffect(() => setDone(false), [prefs, bandsText]);

  const setChannel = (kind: (typeof ALERT_KINDS)[number], channel: 'email' | 'inApp', on: boolean) =>
    setPrefs((p) => ({
      ...p,
      channels: { ...p.channels, [kind]: { ...alertChannels(p, kind), [channel]: on } },
    }));

  const submit = () => {
    const bands = bandsText
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((b) => Number(b.replace('%', '')));
    const parsed = alertPreferencesSchema.safeParse({ ...prefs, bands });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (p) => {
        setBandsText(p.bands.join(', '));
        setDone(true);
      },
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Table withTableBorder aria-label="Alert channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alert</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>In the app</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ALERT_KINDS.map((kind) => {
              const c = alertChannels(prefs, kind);
              return (
                <Table.Tr key={kind}>
                  <Table.Td>{ALERT_KIND_LABELS[kind]}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${ALERT_KIND_LABELS[kind]} by e-mail`}
                      checked={c.email}
                      onChange={(e) => setChannel(kind, 'email', e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${ALERT_KIND_LABELS[kind]} in the app`}
                      checked={c.inApp}
                      onChange={(e) => setChannel(kind, 'inApp', e.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Checkbox
          label="Send my e-mail alerts once a day, as a digest"
          checked={prefs.digest}
          onChange={(e) => {
            const digest = e.currentTarget.checked;
            setPrefs((p) => ({ ...p, digest }));
          }}
        />
        <TextInput
          label="Collateral ratio bands (%)"
          description="An alert when your cache's collateral ratio falls below each, e.g. 150, 125"
          value={bandsText}
          onChange={(e) => setBandsText(e.currentTarget.value)}
          error={errors.bands}
        />
        <NumberInput
          label="Epochs before a validator counts as offline"
          description="An epoch is about 6.4 minutes"
          min={1}
          max={225}
          allowDecimal={false}
          value={prefs.offlineEpochs}
          onChange={(v) => setPrefs((p) => ({ ...p, offlineEpochs: typeof v === 'number' ? v : Number(v) }))}
          error={errors.offlineEpochs}
        />
        {save.isError && (
          <Callout color="red">Your settings could not be saved. Try again in a moment.</Callout>
        )}
        {done && (
          <Text c="green" role="status">
            Alert settings saved.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save alert settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AlertsPage() {
  const prefs = useAlertPreferences();
  return (
    <Stack gap="xl" maw={820}>
      <Stack gap="sm">
        <Title order={1}>Alerts</Title>
        <AlertList />
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Alert settings</Title>
        {prefs.data ? (
          <PreferencesForm saved={prefs.data} />
        ) : prefs.isError ? (
          <Callout color="red">Your settings could not be loaded.</Callout>
        ) : (
          <Loader aria-label="Loading alert settings" />
        )}
      </Stack>
    </Stack>
  );
}
