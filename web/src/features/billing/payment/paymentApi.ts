// The calls of /payment and /Pricing (spec 001 section 7): StakePaymentWs GetRates, GetEthPayment,
// GetFtxPayment, the payment history and settings, StakeAcctBalanceWs GetBalance. The server
// scopes every call to the caller's own records.
import { useQuery } from '@tanstack/react-query';
import {
  StakeAcctBalance,
  StakePayment,
  type PaymentRow,
  type EthPaymentBody,
  type FtxPaymentBody,
  type Rates,
} from '@payd/schemas';
import type { ApiClient } from '../../../api/client.ts';
import { isApiError } from '../../../api/errors.ts';
import { useApi } from '../../../shell/session/session.tsx';

export type { BalanceRecord } from '@payd/schemas';

export type { PaymentRow, PaymentSettings } from '@payd/schemas';

export async function getRates(api: ApiClient): Promise<Rates> {
  return (await api.call(StakePayment.GetRates, {})).data;
}

export function useRates() {
  const api = useApi();
  return useQuery({ queryKey: ['billing', 'rates'], queryFn: () => getRates(api), staleTime: 0 });
}

export function useBalance() {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'balance'],
    queryFn: async () => (await api.call(StakeAcctBalance.GetBalance, {})).data.Dtl[0]!,
  });
}

export function usePaymentHistory(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'history', page],
    queryFn: async () =>
      (
        await api.call(StakePayment.GetPaymentHistory, {
          page,
          pageSize: 5,
        })
      ).data,
  });
}

export async function allPayments(api: ApiClient): Promise<PaymentRow[]> {
  return (
    await api.call(StakePayment.GetPaymentHistory, {
      page: 0,
      pageSize: 0,
    })
  ).data.data;
}

export function usePaymentSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'settings'],
    queryFn: async () => (await api.call(StakePayment.GetPaymentSettings, {})).data,
  });
}

export async function bookEthPayment(api: ApiClient, body: EthPaymentBody) {
  return api.call(StakePayment.GetEthPayment, body);
}

export async function bookFtxPayment(api: ApiClient, body: FtxPaymentBody) {
  return api.call(StakePayment.GetFtxPayment, body);
}

/**
 * Books a sent payment, asking again every `waitMs` while the server answers 'pending' (the
 * transaction has fewer confirmations than payd needs: 12 blocks outside the dev chain), at most
 * `tries` times. The customer's money has left the wallet by then, so giving up early would leave
 * it unbooked.
 */
export async function bookWhenConfirmed<T>(
  book: () => Promise<T>,
  onWait: () => void,
  waitMs = 15_000,
  tries = 80,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await book();
    } catch (e) {
      if (!isApiError(e) || e.subType !== 'pending' || i >= tries) throw e;
      onWait();
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}
