// The dev wallet's private key, kept in localStorage so the same dev account comes back after a
// reload (chain 88 only: the key is a throwaway for the local devnet, never for real funds).
const KEY_STORAGE = 'payd.devWallet.key';
const CONNECTED_STORAGE = 'payd.devWallet.connected';
// The address the key gives, kept beside the key it came from ('key:address'): the wallet pages
// reconnect with it without loading the secp256k1 code that derives it.
const ADDRESS_STORAGE = 'payd.devWallet.address';

export function loadDevKey(): `0x${string}` | null {
  const k = localStorage.getItem(KEY_STORAGE);
  return k && /^0x[0-9a-fA-F]{64}$/.test(k) ? (k as `0x${string}`) : null;
}

export function saveDevKey(key: `0x${string}`): void {
  localStorage.setItem(KEY_STORAGE, key);
}

/** The stored key's address, when it was derived from that same key before. */
export function loadDevAddress(): `0x${string}` | null {
  const key = loadDevKey();
  const [forKey, address] = localStorage.getItem(ADDRESS_STORAGE)?.split(':') ?? [];
  return key && forKey === key && address && /^0x[0-9a-fA-F]{40}$/.test(address)
    ? (address as `0x${string}`)
    : null;
}

export function saveDevAddress(key: `0x${string}`, address: `0x${string}`): void {
  localStorage.setItem(ADDRESS_STORAGE, `${key}:${address}`);
}

export function devWalletConnected(): boolean {
  return localStorage.getItem(CONNECTED_STORAGE) === 'Y';
}

export function setDevWalletConnected(connected: boolean): void {
  if (connected) localStorage.setItem(CONNECTED_STORAGE, 'Y');
  else localStorage.removeItem(CONNECTED_STORAGE);
}
