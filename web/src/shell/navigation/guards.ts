// Route guard decisions of spec 002 section 2, as pure functions of the session and location, so
// they are tested without a browser. Each returns the path to redirect to, or null to stay.
import {
  ACCOUNT_STATUS_PATH,
  DASHBOARD_PATH,
  LOGIN_PATH,
  signedOutOnlyPaths,
  terminatedReadablePaths,
  topNavHiddenPaths,
} from './paths.ts';
import { isStaffRole } from '../session/staffRoles.ts';

export interface GuardLocation {
  pathname: string;
  search: string;
}

/** What the guards remember across the redirect to /login (kept in sessionStorage). */
export interface RememberedOrigin {
  pathname: string;
  search: string;
}

/** Where '/' leads: staff to their review queue, everyone else to the wallet status page (spec 002). */
export const STAFF_HOME_PATH = '/staff/kyc';
export function homePath(role: number | null | undefined): string {
  return isStaffRole(role) ? STAFF_HOME_PATH : ACCOUNT_STATUS_PATH;
}

/** A signed-in route without a user id goes to /login, remembering where the user was going. */
export function requireUser(
  userId: number | null | undefined,
  location: GuardLocation,
): { redirect: string; remember: RememberedOrigin } | null {
  if (userId) return null;
  return { redirect: LOGIN_PATH, remember: { pathname: location.pathname, search: location.search } };
}

/** Where /login sends a signed-in user: the remembered origin plus its query, or '/'. */
export function afterLoginTarget(origin: RememberedOrigin | null): string {
  if (!origin || !origin.pathname.startsWith('/') || origin.pathname.startsWith('//')) return '/';
  if (origin.pathname === LOGIN_PATH) return '/';
  const search = origin.search && !origin.search.startsWith('?') ? `?${origin.search}` : origin.search;
  return origin.pathname + (search ?? '');
}

/**
 * The wallet-state check: unless this session has confirmed its wallet state, a checked route
 * goes through /accountStatus first. The one way past without the flag is /accountStatus
 * itself sending the user on to /dashboard.
 */
export function walletStateRedirect(input: {
  /** The route being entered. */
  target: string;
  /** The path the user came from (null on a fresh page load). */
  from: string | null;
  /** This session already passed the wallet-state check. */
  confirmed: boolean;
  /** The check found the account terminated: only its read-only pages open (issue 24). */
  readOnly?: boolean;
}): string | null {
  if (input.target === ACCOUNT_STATUS_PATH) return null;
  if (input.readOnly) return isTerminatedReadable(input.target) ? null : ACCOUNT_STATUS_PATH;
  if (input.confirmed) return null;
  if (input.from === ACCOUNT_STATUS_PATH && input.target === DASHBOARD_PATH) return null;
  return ACCOUNT_STATUS_PATH;
}

/** Whether a terminated customer may open `pathname` (read-only pages and support). */
export function isTerminatedReadable(pathname: string): boolean {
  return (terminatedReadablePaths as readonly string[]).includes(pathname);
}

/** Signed-in users are sent away from sign-up, reset and restriction pages. */
export function redirectSignedIn(
  userId: number | null | undefined,
  pathname: string,
  origin: RememberedOrigin | null,
): string | null {
  if (!userId) return null;
  if (!(signedOutOnlyPaths as readonly string[]).includes(pathname)) return null;
  return afterLoginTarget(origin);
}

export function showTopNav(pathname: string): boolean {
  return !(topNavHiddenPaths as readonly string[]).includes(pathname);
}

/**
 * The sidebar (spec 001 'Sidebar and top bar'): a known user whose wallet is approved and not
 * declined, i.e. wallet status 'A' ('D' terminates; '' is not registered).
 */
export function showSidebar(
  userName: string | null | undefined,
  walletStatus: string | null | undefined,
): boolean {
  return Boolean(userName && userName.trim()) && walletStatus === 'A';
}

/**
 * The wallet status the navigation goes by: what /accountStatus last found in this tab, else (a
 * lending page opened in a new tab, issue 27) the customer's registered wallets as the server
 * lists them: approved when one is approved and none declined.
 */
export function navigationWalletStatus(
  known: string,
  registeredCodes: readonly string[] | undefined,
): string {
  if (known || !registeredCodes) return known;
  if (registeredCodes.includes('D')) return 'D';
  return registeredCodes.includes('A') ? 'A' : '';
}
