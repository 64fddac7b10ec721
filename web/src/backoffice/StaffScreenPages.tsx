// One route per back office screen (/staff/{path}/{record id}?), each the generic master/detail
// screen of its service; the open record's id follows the URL so a record can be linked, and
// `?search=` starts the quick search (a DrillDown from another screen).
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MasterDetailScreen } from '../framework/index.ts';
import {
  corporateScreen,
  kycScreen,
  supportScreen,
  transactionsScreen,
  usersScreen,
  walletsScreen,
  type StaffScreen,
} from './screens.ts';
import { StatusHistory } from './StatusHistory.tsx';
import { drillDownPath } from './drillDown.ts';

function StaffScreenPage({
  screen,
  withHistory,
  onDrillDown,
}: {
  screen: StaffScreen;
  withHistory?: boolean;
  onDrillDown?: (key: string, mst: Record<string, unknown>) => void;
}) {
  const { mstId } = useParams();
  const [params] = useSearchParams();
  const basePath = `/staff/${screen.path}`;
  // The address bar follows the open record without a router navigation: a new pathname is a
  // page change to the app (RootLayout scrolls to the top), and the router applies navigations
  // in a transition that can land a second later, after the reviewer has scrolled down and
  // opened a dropdown (the Status dropdown then jumped away and closed). Deep links to
  // /staff/{screen}/{id} still come in through the router (mstId).
  const onRecordKey = useCallback(
    (key: string | null) => {
      const target = key ? `${basePath}/${encodeURIComponent(key)}` : basePath;
      if (window.location.pathname !== target)
        window.history.replaceState(window.history.state, '', `${target}${window.location.search}`);
    },
    [basePath],
  );
  const { config } = screen;
  return (
    <MasterDetailScreen
      key={config.service}
      config={config}
      mstId={mstId}
      basePath={basePath}
      onRecordKey={onRecordKey}
      onDrillDown={onDrillDown}
      initialSearch={params.get('search') ?? undefined}
      renderExtra={
        withHistory
          ? (mst) => {
              const key = mst[config.keys.mstKey];
              if (key === null || key === undefined || key === '') return null;
              return (
                <StatusHistory
                  service={config.service}
                  keyId={String(key)}
                  version={mst[config.keys.version!]}
                />
              );
            }
          : undefined
      }
    />
  );
}

export function KycReviewPage() {
  return <StaffScreenPage screen={kycScreen} withHistory />;
}

export function KycCorporatesPage() {
  return <StaffScreenPage screen={corporateScreen} withHistory />;
}

export function SupportRequestsPage() {
  return <StaffScreenPage screen={supportScreen} />;
}

export function UsersPage() {
  const navigate = useNavigate();
  // DrillDown: the user's KYC records (their e-mail is the record's stored e-mail address).
  const onDrillDown = useCallback(
    (_key: string, mst: Record<string, unknown>) => void navigate(drillDownPath.userKyc(mst)),
    [navigate],
  );
  return <StaffScreenPage screen={usersScreen} onDrillDown={onDrillDown} />;
}

export function WalletsPage() {
  const navigate = useNavigate();
  // DrillDown: the wallet's deposits, withdrawals and rewards on the transactions screen.
  const onDrillDown = useCallback(
    (_key: string, mst: Record<string, unknown>) => void navigate(drillDownPath.walletTransactions(mst)),
    [navigate],
  );
  return <StaffScreenPage screen={walletsScreen} onDrillDown={onDrillDown} />;
}

export function TransactionsPage() {
  return <StaffScreenPage screen={transactionsScreen} />;
}
