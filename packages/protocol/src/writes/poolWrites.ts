// Liquid staking writes (issue 13) on the validator pool: a person's validator deposit for FETH,
// the FETH swap queue (queue, claim, cancel), and the server admin's validator registration, exits
// and reward reports. Every amount the contract takes is in wei; the details are read from the
// receipt's events.
import { iValidatorPoolAbi } from '@payd/contracts/abi';
import { concatHex, getAddress, padHex, parseEventLogs, type Address, type Hex } from 'viem';
import type { TransactionReceipt } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { VALIDATOR_DEPOSIT } from '../model/constants.ts';
import type { PoolValidatorKey } from '../reads/readPool.ts';
import { POOL_WRITE_ABI } from './poolAbi.ts';
import {
  sendContractWrite,
  type SentTransaction,
  type WriteArgs,
  type WriteName,
} from './sendTransaction.ts';
import type { ValidatorDepositData } from './validatorWrites.ts';

const dec = (v: bigint) => Decimal.fromRaw(v);

type PoolAbi = typeof POOL_WRITE_ABI;

function poolWrite<F extends WriteName<PoolAbi>>(
  connection: ProtocolConnection,
  functionName: F,
  args: WriteArgs<PoolAbi, F>,
  value?: bigint,
) {
  return {
    address: connection.deployment.addresses.validatorPool,
    abi: POOL_WRITE_ABI,
    functionName,
    args,
    ...(value !== undefined && { value }),
  };
}

const poolLogs = (receipt: TransactionReceipt, pool: Address) => {
  const address = pool.toLowerCase();
  return parseEventLogs({
    abi: iValidatorPoolAbi,
    logs: receipt.logs.filter((l) => l.address.toLowerCase() === address),
  });
};

/** ETH (wei) a deposit of `count` validators must send: exactly count x 32 ETH. */
export function validatorDepositValue(count: number): bigint {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`The number of validators must be a whole number, not ${count}`);
  }
  return VALIDATOR_DEPOSIT.raw * BigInt(count);
}

/**
 * The withdrawal credentials the pool accepts for its validators (type 0x01: 0x01, 11 zero bytes,
 * then the pool's address), so exited balances are withdrawn to the pool.
 */
export function poolWithdrawalCredentials(pool: Address): Hex {
  return concatHex(['0x01', padHex(getAddress(pool), { size: 31 })]).toLowerCase() as Hex;
}

/**
 * Deposit data as the pool and the deposit contract take it, from the hex strings of a deposit
 * data file (@payd/validator-keys' createDepositData or the staking deposit CLI), with or without 0x.
 */
export function toValidatorDepositData(entry: {
  pubkey: string;
  withdrawal_credentials: string;
  signature: string;
  deposit_data_root: string;
}): ValidatorDepositData {
  const hex = (v: string) => (v.startsWith('0x') ? v : `0x${v}`).toLowerCase() as Hex;
  return {
    pubkey: hex(entry.pubkey),
    withdrawal_credentials: hex(entry.withdrawal_credentials),
    signature: hex(entry.signature),
    deposit_data_root: hex(entry.deposit_data_root),
  };
}

// --- a person's writes (the KYC manager's canDepositFETH; claimETH needs canWithdraw) ---

/** What a validator deposit did: the validators used (ids firstId .. firstId + count - 1) and the FETH minted. */
export interface PoolDepositDetails {
  count: number;
  firstId: bigint;
  fethMinted: Decimal;
}

/**
 * Deposits `count` of the pool's available validators (registered by the server admin, used in the
 * order they were added), sending exactly count x 32 ETH; mints count x 32 FETH to the sender. All
 * or nothing ('Only n validators are available' when fewer are available).
 */
export function depositMultipleValidators(
  connection: ProtocolConnection,
  count: number,
): Promise<SentTransaction<PoolDepositDetails>> {
  requireSigner(connection);
  const value = validatorDepositValue(count);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(
    connection,
    poolWrite(connection, 'depositMultipleValidators', [BigInt(count)], value),
    (receipt) => {
      const event = poolLogs(receipt, pool).find((l) => l.eventName === 'ValidatorsDeposited');
      if (!event) throw new Error('The receipt has no ValidatorsDeposited event');
      const args = event.args as { count: bigint; firstId: bigint; fethMinted: bigint };
      return { count: Number(args.count), firstId: args.firstId, fethMinted: dec(args.fethMinted) };
    },
  );
}

/** What queueing FETH did: the queue entry, and how much of it was filled at once from free ETH. */
export interface FETHDepositDetails {
  entryId: bigint;
  queued: Decimal;
  /** ETH filled for this entry in the same transaction (claimable with claimETH). */
  filled: Decimal;
}

/**
 * Queues `amount` FETH to be swapped for ETH (taken from the sender, no approval needed), behind
 * every entry already queued; the pool then fills the queue from its free ETH. One open entry per
 * address ('You already have FETH in the swap queue; cancel it first').
 */
export function depositFETH(
  connection: ProtocolConnection,
  amount: Decimalish,
): Promise<SentTransaction<FETHDepositDetails>> {
  const signer = requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(
    connection,
    poolWrite(connection, 'depositFETH', [Decimal.from(amount).raw]),
    (receipt) => {
      const me = signer.userAddress.toLowerCase();
      let entryId: bigint | undefined;
      let queued = Decimal.ZERO;
      let filled = Decimal.ZERO;
      for (const log of poolLogs(receipt, pool)) {
        const args = log.args as { entryId?: bigint; depositor?: Address; amount?: bigint };
        if (args.depositor?.toLowerCase() !== me) continue;
        if (log.eventName === 'SwapQueued') {
          entryId = args.entryId;
          queued = dec(args.amount ?? 0n);
        }
        if (log.eventName === 'SwapFilled' && args.entryId === entryId)
          filled = filled.add(dec(args.amount ?? 0n));
      }
      if (entryId === undefined) throw new Error('The receipt has no SwapQueued event');
      return { entryId, queued, filled };
    },
  );
}

/** What a claim paid: the ETH sent to the claimer (after the fee) and the FETH swap fee. */
export interface ClaimETHDetails {
  amount: Decimal;
  fee: Decimal;
}

/** Sends the sender the ETH of their filled swaps, less the FETH swap fee ('You have no swapped ETH to claim yet' otherwise). */
export function claimETH(connection: ProtocolConnection): Promise<SentTransaction<ClaimETHDetails>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(connection, poolWrite(connection, 'claimETH', []), (receipt) => {
    const event = poolLogs(receipt, pool).find((l) => l.eventName === 'ETHClaimed');
    if (!event) throw new Error('The receipt has no ETHClaimed event');
    const args = event.args as { amount: bigint; fee: bigint };
    return { amount: dec(args.amount), fee: dec(args.fee) };
  });
}

/** What a cancel gave back: the unfilled FETH of the sender's queue entry. */
export interface CancelFETHDepositDetails {
  fethReturned: Decimal;
}

/**
 * Takes the unfilled part of the sender's queue entry out of the queue and returns that FETH (also
 * the FETH of an entry whose processing failed). Filled ETH stays claimable.
 */
export function cancelFETHDeposit(
  connection: ProtocolConnection,
): Promise<SentTransaction<CancelFETHDepositDetails>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(connection, poolWrite(connection, 'cancelFETHDeposit', []), (receipt) => {
    let fethReturned = Decimal.ZERO;
    for (const log of poolLogs(receipt, pool)) {
      if (log.eventName === 'SwapCancelled') {
        fethReturned = fethReturned.add(dec((log.args as { fethReturned: bigint }).fethReturned));
      }
    }
    return { fethReturned };
  });
}

// --- the server admin's writes ---

/**
 * Registers payd-made deposit data in the pool (48-byte pubkey, 96-byte signature, withdrawal
 * credentials `poolWithdrawalCredentials(pool)`); resolves to the new validators' ids. Server admin only.
 */
export function addPoolValidators(
  connection: ProtocolConnection,
  deposits: readonly ValidatorDepositData[],
): Promise<SentTransaction<PoolValidatorKey[]>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(connection, poolWrite(connection, 'addValidators', [deposits]), (receipt) =>
    poolLogs(receipt, pool).flatMap((l) =>
      l.eventName === 'ValidatorAdded'
        ? [{ id: (l.args as { id: bigint }).id, pubkey: (l.args as { pubkey: Hex }).pubkey }]
        : [],
    ),
  );
}

/** Removes a validator that was added and never deposited. Server admin only. */
export function removePoolValidator(
  connection: ProtocolConnection,
  id: bigint,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  return sendContractWrite(connection, poolWrite(connection, 'removeValidator', [id]), () => undefined);
}

const idsOf =
  (eventName: 'ValidatorExiting' | 'ValidatorExited', pool: Address) => (receipt: TransactionReceipt) =>
    poolLogs(receipt, pool).flatMap((l) =>
      l.eventName === eventName ? [(l.args as { id: bigint }).id] : [],
    );

/**
 * Marks staked validators as exiting once the server has signed and sent their voluntary exits:
 * their 32 ETH each move from totalStakedETH to deactivatedETHInProgress. Resolves to the ids marked.
 * Server admin only.
 */
export function markValidatorsExiting(
  connection: ProtocolConnection,
  ids: readonly bigint[],
): Promise<SentTransaction<bigint[]>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(
    connection,
    poolWrite(connection, 'markExiting', [ids]),
    idsOf('ValidatorExiting', pool),
  );
}

/**
 * Settles exiting validators whose balances have reached the pool (EIP-4895 withdrawals): 32 ETH
 * each move from deactivatedETHInProgress to freeETH and the queue is filled; anything above 32 ETH
 * is left for the reward report. Resolves to the ids settled. Server admin only.
 */
export function settleValidatorExits(
  connection: ProtocolConnection,
  ids: readonly bigint[],
): Promise<SentTransaction<bigint[]>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(
    connection,
    poolWrite(connection, 'settleExits', [ids]),
    idsOf('ValidatorExited', pool),
  );
}

/** What a reward report did (wei). */
export interface RewardsReportDetails {
  period: bigint;
  stakingRewards: bigint;
  miningRewards: bigint;
  stakingFeeCut: bigint;
  miningFeeCut: bigint;
  charityShare: bigint;
  /** To the rewards pool's depositors (totalRewardsDistributed grows by it). */
  distributed: bigint;
}

/**
 * Reports the staking (consensus layer) and mining (execution layer) rewards that have reached the
 * pool since the last report, in wei; at most once per report period. Server admin only.
 */
export function reportPoolRewards(
  connection: ProtocolConnection,
  rewards: { stakingRewards: bigint; miningRewards: bigint },
): Promise<SentTransaction<RewardsReportDetails>> {
  requireSigner(connection);
  const pool = connection.deployment.addresses.validatorPool;
  return sendContractWrite(
    connection,
    poolWrite(connection, 'reportRewards', [rewards.stakingRewards, rewards.miningRewards]),
    (receipt) => {
      const event = poolLogs(receipt, pool).find((l) => l.eventName === 'RewardsReported');
      if (!event) throw new Error('The receipt has no RewardsReported event');
      return { ...(event.args as RewardsReportDetails) };
    },
  );
}
