// Per-tab memory of the guards: where a signed-out user was going, and whether this session
// passed the wallet-state check (spec 002 section 2, routing rules).
import type { RememberedOrigin } from '../navigation/guards.ts';

const ORIGIN_KEY = 'payd.origin';
const WALLET_CONFIRMED_KEY = 'payd.walletStateConfirmed';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberOrigin(origin: RememberedOrigin): void {
  storage()?.setItem(ORIGIN_KEY, JSON.stringify(origin));
}

export function rememberedOrigin(): RememberedOrigin | null {
  const raw = storage()?.getItem(ORIGIN_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as RememberedOrigin;
  } catch {
    return null;
  }
}

export function forgetOrigin(): void {
  storage()?.removeItem(ORIGIN_KEY);
}

export function walletStateConfirmed(): boolean {
  return storage()?.getItem(WALLET_CONFIRMED_KEY) === 'Y';
}

/** The check found the account terminated: its read-only pages open directly, the others do not. */
export function walletStateReadOnly(): boolean {
  return storage()?.getItem(WALLET_CONFIRMED_KEY) === 'R';
}

/** Called by /accountStatus once the wallet state is fine, so checked routes open directly. */
export function confirmWalletState(): void {
  storage()?.setItem(WALLET_CONFIRMED_KEY, 'Y');
}

/** Called by /accountStatus for a terminated account: only its read-only pages open (issue 24). */
export function confirmReadOnlyWalletState(): void {
  storage()?.setItem(WALLET_CONFIRMED_KEY, 'R');
}

export function resetGuardMemory(): void {
  storage()?.removeItem(WALLET_CONFIRMED_KEY);
  storage()?.removeItem(ORIGIN_KEY);
  signInTarget = null;
}

// Where a sign-in that is under way is taking the user. A signed-out-only page (sign-up, reset)
// that sees the new user before the navigation away from it has committed sends the user here
// too, instead of to '/', so a slow page load cannot turn the landing page into another one.
let signInTarget: RememberedOrigin | null = null;

export function setSignInTarget(to: string): void {
  const q = to.indexOf('?');
  signInTarget = q < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, q), search: to.slice(q) };
}

export function pendingSignInTarget(): RememberedOrigin | null {
  return signInTarget;
}

/** Called on every page change: the sign-in is over once its target has been reached. */
export function signInTargetReached(pathname: string): void {
  if (signInTarget?.pathname === pathname) signInTarget = null;
}

// Set by an explicit log out, so the guard that sees the user vanish does not remember the
// page as the origin to come back to (the next person to log in starts at '/').
let explicitSignOut = false;

export function markExplicitSignOut(): void {
  explicitSignOut = true;
}

/** True from an explicit log out until the login page shows. */
export function explicitSignOutPending(): boolean {
  return explicitSignOut;
}

export function clearExplicitSignOut(): void {
  explicitSignOut = false;
}
