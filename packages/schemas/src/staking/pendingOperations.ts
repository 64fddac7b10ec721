// Eth2WalletWs GetPendingOperations (issue 25 item 7): the pending deposits, top-ups, activations,
// exits, partial withdrawals and consolidations of the caller's validators, each with where it
// stands and its expected date by the consensus-specs rules (@payd/consensus/dates).
import { z } from 'zod';
import { PENDING_OPERATION_KINDS, PENDING_OPERATION_STATES } from '@payd/consensus/dates';
import { walletAddressField } from './keyExport.ts';

/** The caller's validators of the wallet at `walletAddress`; one of them when `pubkey` is given. */
export const getPendingOperationsBody = z.object({
  walletAddress: walletAddressField,
  pubkey: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{96}$/, 'Must be a validator public key (48 bytes hex)')
    .optional(),
});
export type GetPendingOperationsBody = z.output<typeof getPendingOperationsBody>;

const uint = z.string().regex(/^\d+$/);

/** One pending operation; numbers of the beacon chain as decimal text, dates as ISO UTC. */
export const pendingOperationEntry = z.strictObject({
  Kind: z.enum(PENDING_OPERATION_KINDS),
  State: z.enum(PENDING_OPERATION_STATES),
  /** The validator it concerns (a consolidation's source). */
  PubKey: z.string(),
  ValidatorIndex: uint.nullable(),
  /** ETH deposited, withdrawn, exiting or moved, exact decimal text. */
  AmountEth: z.string().nullable(),
  /** Epoch from which it is done; Slot: the paying payload's slot (withdrawals). */
  Epoch: uint.nullable(),
  Slot: uint.nullable(),
  /** The expected date; null when beyond what the rules can tell. */
  ExpectedUtc: z.string().nullable(),
  /** 1-based place in its queue and the queue's length (deposits, partial withdrawals, consolidations). */
  Position: z.number().int().nullable(),
  QueueLength: z.number().int().nullable(),
  ExitEpoch: uint.nullable(),
  WithdrawableEpoch: uint.nullable(),
  /** A consolidation's target. */
  TargetPubKey: z.string().nullable(),
});
export type PendingOperationEntry = z.infer<typeof pendingOperationEntry>;

export const getPendingOperationsReply = z.strictObject({
  /** The chain's time (head slot start) the states are told at. */
  BeaconTimeUtc: z.string(),
  Operations: z.array(pendingOperationEntry),
});
export type GetPendingOperationsReply = z.infer<typeof getPendingOperationsReply>;
