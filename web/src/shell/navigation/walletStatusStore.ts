// The signed-in user's wallet registration status as /accountStatus last read it, kept per tab
// (sessionStorage) so the navigation shell, which sits above the wallet provider, can show the
// sidebar only for an approved, not declined wallet (spec 001 'Sidebar and top bar').
import { useSyncExternalStore } from 'react';

export interface KnownWalletStatus {
  usrId: number;
  address: string;
  /** 'A', 'D' or '' (not registered). */
  code: string;
}

const KEY = 'payd.walletStatus';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: KnownWalletStatus | null } = { raw: null, value: null };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(): KnownWalletStatus | null {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw === cached.raw) return cached.value;
  let value: KnownWalletStatus | null = null;
  try {
    value = raw ? (JSON.parse(raw) as KnownWalletStatus) : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function setKnownWalletStatus(status: KnownWalletStatus): void {
  storage()?.setItem(KEY, JSON.stringify(status));
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The status code of `known` for `usrId`: '' when unknown or another user's. */
export function statusCodeFor(known: KnownWalletStatus | null, usrId: number | null | undefined): string {
  return usrId && known && known.usrId === usrId ? known.code : '';
}

/** What this tab last stored (null when nothing, or unreadable). */
export const knownWalletStatus = read;

/** The wallet status code known for `usrId` in this tab ('' when unknown). */
export function useKnownWalletStatus(usrId: number | null | undefined): string {
  return statusCodeFor(
    useSyncExternalStore(subscribe, read, () => null),
    usrId,
  );
}
