// The calls of the notification centre (AlertWs, contracts in @payd/schemas alertBodies.ts) and
// their react-query keys: the header's unread count and the list share them, so marking an alert
// read on the page updates the count in the header.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, type AlertPreferences } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';

const KEY = ['alerts'] as const;
/** How often the header asks for the unread count. */
const UNREAD_POLL_MS = 30_000;

export function useUnreadAlertCount(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, 'unread'],
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    queryFn: async () => (await api.call(Alert.GetUnreadAlertCount, {})).data.Unread,
  });
}

export function useAlerts() {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, 'list'],
    refetchInterval: UNREAD_POLL_MS,
    queryFn: async () => (await api.call(Alert.GetAlerts, { topN: 50 })).data,
  });
}

export function useMarkAlertsRead() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (which: { AlertIds: number[] } | { all: true }) =>
      (await api.call(Alert.MarkAlertsRead, which)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAlertPreferences() {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, 'preferences'],
    queryFn: async () => (await api.call(Alert.GetAlertPreferences, {})).data.Preferences,
  });
}

export function useSaveAlertPreferences() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (Preferences: AlertPreferences) =>
      (await api.call(Alert.SaveAlertPreferences, { Preferences })).data.Preferences,
    onSuccess: (saved) => client.setQueryData([...KEY, 'preferences'], saved),
  });
}
