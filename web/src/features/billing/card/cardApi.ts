// PaymentWs (spec 001 section 7 'PaymentWs Create'): which card provider pays, a payment for the
// credits asked (the server prices it), the local provider's card form, and the payment's status,
// polled until the provider's webhook has booked it. The browser never books a payment itself.
import {
  Payment,
  type CardConfigReply,
  type CardCreateReply,
  type CardStatusReply,
  type LocalCardBody,
  type LocalCardReply,
} from '@payd/schemas';
import type { ApiClient } from '../../../api/client.ts';

export async function getCardConfig(api: ApiClient): Promise<CardConfigReply> {
  return (await api.call(Payment.GetCardConfig, {})).data;
}

export async function createCardPayment(api: ApiClient, credits: string): Promise<CardCreateReply> {
  return (await api.call(Payment.Create, { amount: credits })).data;
}

export async function localConfirm(api: ApiClient, body: LocalCardBody): Promise<LocalCardReply> {
  return (await api.call(Payment.LocalConfirm, body)).data;
}

export async function getCardStatus(api: ApiClient, id: number): Promise<CardStatusReply> {
  return (await api.call(Payment.GetStatus, { id })).data;
}

/**
 * Polls the payment until the webhook has settled it (S or F) or `tries` run out ('P'): the
 * provider's event may arrive a moment after the card was accepted.
 */
export async function waitForBooking(
  api: ApiClient,
  id: number,
  o: { tries?: number; intervalMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<CardStatusReply['status']> {
  const tries = o.tries ?? 60;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let i = 0; i < tries; i++) {
    const s = await getCardStatus(api, id);
    if (s.status !== 'P') return s.status;
    await sleep(o.intervalMs ?? 1000);
  }
  return 'P';
}
