// The payments (/staff/payments) and stake agents (/staff/agents) pages: the generic screen of
// their service, the open record's id following the URL as on the other staff screens.
// (StaffScreenPages.tsx keeps the same frame for its screens; it is not exported from there.)
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { MasterDetailScreen } from '../framework/index.ts';
import { agentsScreen, paymentsScreen, type StaffScreen } from './screens.ts';

function PlainStaffScreen({ screen }: { screen: StaffScreen }) {
  const { mstId } = useParams();
  const [params] = useSearchParams();
  const basePath = `/staff/${screen.path}`;
  // Replace the address without a router navigation (see StaffScreenPages.tsx for why).
  const onRecordKey = useCallback(
    (key: string | null) => {
      const target = key ? `${basePath}/${encodeURIComponent(key)}` : basePath;
      if (window.location.pathname !== target)
        window.history.replaceState(window.history.state, '', `${target}${window.location.search}`);
    },
    [basePath],
  );
  return (
    <MasterDetailScreen
      key={screen.config.service}
      config={screen.config}
      mstId={mstId}
      basePath={basePath}
      onRecordKey={onRecordKey}
      initialSearch={params.get('search') ?? undefined}
    />
  );
}

export function PaymentsPage() {
  return <PlainStaffScreen screen={paymentsScreen} />;
}

export function StakeAgentsPage() {
  return <PlainStaffScreen screen={agentsScreen} />;
}
