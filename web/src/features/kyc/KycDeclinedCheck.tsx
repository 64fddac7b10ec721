// The KYC check in front of the protected (wallet) routes: a customer whose KYC was declined goes
// to the KYC status page; one whose KYC is not approved yet is told where it stands and what to do
// (kycGate.ts) instead of being asked to connect a wallet. Its own module, loaded with the first
// protected route, so the login page does not download the KYC page layout.
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { isStaffRole } from '../../shell/session/staffRoles.ts';
import { useKycRecords } from './kycApi.ts';
import { walletPagesNotice, type WalletPagesNotice } from './kycGate.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { corporateState, declinedRedirect, personState } from './kycStatus.ts';
import { useT } from '../../i18n/useT.ts';

/**
 * Pages open before approval: the support request page has its own KYC rule (spec 002, 'Support
 * request screen'), and the wallet status page connects and registers a wallet, which the server
 * accepts at any KYC stage (the on-chain approval follows the KYC's).
 */
const UNGATED_PATHS = ['/customer-support', '/accountStatus'];

/**
 * In front of the protected routes: a customer whose KYC was declined (DE) goes to the KYC status
 * page instead, which shows 'Status: KYC Declined' and the reason; one not approved yet sees why.
 */
export function KycDeclinedCheck() {
  const { user } = useSession();
  // Staff have no KYC record of their own.
  if (!user || isStaffRole(user.role)) return <Outlet />;
  return <CustomerDeclinedCheck />;
}

function CustomerDeclinedCheck() {
  const records = useKycRecords();
  const { pathname } = useLocation();
  if (records.isPending) return <KycSpinner />;
  if (records.isError) return <Outlet />;
  const person = personState(records.person);
  const corporate = corporateState(records.corporate);
  const to = declinedRedirect(person, corporate);
  if (to) return <Navigate to={to} replace />;
  const notice = UNGATED_PATHS.includes(pathname) ? null : walletPagesNotice(person, corporate);
  return notice ? <KycNotice notice={notice} /> : <Outlet />;
}

const toneColor: Record<WalletPagesNotice['tone'], string> = {
  waiting: 'blue',
  problem: 'orange',
  start: 'payd',
};

function KycNotice({ notice }: { notice: WalletPagesNotice }) {
  const { t, message } = useT();
  return (
    <KycPage title={t('kyc.gate.title')}>
      <Alert
        color={toneColor[notice.tone]}
        variant="light"
        title={message(notice.title)}
        data-testid="kyc-notice"
      >
        <Text size="sm">{message(notice.message)}</Text>
      </Alert>
      <Group justify="flex-end">
        <Button component={Link} to={notice.action.to}>
          {message(notice.action.label)}
        </Button>
      </Group>
    </KycPage>
  );
}
