// What the protocol did to one customer's wallets in a period, for the combined monthly statement
// (issue 29 item 4): the cache's collateral and debt changes (own operations, redistributions,
// redemptions against it, liquidation), borrowing fees, rewards pool deposits, losses and ETH gains,
// FTX stakes, FETH minted by validator deposits, queued, filled, cancelled and claimed (with the
// swap fee). Read from the contracts' events since the deployment; the cache's and the pool's
// changes are differences between successive event states, so the history before the period is
// read too, and only the entries inside the period are returned.
import {
  borrowerOperationsAbi,
  cacheManagerAbi,
  ftxStakingAbi,
  rewardsPoolAbi,
  validatorPoolAbi,
} from '@payd/contracts/abi';
import type { Abi, Address, Hash } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';

/** The token an activity's amount is in (18 decimals each). */
export type ActivityAsset = 'ETH' | 'PAYD' | 'FTX' | 'FETH';

/**
 * One change, signed from the customer's side: a cache's collateral and debt grow with a positive
 * amount; a rewards pool deposit grows with poolDeposit and shrinks with withdrawals and poolLoss.
 */
export type ActivityKind =
  /** Collateral added (+) or withdrawn (-) by the owner (open, adjust, close). */
  | 'cacheCollateral'
  /** PAYD borrowed (+, the borrowing fee and reserve included) or repaid (-) by the owner. */
  | 'cacheDebt'
  /** The borrowing fee of an open or a borrow, in PAYD (already part of cacheDebt). */
  | 'borrowingFee'
  /** Collateral and debt of liquidated caches given to this cache. */
  | 'redistributionCollateral'
  | 'redistributionDebt'
  /** Collateral taken and debt cancelled by a redemption against the cache. */
  | 'redemptionCollateral'
  | 'redemptionDebt'
  /** Collateral and debt the cache lost to its liquidation. */
  | 'liquidationCollateral'
  | 'liquidationDebt'
  /** PAYD put in (+) or taken out of (-) the rewards pool. */
  | 'poolDeposit'
  /** PAYD of the deposit used by liquidations (-). */
  | 'poolLoss'
  /** ETH gain paid out of the rewards pool (+). */
  | 'poolGain'
  | 'ftxStaked'
  | 'ftxUnstaked'
  /** FETH minted for ETH deposited in pool validators (+). */
  | 'fethMinted'
  /** FETH put in the swap queue (+), filled (-, now claimable as ETH), cancelled back (-). */
  | 'fethQueued'
  | 'fethFilled'
  | 'fethCancelled'
  /** ETH claimed for filled swaps (after the fee) and the swap fee. */
  | 'ethClaimed'
  | 'swapFee';

export interface AccountActivity {
  kind: ActivityKind;
  asset: ActivityAsset;
  /** Signed, 18 decimals. */
  amount: bigint;
  /** The customer's wallet it concerns. */
  account: Address;
  /** Unix seconds of the block. */
  timestamp: number;
  blockNumber: bigint;
  transactionHash: Hash;
  logIndex: number;
}

export interface ReadAccountActivityParameters {
  /** The customer's wallets. */
  accounts: readonly Address[];
  /** Start of the period, Unix seconds (inclusive). */
  from: number;
  /** End of the period, Unix seconds (exclusive). */
  to: number;
}

export interface Log {
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint | null;
  transactionHash: Hash | null;
  logIndex: number | null;
}

export type Mined = Log & { blockNumber: bigint; transactionHash: Hash; logIndex: number };

export const byPosition = (a: Mined, b: Mined) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

/** CacheManagerOperation: applyPendingRewards, liquidateInNormalMode, liquidateInRecoveryMode, redeemCollateral. */
export const REDEEM_COLLATERAL = 3;
const APPLY_PENDING_REWARDS = 0;

export type Change = Omit<AccountActivity, 'timestamp' | 'account'> & { account: string };

/** The cache changes of `logs` (every cache event of its borrowers since the deployment, in chain order). */
export function cacheChanges(logs: readonly Mined[], fromBorrowerOperations: ReadonlySet<Mined>): Change[] {
  const out: Change[] = [];
  const state = new Map<string, { debt: bigint; coll: bigint }>();
  for (const log of logs) {
    const account = String(log.args.borrower).toLowerCase();
    const prev = state.get(account) ?? { debt: 0n, coll: 0n };
    const at = { blockNumber: log.blockNumber, transactionHash: log.transactionHash, logIndex: log.logIndex };
    const push = (kind: ActivityKind, asset: ActivityAsset, amount: bigint) => {
      if (amount !== 0n) out.push({ kind, asset, amount, account, ...at });
    };
    const debt = log.args.debt as bigint;
    const coll = log.args.coll as bigint;
    if (log.eventName === 'PAYDBorrowingFeePaid') {
      push('borrowingFee', 'PAYD', log.args.PAYDFee as bigint);
      continue;
    }
    if (log.eventName === 'CacheLiquidated') {
      // debt and coll include the redistribution not yet applied to the cache.
      push('redistributionCollateral', 'ETH', coll - prev.coll);
      push('redistributionDebt', 'PAYD', debt - prev.debt);
      push('liquidationCollateral', 'ETH', -coll);
      push('liquidationDebt', 'PAYD', -debt);
      state.set(account, { debt: 0n, coll: 0n });
      continue;
    }
    const operation = Number(log.args.operation);
    const [collKind, debtKind]: [ActivityKind, ActivityKind] = fromBorrowerOperations.has(log)
      ? ['cacheCollateral', 'cacheDebt']
      : operation === REDEEM_COLLATERAL
        ? ['redemptionCollateral', 'redemptionDebt']
        : operation === APPLY_PENDING_REWARDS
          ? ['redistributionCollateral', 'redistributionDebt']
          : ['liquidationCollateral', 'liquidationDebt'];
    push(collKind, 'ETH', coll - prev.coll);
    push(debtKind, 'PAYD', debt - prev.debt);
    state.set(account, { debt, coll });
  }
  return out;
}

function poolChanges(logs: readonly Mined[]): Change[] {
  const out: Change[] = [];
  const deposit = new Map<string, bigint>();
  // UserDepositChanged comes before the ETHGainWithdrawn of the same call, which says how much of
  // the previous deposit liquidations used (PAYDLoss): the change is newDeposit - (previous - loss).
  const pendingNew = new Map<string, { value: bigint; log: Mined }>();
  for (const log of logs) {
    const account = String(log.args.depositor).toLowerCase();
    const at = { blockNumber: log.blockNumber, transactionHash: log.transactionHash, logIndex: log.logIndex };
    if (log.eventName === 'UserDepositChanged') {
      pendingNew.set(account, { value: log.args.newDeposit as bigint, log });
      continue;
    }
    const loss = log.args.PAYDLoss as bigint;
    const gain = log.args.ETH as bigint;
    const prev = deposit.get(account) ?? 0n;
    const next = pendingNew.get(account);
    pendingNew.delete(account);
    if (loss !== 0n) out.push({ kind: 'poolLoss', asset: 'PAYD', amount: -loss, account, ...at });
    if (gain !== 0n) out.push({ kind: 'poolGain', asset: 'ETH', amount: gain, account, ...at });
    if (next) {
      const change = next.value - (prev - loss);
      const where = {
        blockNumber: next.log.blockNumber,
        transactionHash: next.log.transactionHash,
        logIndex: next.log.logIndex,
      };
      if (change !== 0n) out.push({ kind: 'poolDeposit', asset: 'PAYD', amount: change, account, ...where });
      deposit.set(account, next.value);
    } else deposit.set(account, prev - loss);
  }
  return out;
}

function simpleChange(log: Mined): Change[] {
  const a = log.args;
  const at = { blockNumber: log.blockNumber, transactionHash: log.transactionHash, logIndex: log.logIndex };
  const account = String(a.account ?? a.depositor).toLowerCase();
  const one = (kind: ActivityKind, asset: ActivityAsset, amount: bigint): Change[] =>
    amount === 0n ? [] : [{ kind, asset, amount, account, ...at }];
  switch (log.eventName) {
    case 'Staked':
      return one('ftxStaked', 'FTX', a.amount as bigint);
    case 'Unstaked':
      return one('ftxUnstaked', 'FTX', -(a.amount as bigint));
    case 'ValidatorsDeposited':
      return one('fethMinted', 'FETH', a.fethMinted as bigint);
    case 'SwapQueued':
      return one('fethQueued', 'FETH', a.amount as bigint);
    case 'SwapFilled':
      return one('fethFilled', 'FETH', -(a.amount as bigint));
    case 'SwapCancelled':
      return one('fethCancelled', 'FETH', -(a.fethReturned as bigint));
    case 'ETHClaimed':
      return [...one('ethClaimed', 'ETH', a.amount as bigint), ...one('swapFee', 'ETH', -(a.fee as bigint))];
    default:
      return [];
  }
}

/** Every change the protocol made to `accounts` in [from, to), in chain order. */
export async function readAccountActivity(
  connection: ProtocolConnection,
  { accounts, from, to }: ReadAccountActivityParameters,
): Promise<AccountActivity[]> {
  if (!accounts.length) return [];
  const { publicClient, deployment } = connection;
  const { addresses } = deployment;
  const fromBlock = BigInt(deployment.startBlock);
  const list = [...accounts];
  const events = (address: Address, abi: Abi, eventName: string, args: Record<string, unknown>) =>
    withReadRetry(
      () =>
        publicClient.getContractEvents({ address, abi, eventName, args, fromBlock } as never) as Promise<
          Log[]
        >,
    ).then((logs) => logs.filter((l): l is Mined => l.blockNumber !== null && l.transactionHash !== null));
  const borrower = { borrower: list };
  const depositor = { depositor: list };
  const [ops, fees, managed, liquidated, deposits, gains, ...simple] = await Promise.all([
    events(addresses.borrowerOperations, borrowerOperationsAbi, 'CacheUpdated', borrower),
    events(addresses.borrowerOperations, borrowerOperationsAbi, 'PAYDBorrowingFeePaid', borrower),
    events(addresses.cacheManager, cacheManagerAbi, 'CacheUpdated', borrower),
    events(addresses.cacheManager, cacheManagerAbi, 'CacheLiquidated', borrower),
    events(addresses.rewardsPool, rewardsPoolAbi, 'UserDepositChanged', depositor),
    events(addresses.rewardsPool, rewardsPoolAbi, 'ETHGainWithdrawn', depositor),
    events(addresses.ftxStaking, ftxStakingAbi, 'Staked', { account: list }),
    events(addresses.ftxStaking, ftxStakingAbi, 'Unstaked', { account: list }),
    ...(['ValidatorsDeposited', 'SwapQueued', 'SwapFilled', 'SwapCancelled', 'ETHClaimed'] as const).map(
      (e) => events(addresses.validatorPool, validatorPoolAbi, e, depositor),
    ),
  ]);
  const changes = [
    ...cacheChanges([...ops, ...fees, ...managed, ...liquidated].sort(byPosition), new Set(ops)),
    ...poolChanges([...deposits, ...gains].sort(byPosition)),
    ...simple.flat().flatMap(simpleChange),
  ];
  const blocks = [...new Set(changes.map((c) => c.blockNumber))];
  const times = new Map<bigint, number>();
  await Promise.all(
    blocks.map(async (blockNumber) => {
      const block = await withReadRetry(() => publicClient.getBlock({ blockNumber }));
      times.set(blockNumber, Number(block.timestamp));
    }),
  );
  const original = new Map(list.map((a) => [a.toLowerCase(), a]));
  return changes
    .map((c) => ({ ...c, account: original.get(c.account)!, timestamp: times.get(c.blockNumber)! }))
    .filter((c) => c.timestamp >= from && c.timestamp < to)
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
}
