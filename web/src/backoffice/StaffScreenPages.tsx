// One route per back office screen, each the generic master/detail screen of its service.
import { MasterDetailScreen } from '../framework/index.ts';
import { kycScreen, supportScreen, usersScreen } from './screens.ts';
import { StatusHistory } from './StatusHistory.tsx';

export function KycReviewPage() {
  const { config } = kycScreen;
  return (
    <MasterDetailScreen
      key={config.service}
      config={config}
      renderExtra={(mst) => {
        const key = mst[config.keys.mstKey];
        if (key === null || key === undefined || key === '') return null;
        return (
          <StatusHistory service={config.service} keyId={String(key)} version={mst[config.keys.version!]} />
        );
      }}
    />
  );
}

export function SupportRequestsPage() {
  return <MasterDetailScreen key={supportScreen.config.service} config={supportScreen.config} />;
}

export function UsersPage() {
  return <MasterDetailScreen key={usersScreen.config.service} config={usersScreen.config} />;
}
