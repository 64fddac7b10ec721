// The dev wallet's private key, kept in localStorage so the same dev account comes back after a
// reload (chain 88 only: the key is a throwaway for the local devnet, never for real funds).
const KEY_STORAGE = 'payd.devWallet.key';
const CONNECTED_STORAGE = 'payd.devWallet.connected';

export function loadDevKey(): `0x${string}` | null {
  const k = localStorage.getItem(KEY_STORAGE);
  return k && /^0x[0-9a-fA-F]{64}$/.test(k) ? (k as `0x${string}`) : null;
}

export function saveDevKey(key: `0x${string}`): void {
  localStorage.setItem(KEY_STORAGE, key);
}

export function devWalletConnected(): boolean {
  return localStorage.getItem(CONNECTED_STORAGE) === 'Y';
}

export function setDevWalletConnected(connected: boolean): void {
  if (connected) localStorage.setItem(CONNECTED_STORAGE, 'Y');
  else localStorage.removeItem(CONNECTED_STORAGE);
}
