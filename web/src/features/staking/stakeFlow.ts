// The stake screen's road to the chain (spec 001 section 4) as plain functions over what they are
// given: the payd API and the wallet writer. Continue finds the wallet of the withdrawal address;
// Send ETH asks the server for N undeposited validators (PrepareDeposits: it creates the missing
// ones) and checks their deposit data here, then sends the MultipleDeposit transaction through the
// status bar and keeps it as a pending deposit; once confirmed the validators are synced. useStakeFlow.ts holds the React
// state around these; tested in stakeFlow.test.ts.
import type { ApiClient } from '../../api/client.ts';
import { i18n } from '../../i18n/language.ts';
import type { TxPhase } from '../wallet/index.ts';
import type { PendingDeposit } from './pendingDeposit.ts';
import {
  ETH_PER_VALIDATOR,
  networkMismatch,
  stakeAmountEth,
  type DepositArg,
  type DepositBatch,
  type ValidatorKind,
} from './stakeRules.ts';
import { findWallet, prepareValidatorDeposits, syncValidators, type Row } from './stakingApi.ts';

export type Hash = `0x${string}`;

/** Sends the deposit batch from the customer's wallet; resolves with the transaction hash once sent. */
export type DepositWriter = (deposits: DepositArg[]) => Promise<Hash>;

/** The status bar's send (useSendWithStatus): runs the transaction and resolves to how it ended. */
export type SendWithStatus = (label: string, sendTx: () => Promise<Hash>) => Promise<TxPhase>;

/**
 * Continue: the saved wallet of this withdrawal address (null when there is none yet), or
 * 'otherNetwork' when it was saved on another network than the connected one (the form then stays).
 */
export async function walletToStakeWith(
  api: ApiClient,
  withdrawal: string,
  chainId: number | undefined,
): Promise<{ wallet: Row | null } | { otherNetwork: unknown }> {
  const found = await findWallet(api, withdrawal);
  if (found && networkMismatch(found.NetworkId6, chainId)) return { otherNetwork: found.NetworkId6 };
  return { wallet: found };
}

export interface PrepareRequest {
  validators: number;
  /** The kind of every validator (0x01 when not given). */
  kind?: ValidatorKind;
  /** What each validator is deposited with, in whole ETH (32 when not given). */
  amountEth?: number;
  withdrawalAddress: string;
  chainId: number | undefined;
  /** The chain's genesis fork version the deposit data must carry (undefined: not checked). */
  forkVersion: string | undefined;
  /** Deposit data checked so far (0 when the check starts). */
  onChecking: (checked: number) => void;
}

/**
 * The validators to deposit and their checked deposit batch: one server call (PrepareDeposits
 * makes the wallet and the missing validators and answers N undeposited ones), then the deposit
 * data of each checked here, not taken on trust. A server failure, or fewer validators than asked,
 * throws; deposit data that fails its check is 'refused' (nothing is sent).
 */
export async function prepareDeposits(
  api: ApiClient,
  r: PrepareRequest,
): Promise<{ batch: DepositBatch } | { refused: unknown }> {
  const n = r.validators;
  if (r.chainId === undefined) throw new Error('no network is connected');
  const prepared = await prepareValidatorDeposits(api, {
    walletAddress: r.withdrawalAddress,
    networkId: r.chainId,
    numberOfValidators: n,
    kind: r.kind ?? '0x01',
    amountEth: r.amountEth ?? ETH_PER_VALIDATOR,
  });
  const chosen = prepared.Validators;
  if (chosen.length < n) throw new Error(`only ${chosen.length} of ${n} validators are ready`);
  if (chosen.length > n) throw new Error(`${chosen.length} validators were offered for ${n}`);
  // The BLS check (@noble/curves) loads here, not with the stake page.
  const { depositBatchAsync } = await import('./depositBatch.ts');
  r.onChecking(0);
  try {
    return {
      batch: await depositBatchAsync(chosen, r.withdrawalAddress, r.forkVersion, r.onChecking, {
        kind: r.kind ?? '0x01',
        amountGwei: (r.amountEth ?? ETH_PER_VALIDATOR) * 1e9,
      }),
    };
  } catch (e) {
    return { refused: e };
  }
}

export interface SendRequest {
  send: SendWithStatus;
  write: DepositWriter;
  batch: DepositBatch;
  validators: number;
  withdrawalAddress: string;
  chainId: number;
  /** ETH per validator (32 when not given). */
  amountEth?: number;
  now: () => number;
  /** The transaction is sent (not yet confirmed): keep it so the person can leave and come back. */
  onSent: (p: PendingDeposit) => void;
}

/** Sends the deposit through the status bar: how it ended, and the deposit when it was sent. */
export async function sendDeposits(r: SendRequest): Promise<{ phase: TxPhase; sent: PendingDeposit | null }> {
  let sent: PendingDeposit | null = null;
  const phase = await r.send(`Stake ${stakeAmountEth(r.validators, r.amountEth)} ETH`, async () => {
    const hash = await r.write(r.batch.deposits);
    sent = {
      hash,
      chainId: r.chainId,
      validators: r.validators,
      ...(r.amountEth !== undefined && r.amountEth !== ETH_PER_VALIDATOR ? { amountEth: r.amountEth } : {}),
      withdrawalAddress: r.withdrawalAddress,
      sentAt: r.now(),
    };
    r.onSent(sent);
    return hash;
  });
  return { phase, sent };
}

/** After the deposit is confirmed: SyncValidators of its withdrawal address; a failure is only logged. */
export async function syncAfterDeposit(
  api: ApiClient,
  p: PendingDeposit,
  multipleDeposit: string | undefined,
): Promise<void> {
  try {
    if (multipleDeposit) await syncValidators(api, p.withdrawalAddress, multipleDeposit);
  } catch (e) {
    console.error('stake: sync failed', e);
  }
}

/** The confirmation toast of a confirmed deposit, in the active language (English: the spec's words). */
export function depositConfirmedMessage(p: PendingDeposit): string {
  return i18n._('stake.confirmed.message', {
    count: p.validators,
    amount: stakeAmountEth(p.validators, p.amountEth),
  });
}
