// The staking services the wallet-status and stake screens call (spec 001 section 7):
// StakeWalletAddressWs (GetWalletStatus, SaveData), StakeUserInfoWs (the agent), Eth2WalletWs
// (the customer's wallets, PrepareDeposits, SyncValidators). The server scopes every call to the
// caller's own rows.
import { useQuery } from '@tanstack/react-query';
import {
  Eth2Wallet,
  StakeUserInfo,
  StakeWalletAddress,
  screenRefs,
  type PrepareDepositsReply,
  type PrepareDepositsRequest,
  type WalletProofOptions,
  type WalletStatus,
} from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../shell/session/session.tsx';

export type Row = Record<string, unknown>;

const eth2WalletScreen = screenRefs<Row>('Eth2Wallet', 'Eth2Wallet5');
const stakeUserInfoScreen = screenRefs<Row>('StakeUserInfo', 'StakeUserInfo17');

/** GetWalletStatus: the connected wallet's registration for this account. */
export type { WalletStatus };

export const walletStatusKey = (address: string) => ['staking', 'walletStatus', address.toLowerCase()];

export async function getWalletStatus(api: ApiClient, walletAddress: string): Promise<WalletStatus> {
  return (await api.call(StakeWalletAddress.GetWalletStatus, { walletAddress })).data;
}

export function useWalletStatus(address: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: walletStatusKey(address ?? ''),
    queryFn: () => getWalletStatus(api, address!),
    enabled: Boolean(address),
    staleTime: 0,
  });
}

/**
 * 'Confirm Wallet Registration': the wallet (the server saves it with status A) with the wallet's
 * signature proving it is the customer's, then the agent.
 */
export async function registerWallet(
  api: ApiClient,
  walletAddress: string,
  agent: string | null,
  proof: WalletProofOptions,
) {
  await api.call(StakeWalletAddress.SaveData, {
    mst: { StakeWalletAddr2: walletAddress },
    dtl: null,
    options: proof,
  });
  const profiles = await api.call(stakeUserInfoScreen.List, {
    searchStr: '',
    topN: 1,
    filterId: '0',
  });
  if (profiles.data?.length) return;
  await api.call(StakeUserInfo.SaveData, {
    mst: { AgentNumber17: agent ?? '' },
    dtl: null,
    options: {},
  });
}

/** The customer's wallet whose withdrawal address is `address` (case-insensitive), if any. */
export async function findWallet(api: ApiClient, address: string): Promise<Row | null> {
  const list = await api.call(eth2WalletScreen.List, {
    searchStr: '',
    topN: 32767,
    filterId: '0',
  });
  const hit = (list.data ?? []).find((w) => w.label.toLowerCase() === address.trim().toLowerCase());
  if (!hit) return null;
  const r = await api.call(eth2WalletScreen.ById, { keyId: hit.key, options: {} });
  return r.data ?? null;
}

/**
 * PrepareDeposits: N validators of the caller's wallet of this withdrawal address waiting for their
 * deposit, with their deposit data; the server makes the wallet and the missing validators first.
 */
export async function prepareValidatorDeposits(
  api: ApiClient,
  body: PrepareDepositsRequest,
): Promise<PrepareDepositsReply> {
  return (await api.call(Eth2Wallet.PrepareDeposits, body)).data;
}

export async function syncValidators(api: ApiClient, walletAddress: string, multiDepositAddress: string) {
  return (await api.call(Eth2Wallet.SyncValidators, { walletAddress, multiDepositAddress })).data;
}
