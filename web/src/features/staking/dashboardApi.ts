// Data of the dashboard, withdraw and manage screens (spec 001 sections 2 and 7): the customer's
// wallets at the connected address (Eth2WalletWs), their validators, the transaction history
// (EthTxHistoryWs), GetRewards, and the validator sync routine (SyncValidators), which also tells
// the beacon chain's time: uptime and the 2-day rule are measured against it, since the dev
// chain's clock can run ahead of the browser's (POST /dev/time).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eth2Wallet, EthTxHistory, REWARD_KINDS, screenRefs, type QueueEntry } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../shell/session/session.tsx';
import { useConfig } from '../../shell/config.ts';
import type { ValidatorRow } from './validatorsRules.ts';
import type { TxRow } from './txRules.ts';

/** The common screen methods of Eth2WalletWs (its wallets and their validators). */
export const eth2WalletScreen = screenRefs('Eth2Wallet', 'Eth2Wallet5');
/** History rows the dashboard loads at first (10 pages of 5); more as the user pages on. */
export const HISTORY_FIRST_LOAD = 50;
/** The framework's bulk list limit: the export takes the whole history up to it. */
export const HISTORY_EXPORT_LIMIT = 32767;
/** How often the dashboard's sync routine runs. */
export const SYNC_EVERY_MS = 30_000;

export interface StakingWallet {
  id: string;
  address: string;
}

const lower = (s: string | undefined | null) => String(s ?? '').toLowerCase();

/** The customer's wallets whose withdrawal address is `address`. */
export async function walletsAt(api: ApiClient, address: string): Promise<StakingWallet[]> {
  const list = await api.call(eth2WalletScreen.List, {
    searchStr: address,
    topN: 50,
    filterId: '0',
  });
  const rows = Array.isArray(list.data) ? list.data : [];
  return rows
    .filter((w) => lower(w.label) === lower(address))
    .map((w) => ({ id: String(w.key), address: w.label }));
}

export const stakingKeys = {
  all: ['stakingDashboard'] as const,
  wallets: (address: string) => ['stakingDashboard', 'wallets', lower(address)] as const,
  validators: (address: string) => ['stakingDashboard', 'validators', lower(address)] as const,
  history: (address: string, limit: number) =>
    ['stakingDashboard', 'history', lower(address), limit] as const,
  rewards: (address: string) => ['stakingDashboard', 'rewards', lower(address)] as const,
};

export function useWallets(address: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: stakingKeys.wallets(address ?? ''),
    queryFn: () => walletsAt(api, address!),
    enabled: Boolean(address),
  });
}

/** Every validator of the wallets, in wallet then index order. */
export async function validatorsOf(
  api: ApiClient,
  wallets: readonly StakingWallet[],
): Promise<ValidatorRow[]> {
  const lists = await Promise.all(
    wallets.map(async (w) => {
      const r = await api.call(eth2WalletScreen.DtlById, {
        keyId: w.id,
        options: {},
        filterId: '0',
      });
      return r.data ?? [];
    }),
  );
  return lists.flat();
}

export function useValidators(address: string | undefined) {
  const api = useApi();
  const wallets = useWallets(address);
  const q = useQuery({
    queryKey: stakingKeys.validators(address ?? ''),
    queryFn: () => validatorsOf(api, wallets.data ?? []),
    enabled: Boolean(address) && wallets.isSuccess,
  });
  return { ...q, isPending: wallets.isPending || q.isPending, wallets: wallets.data ?? [] };
}

/**
 * The newest `limit` transactions at the address (newest first), as GetDailyHistory gives them:
 * deposits and withdrawals one row each, rewards one row per validator per UTC day and kind.
 */
export async function historyOf(
  api: ApiClient,
  wallets: readonly StakingWallet[],
  limit: number,
): Promise<TxRow[]> {
  const address = wallets[0]?.address;
  if (!address) return [];
  return (await api.call(EthTxHistory.GetDailyHistory, { walletAddress: address, limit })).data.Rows;
}

/** The entries one daily reward row stands for (each synced epoch range or proposed slot). */
export async function rewardDetailOf(api: ApiClient, address: string, row: TxRow): Promise<TxRow[]> {
  // Only a reward group (one validator's day of one kind) stands for entries.
  const kind = REWARD_KINDS.find((k) => k === row.Kind);
  if (!kind) return [];
  const r = await api.call(EthTxHistory.GetRewardDetail, {
    walletAddress: address,
    validatorId: Number(row.Eth2ValidatorId22),
    day: String(row.Day),
    kind,
  });
  return r.data.Rows;
}

export function useHistory(address: string | undefined, limit: number) {
  const api = useApi();
  const wallets = useWallets(address);
  const q = useQuery({
    queryKey: stakingKeys.history(address ?? '', limit),
    queryFn: () => historyOf(api, wallets.data ?? [], limit),
    enabled: Boolean(address) && wallets.isSuccess,
    placeholderData: (prev) => prev,
  });
  return { ...q, isPending: wallets.isPending || q.isPending };
}

/** GetRewards' record, or null: a failed call leaves the rewards empty. */
export function useRewards(address: string | undefined, hasWallet: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: stakingKeys.rewards(address ?? ''),
    queryFn: async () => {
      try {
        const r = await api.call(EthTxHistory.GetRewards, { walletAddress: address ?? '' });
        return r.data.Dtl[0] ?? null;
      } catch (e) {
        console.warn('GetRewards failed', e);
        return null;
      }
    },
    // Without a wallet at the address the server answers access denied: nothing to ask.
    enabled: Boolean(address) && hasWallet,
    meta: { silent: true },
  });
}

// ---- the beacon chain's clock ----------------------------------------------------------------

let chainOffsetMs = 0;
const clockListeners = new Set<() => void>();

/** Records the chain's time as SyncValidators reported it (head slot start). */
export function noteChainTime(beaconTimeUtc: string | null | undefined, at = Date.now()): void {
  if (!beaconTimeUtc) return;
  const t = Date.parse(beaconTimeUtc);
  if (Number.isNaN(t)) return;
  // The head slot started up to a slot ago; only a clock that runs ahead moves "now".
  const offset = Math.max(0, t - at);
  if (Math.abs(offset - chainOffsetMs) < 1000) return;
  chainOffsetMs = offset;
  for (const l of clockListeners) l();
}

export function chainNow(at = Date.now()): number {
  return at + chainOffsetMs;
}

/** The chain's "now", re-rendering every `everyMs` and when a sync moves the chain clock. */
export function useChainNow(everyMs = 30_000): number {
  const offset = useSyncExternalStore(
    (l) => {
      clockListeners.add(l);
      return () => clockListeners.delete(l);
    },
    () => chainOffsetMs,
  );
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return tick + offset;
}

// ---- the activation queue, as the last sync told it ------------------------------------------

let queue: ReadonlyMap<string, QueueEntry> = new Map();
const queueListeners = new Set<() => void>();

export function noteQueue(entries: readonly QueueEntry[] | null | undefined): void {
  if (!Array.isArray(entries)) return;
  // Array.isArray narrows a readonly array to any[]: the element type is said again here
  queue = new Map(entries.map((e: QueueEntry) => [String(e.PubKey).toLowerCase(), e]));
  for (const l of queueListeners) l();
}

/** The activation queue entries by lower-case pubkey. */
export function useActivationQueue(): ReadonlyMap<string, QueueEntry> {
  return useSyncExternalStore(
    (l) => {
      queueListeners.add(l);
      return () => queueListeners.delete(l);
    },
    () => queue,
  );
}

// ---- the validator sync routine ---------------------------------------------------------------

/** The multiple-deposit contract of the configured chain, when the configuration names it. */
function multiDepositAddress(contracts: unknown): string | null {
  const c = (contracts ?? {}) as Record<string, unknown>;
  const a = c.multipleDeposit ?? c.multiDeposit;
  return typeof a === 'string' && a ? a : null;
}

/**
 * Runs SyncValidators for the connected address on mount (and every `everyMs` when given), then
 * refreshes the validators, history and rewards. Sync failures are only logged (spec 001 section 8).
 * Only once the customer has a wallet at the address (else the server answers access denied).
 */
export function useValidatorSync(address: string | undefined, hasWallet: boolean, everyMs?: number) {
  const api = useApi();
  const config = useConfig();
  const qc = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<number | null>(null);
  const depositAddress = multiDepositAddress(config.contracts);
  useEffect(() => {
    if (!address || !hasWallet) return;
    let stopped = false;
    const run = async () => {
      setSyncing(true);
      try {
        const r = await api.call(Eth2Wallet.SyncValidators, {
          walletAddress: address,
          multiDepositAddress: depositAddress,
        });
        noteChainTime(r.data.BeaconTimeUtc);
        noteQueue(r.data.Queue);
        if (!stopped) {
          await qc.invalidateQueries({ queryKey: [...stakingKeys.all] });
          // A deposit or a withdrawal paid to the wallet moves the wallet's balance too. The
          // server's own sync job may have recorded it first (NewHistory is then 0 here), so the
          // balance is read again after every sync, not only when this call found new history.
          await qc.invalidateQueries({ queryKey: ['balance'] });
          setLastSync(Date.now());
        }
      } catch (e) {
        console.warn('SyncValidators failed', e);
      } finally {
        if (!stopped) setSyncing(false);
      }
    };
    void run();
    const id = everyMs ? setInterval(() => void run(), everyMs) : undefined;
    return () => {
      stopped = true;
      if (id) clearInterval(id);
    };
  }, [address, hasWallet, api, qc, everyMs, depositAddress]);
  return { syncing, lastSync };
}
