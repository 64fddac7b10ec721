// One route per back office screen (/staff/{path}/{record id}?), each the generic master/detail
// screen of its service; the open record's id follows the URL so a record can be linked.
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MasterDetailScreen } from '../framework/index.ts';
import { kycScreen, supportScreen, usersScreen, type StaffScreen } from './screens.ts';
import { StatusHistory } from './StatusHistory.tsx';

function StaffScreenPage({ screen, withHistory }: { screen: StaffScreen; withHistory?: boolean }) {
  const { mstId } = useParams();
  const navigate = useNavigate();
  const basePath = `/staff/${screen.path}`;
  const onRecordKey = useCallback(
    (key: string | null) => {
      const target = key ? `${basePath}/${encodeURIComponent(key)}` : basePath;
      if (window.location.pathname !== target) void navigate(target, { replace: true });
    },
    [navigate, basePath],
  );
  const { config } = screen;
  return (
    <MasterDetailScreen
      key={config.service}
      config={config}
      mstId={mstId}
      basePath={basePath}
      onRecordKey={onRecordKey}
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

export function SupportRequestsPage() {
  return <StaffScreenPage screen={supportScreen} />;
}

export function UsersPage() {
  return <StaffScreenPage screen={usersScreen} />;
}
