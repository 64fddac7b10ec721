// A deposit sent from the stake page and not yet seen confirmed, kept in localStorage per user so
// the person can leave (or reload) and come back to it: /stakeETH resumes watching it, then syncs
// and forgets it. Only public facts are kept (the transaction hash, chain, count, address).

export interface PendingDeposit {
  /** The deposit transaction. */
  hash: `0x${string}`;
  chainId: number;
  /** Validators it deposits. */
  validators: number;
  /** ETH each validator is deposited with, when not 32 (issue 25: 0x02 validators of more). */
  amountEth?: number;
  /** The withdrawal address the validators pay out to (the wallet SyncValidators reads). */
  withdrawalAddress: string;
  /** When it was sent (ms since the epoch). */
  sentAt: number;
}

const keyOf = (usrId: number) => `payd.pendingDeposit.${usrId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isPending(v: unknown): v is PendingDeposit {
  const p = v as Partial<PendingDeposit> | null;
  return (
    typeof p?.hash === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(p.hash) &&
    typeof p.chainId === 'number' &&
    typeof p.validators === 'number' &&
    typeof p.withdrawalAddress === 'string' &&
    typeof p.sentAt === 'number'
  );
}

/** The pending deposit of `usrId` on `chainId`, if one is kept (unreadable entries count as none). */
export function readPendingDeposit(
  usrId: number,
  chainId: number | undefined,
  store: Storage | null = storage(),
): PendingDeposit | null {
  const raw = store?.getItem(keyOf(usrId));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return isPending(v) && v.chainId === chainId ? v : null;
  } catch {
    return null;
  }
}

export function savePendingDeposit(
  usrId: number,
  p: PendingDeposit,
  store: Storage | null = storage(),
): void {
  store?.setItem(keyOf(usrId), JSON.stringify(p));
}

/** Forgets the pending deposit (only the one with `hash`, when given). */
export function clearPendingDeposit(usrId: number, hash?: string, store: Storage | null = storage()): void {
  if (!store) return;
  if (hash) {
    const raw = store.getItem(keyOf(usrId));
    try {
      if (raw && (JSON.parse(raw) as { hash?: string }).hash !== hash) return;
    } catch {
      // unreadable: forget it
    }
  }
  store.removeItem(keyOf(usrId));
}

/** Confirmations of a transaction mined in `minedIn` when the chain's head is `head`. */
export function confirmationsOf(minedIn: bigint | undefined, head: bigint | undefined): number {
  if (minedIn === undefined) return 0;
  if (head === undefined || head < minedIn) return 1;
  return Number(head - minedIn) + 1;
}
