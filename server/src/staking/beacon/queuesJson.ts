// The Beacon API's JSON of Electra's queues (ethereum/beacon-APIs apis/beacon/states/pending_*.yaml,
// types/electra/*.yaml) and of a block's payload withdrawals, read into BeaconClient's types.
import type {
  BeaconPayloadWithdrawal,
  BeaconPendingConsolidation,
  BeaconPendingDeposit,
  BeaconPendingPartialWithdrawal,
} from './beaconClient.ts';

export interface PendingDepositJson {
  pubkey: string;
  withdrawal_credentials: string;
  amount: string;
  signature: string;
  slot: string;
}

export interface PendingPartialWithdrawalJson {
  validator_index: string;
  amount: string;
  withdrawable_epoch: string;
}

export interface PendingConsolidationJson {
  source_index: string;
  target_index: string;
}

export interface BlockJson {
  message: {
    slot: string;
    body: { execution_payload?: { withdrawals?: { validator_index: string; amount: string }[] } };
  };
}

export const toPendingDeposit = (d: PendingDepositJson): BeaconPendingDeposit => ({
  pubkey: d.pubkey.toLowerCase(),
  withdrawalCredentials: d.withdrawal_credentials.toLowerCase(),
  amountGwei: BigInt(d.amount),
  slot: BigInt(d.slot),
});

export const toPendingPartialWithdrawal = (
  w: PendingPartialWithdrawalJson,
): BeaconPendingPartialWithdrawal => ({
  validatorIndex: BigInt(w.validator_index),
  amountGwei: BigInt(w.amount),
  withdrawableEpoch: BigInt(w.withdrawable_epoch),
});

export const toPendingConsolidation = (c: PendingConsolidationJson): BeaconPendingConsolidation => ({
  sourceIndex: BigInt(c.source_index),
  targetIndex: BigInt(c.target_index),
});

/** The payload withdrawals of a block (none before Capella). */
export const toPayloadWithdrawals = (b: BlockJson): BeaconPayloadWithdrawal[] =>
  (b.message.body.execution_payload?.withdrawals ?? []).map((w) => ({
    validatorIndex: BigInt(w.validator_index),
    amountGwei: BigInt(w.amount),
  }));
