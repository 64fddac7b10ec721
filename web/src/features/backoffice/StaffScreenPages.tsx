// One route per back office screen (/staff/{path}/{record id}?), each the generic master/detail
// screen of its service; the open record's id follows the URL so a record can be linked, and
// `?search=` starts the quick search (a DrillDown from another screen).
import { useCallback, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MasterDetailScreen, recordPath } from '../../framework/index.ts';
import {
  agentsScreen,
  corporateScreen,
  kycScreen,
  paymentsScreen,
  supportScreen,
  transactionsScreen,
  usersScreen,
  walletsScreen,
  type StaffScreen,
} from './screens.ts';
import { chargeCustomer, chargesScreen } from './charges.ts';
import { poolScreen } from './pool.ts';
import { PoolSummary } from './PoolSummary.tsx';
import { CustomerBalance } from './CustomerBalance.tsx';
import { IdentityCheckNote, IdentityChecks } from './IdentityChecks.tsx';
import { StatusHistory } from './StatusHistory.tsx';
import { drillDownPath } from './drillDown.ts';

function StaffScreenPage({
  screen,
  withHistory,
  withIdentityChecks,
  onDrillDown,
  extra,
  header,
}: {
  screen: StaffScreen;
  /** Under the screen's title, above its lists. */
  header?: ReactNode;
  /** Shown below an open record (screens without a status history). */
  extra?: (mst: Record<string, unknown>) => ReactNode;
  withHistory?: boolean;
  /** The reviewer's face comparison and ID document reading (personal KYC records). */
  withIdentityChecks?: boolean;
  onDrillDown?: (key: string, mst: Record<string, unknown>) => void;
}) {
  const { mstId } = useParams();
  const [params] = useSearchParams();
  const basePath = `/staff/${screen.path}`;
  // The address follows the open record through the router (replacing the entry), so mstId is
  // always the record shown: the same route stays mounted and RootLayout keeps the scroll position
  // (it scrolls only when the matched route changes). A record opened by its address (a deep link,
  // back/forward) comes in through mstId.
  const navigate = useNavigate();
  const onRecordKey = useCallback(
    (key: string | null) => {
      const target = recordPath(basePath, key);
      if (window.location.pathname !== target)
        void navigate({ pathname: target, search: window.location.search }, { replace: true });
    },
    [basePath, navigate],
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
      header={header}
      renderFieldNote={
        withIdentityChecks
          ? (column, mst, saved) => {
              const key = mst[config.keys.mstKey];
              if (column !== 'InternalStatus15' || key === null || key === undefined || key === '')
                return null;
              return <IdentityCheckNote personId={String(key)} mst={mst} saved={saved} />;
            }
          : undefined
      }
      renderExtra={
        withHistory
          ? (mst) => {
              const key = mst[config.keys.mstKey];
              if (key === null || key === undefined || key === '') return null;
              return (
                <>
                  {withIdentityChecks && <IdentityChecks personId={String(key)} mst={mst} />}
                  <StatusHistory
                    service={config.service}
                    entity={config.entity}
                    keyId={String(key)}
                    version={mst[config.keys.version!]}
                  />
                </>
              );
            }
          : extra
      }
    />
  );
}

export function KycReviewPage() {
  return <StaffScreenPage screen={kycScreen} withHistory withIdentityChecks />;
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

/** An open charge: its customer's credit balance. */
const chargeBalance = (mst: Record<string, unknown>) => {
  const usrId = chargeCustomer(mst);
  return usrId ? <CustomerBalance usrId={usrId} /> : null;
};

/** Daily charges (StakeChargeWs): view-only for every role; an open charge shows the balance. */
export function ChargesPage() {
  return <StaffScreenPage screen={chargesScreen} extra={chargeBalance} />;
}

/** The validator pool (PoolValidatorWs): its totals and reward reports above its validators; view-only. */
export function PoolPage() {
  return <StaffScreenPage screen={poolScreen} header={<PoolSummary />} />;
}

/** Payments (StakePaymentWs): view-only for every role. */
export function PaymentsPage() {
  return <StaffScreenPage screen={paymentsScreen} />;
}

/** Stake agents (StakeAgentWs): admins only, enforced by the server. */
export function StakeAgentsPage() {
  return <StaffScreenPage screen={agentsScreen} />;
}
