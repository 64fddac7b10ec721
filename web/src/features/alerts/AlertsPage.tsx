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
import { formatDateTime } from '@payd/i18n';
import { useAlertPreferences, useAlerts, useMarkAlertsRead, useSaveAlertPreferences } from './alertsApi.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

/** When an alert was made, in UTC, as the reader's language writes a date and time. */
export const alertTime = ({ t, lang }: Pick<Translate, 't' | 'lang'>, iso: string) =>
  t('alerts.when', {
    time: formatDateTime(lang, new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  });

function AlertItem({ alert, onRead }: { alert: AlertRow; onRead: (id: number) => void }) {
  const tr = useT();
  const { t, message } = tr;
  return (
    <Card withBorder padding="md" bg={alert.Read ? undefined : 'var(--mantine-color-blue-0)'} component="li">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={alert.Read ? 500 : 700}>
            {!alert.Read && <VisuallyHidden>{t('alerts.unreadPrefix')} </VisuallyHidden>}
            {message(alert.Title)}
          </Text>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {alertTime(tr, alert.CreatedOn)}
          </Text>
        </Group>
        <Text fz="sm">{message(alert.Body)}</Text>
        <Group gap="md">
          <Anchor
            component={Link}
            to={alert.ActionPath}
            fz="sm"
            onClick={() => !alert.Read && onRead(alert.AlertId)}
          >
            {message(alert.ActionLabel)}
          </Anchor>
          {!alert.Read && (
            <Button variant="subtle" size="compact-sm" onClick={() => onRead(alert.AlertId)}>
              {t('alerts.markRead')}
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
  const { t } = useT();
  if (list.isPending) return <Loader role="status" aria-label={t('alerts.loading')} />;
  if (list.isError) return <Callout color="red">{t('alerts.notLoaded')}</Callout>;
  const { Alerts, Unread } = list.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text>{Unread ? t('alerts.unread', { count: Unread }) : t('alerts.noUnread')}</Text>
        {Unread > 0 && (
          <Button
            variant="light"
            size="xs"
            loading={mark.isPending}
            onClick={() => mark.mutate({ all: true })}
          >
            {t('alerts.markAllRead')}
          </Button>
        )}
      </Group>
      {Alerts.length === 0 ? (
        <Text c="dimmed">{t('alerts.none')}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('nav.alerts')}
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
  const { t, message } = useT();
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
        <Table withTableBorder aria-label={t('alerts.channels')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alerts.alert')}</Table.Th>
              <Table.Th>{t('alerts.email')}</Table.Th>
              <Table.Th>{t('alerts.inApp')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ALERT_KINDS.map((kind) => {
              const c = alertChannels(prefs, kind);
              const label = message(ALERT_KIND_LABELS[kind]);
              return (
                <Table.Tr key={kind}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('alerts.byEmail', { label })}
                      checked={c.email}
                      onChange={(e) => setChannel(kind, 'email', e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('alerts.byApp', { label })}
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
          label={t('alerts.digest')}
          checked={prefs.digest}
          onChange={(e) => {
            const digest = e.currentTarget.checked;
            setPrefs((p) => ({ ...p, digest }));
          }}
        />
        <TextInput
          label={t('alerts.bands')}
          description={t('alerts.bandsHint')}
          value={bandsText}
          onChange={(e) => setBandsText(e.currentTarget.value)}
          error={message(errors.bands)}
        />
        <NumberInput
          label={t('alerts.offlineEpochs')}
          description={t('alerts.offlineEpochsHint')}
          min={1}
          max={225}
          allowDecimal={false}
          value={prefs.offlineEpochs}
          onChange={(v) => setPrefs((p) => ({ ...p, offlineEpochs: typeof v === 'number' ? v : Number(v) }))}
          error={message(errors.offlineEpochs)}
        />
        {save.isError && <Callout color="red">{t('alerts.notSaved')}</Callout>}
        {done && (
          <Text c="green" role="status">
            {t('alerts.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('alerts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AlertsPage() {
  const prefs = useAlertPreferences();
  const { t } = useT();
  return (
    <Stack gap="xl" maw={820}>
      <Stack gap="sm">
        <Title order={1}>{t('nav.alerts')}</Title>
        <AlertList />
      </Stack>
      <Stack gap="sm">
        <Title order={2}>{t('alerts.settings')}</Title>
        {prefs.data ? (
          <PreferencesForm saved={prefs.data} />
        ) : prefs.isError ? (
          <Callout color="red">{t('alerts.settingsNotLoaded')}</Callout>
        ) : (
          <Loader role="status" aria-label={t('alerts.settingsLoading')} />
        )}
      </Stack>
    </Stack>
  );
}
