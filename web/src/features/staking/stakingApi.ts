// The staking services the wallet-status and stake screens call (spec 001 section 7):
// StakeWalletAddressWs (GetWalletStatus, SaveData), StakeUserInfoWs (the agent), Eth2WalletWs
// (the customer's wallets, PrepareDeposits, SyncValidators). The server scopes every call to the
// caller's own rows.
import { useQuery } from '@tanstack/react-query';
import type { PrepareDepositsRequest, PrepareDepositsReply, WalletProofOptions } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../shell/session/session.tsx';

export type Row = Record<string, unknown>;

export const ETH2_WALLET = 'Eth2Wallet';
export const STAKE_WALLET_ADDRESS = 'StakeWalletAddress';
export const STAKE_USER_INFO = 'StakeUserInfo';

/** GetWalletStatus: the connected wallet's registration for this account. */
export interface WalletStatus {
  /** 'A' approved, 'D' declined (account terminated), '' not registered. */
  StakeWalletStatusCd2: string;
  StakeWalletStatusCd2Text: string;
  /** 'Y' when another wallet is tied to this account. */
  SwitchWallet: 'Y' | 'N';
  RegisteredWalletAddr: string | null;
  /** 'Y': declined for unpaid charges, so the customer may come back (issue 24); 'N' otherwise. */
  TerminatedForCredits?: 'Y' | 'N';
}

export const walletStatusKey = (address: string) => ['staking', 'walletStatus', address.toLowerCase()];

export async function getWalletStatus(api: ApiClient, walletAddress: string): Promise<WalletStatus> {
  const r = await api.call<WalletStatus>(STAKE_WALLET_ADDRESS, 'GetWalletStatus', { walletAddress });
  return r.data!;
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
  await api.call(STAKE_WALLET_ADDRESS, 'SaveData', {
    mst: { StakeWalletAddr2: walletAddress },
    dtl: null,
    options: proof,
  });
  const profiles = await api.call<Row[]>(STAKE_USER_INFO, 'GetStakeUserInfo17List', {
    searchStr: '',
    topN: 1,
    filterId: '0',
  });
  if (profiles.data?.length) return;
  await api.call(STAKE_USER_INFO, 'SaveData', {
    mst: { AgentNumber17: agent ?? '' },
    dtl: null,
    options: {},
  });
}

/** The customer's wallet whose withdrawal address is `address` (case-insensitive), if any. */
export async function findWallet(api: ApiClient, address: string): Promise<Row | null> {
  const list = await api.call<{ key: string; label: string }[]>(ETH2_WALLET, 'GetEth2Wallet5List', {
    searchStr: '',
    topN: 32767,
    filterId: '0',
  });
  const hit = (list.data ?? []).find((w) => w.label.toLowerCase() === address.trim().toLowerCase());
  if (!hit) return null;
  const r = await api.call<Row>(ETH2_WALLET, 'GetEth2Wallet5ById', { keyId: hit.key, options: {} });
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
  const r = await api.call<PrepareDepositsReply>(ETH2_WALLET, 'PrepareDeposits', body);
  return r.data!;
}

export async function syncValidators(api: ApiClient, walletAddress: string, multiDepositAddress: string) {
  const r = await api.call<{ Validators: number; NewHistory: number }>(ETH2_WALLET, 'SyncValidators', {
    walletAddress,
    multiDepositAddress,
  });
  return r.data;
}
