// What the wallet status page (/accountStatus, spec 001 section 4 'Wallet registration status')
// shows for a GetWalletStatus reply, as a pure function; tested in accountStatusRules.test.ts.
import { walletCheckedPaths, DASHBOARD_PATH } from '../../shell/navigation/paths.ts';
import type { RememberedOrigin } from '../../shell/navigation/guards.ts';
import type { WalletStatus } from './stakingApi.ts';

export const AccountStatusMessages = {
  title: 'Wallet Status',
  terminatedTitle: 'Account Has Been Terminated',
  // Spec 001's terminated message, told as it is: the exits take the beacon chain a day or more,
  // so the ETH is on its way, not moved yet (issue 24); the page lists each exit's date below.
  terminated:
    'Your validators have been exited because your account did not have enough balance for the daily charges. Their ETH is moved to your withdrawal address as the beacon chain processes the exits: below is where each exit stands and when its ETH is expected. Questions?',
  switchWallet:
    'Another wallet is already registered to this account. Please switch to that wallet in your wallet app.',
  agentLabel: 'Select Agent ID (if applicable): ',
  agentHelp:
    'An agent is the person or company who referred you to payd, through whom you stake. Optional: leave it empty if no one did.',
  confirm: 'Confirm Wallet Registration',
} as const;

/** 'Approved', 'Declined' or 'Not Registered'. */
export function walletStatusText(code: string): string {
  return code === 'A' ? 'Approved' : code === 'D' ? 'Declined' : 'Not Registered';
}

/** The status badge's colour: teal approved, red declined, gray otherwise. */
export function walletStatusColor(code: string): 'teal' | 'red' | 'gray' {
  return code === 'A' ? 'teal' : code === 'D' ? 'red' : 'gray';
}

export type AccountStatusView =
  /** Approved and the connected wallet: the user goes on. */
  | { kind: 'approved' }
  /** Declined: the account is treated as terminated. */
  | { kind: 'terminated' }
  /** Another wallet is tied to the account: switch to it. */
  | { kind: 'switch'; registered: string | null }
  /** Not registered and no wallet yet: pick an agent and confirm the registration. */
  | { kind: 'register' };

export function accountStatusView(s: WalletStatus): AccountStatusView {
  if (s.StakeWalletStatusCd2 === 'A') return { kind: 'approved' };
  if (s.StakeWalletStatusCd2 === 'D') return { kind: 'terminated' };
  if (s.SwitchWallet === 'Y') return { kind: 'switch', registered: s.RegisteredWalletAddr };
  return { kind: 'register' };
}

/** Where an approved user goes on: the checked page they were sent here from, else /dashboard. */
export function onwardTarget(origin: RememberedOrigin | null): string {
  if (origin && (walletCheckedPaths as readonly string[]).includes(origin.pathname))
    return origin.pathname + (origin.search ?? '');
  return DASHBOARD_PATH;
}

/** Wallet page delay before an approved user is sent on (spec 001 section 9). */
export const WALLET_PAGE_DELAY_MS = 1200;
