// The exits, partial withdrawals (EIP-7002), 0x02 switches and consolidations (EIP-7251) a customer's
// wallets sent, from the chain alone: the predeploys log each request, a pass reads the blocks after
// the last it scanned (alert_chain_scan) and keeps the requests whose source is one of a customer's
// wallets (sign-in wallets and registered stake wallets, as the cache alerts find owners). Each waits
// in alert_execution_request until the beacon chain's finalized state decides it (@payd/consensus
// requestOutcome): confirmed by its effect, or ignored (the fee kept). Each is told once, keyed by its
// transaction and log index.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createPublicClient, http } from 'viem';
import {
  consolidationRequestKind,
  FAR_FUTURE_EPOCH,
  requestOutcome,
  withdrawalRequestKind,
  type FinalizedRequestView,
  type LoggedRequestKind,
} from '@payd/consensus';
import { readRequestLogs, readRequestQueuesEmpty, type LoggedExecutionRequest } from '@payd/protocol';
import { gweiToEthText, type AlertFacts } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import {
  BeaconTime,
  requestValidatorOf,
  type BeaconClient,
  type BeaconPendingPartialWithdrawal,
  type BeaconValidator,
} from '../../staking/index.ts';

import type { EventFinding } from '../record.ts';
import { ownersByUser } from './caches.ts';
import { rememberScannedBlock, scannedBlock } from '../chainScan.ts';

/** What the scan reads of the execution chain. */
export interface RequestChainReader {
  headBlock(): Promise<bigint>;
  /** The requests both predeploys logged in `fromBlock`..`toBlock`. */
  logs(fromBlock: bigint, toBlock: bigint): Promise<LoggedExecutionRequest[]>;
  /** Whether each predeploy had handed every request it took to the beacon chain by the head block (and its time). */
  queuesEmpty(): Promise<{ withdrawal: boolean; consolidation: boolean; blockTime: Date }>;
}

/** What the decision reads of the beacon node. */
export type RequestBeacon = Pick<
  BeaconClient,
  'getSpec' | 'getGenesis' | 'getValidators' | 'getPendingPartialWithdrawals' | 'getPendingConsolidations'
> & { getFinalizedEpoch(): Promise<bigint> };

export function rpcRequestChainReader(rpcUrl: string): RequestChainReader {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    headBlock: () => client.getBlockNumber({ cacheTime: 0 }),
    logs: (fromBlock, toBlock) => readRequestLogs(client, { fromBlock, toBlock }),
    async queuesEmpty() {
      const block = await client.getBlock({ blockTag: 'latest' });
      const empty = await readRequestQueuesEmpty(client, block.number);
      return { ...empty, blockTime: new Date(Number(block.timestamp) * 1000) };
    },
  };
}

/** A first scan starts this many blocks back (2 days of 12-second blocks): no history from before. */
const FIRST_SCAN_BLOCKS = 14_400n;
/** At most this many blocks a pass (eth_getLogs ranges are bounded by most providers). */
const SCAN_BLOCKS = 10_000n;

/**
 * Reads the blocks after the last scanned and keeps the customers' requests; the mark moves only
 * after they are stored, so a pass killed halfway reads the same blocks again (rows are keyed).
 */
export async function scanWalletRequests(db: Db, chainId: number, chain: RequestChainReader, now: Date) {
  const head = await chain.headBlock();
  const scan = `wallet_requests:${chainId}`;
  const mark = await scannedBlock(db, scan);
  let from = mark !== undefined ? mark + 1n : head > FIRST_SCAN_BLOCKS ? head - FIRST_SCAN_BLOCKS : 0n;
  // A chain that went back (a fresh dev chain) is read again from its start.
  if (from > head + 1n) from = 0n;
  if (from > head) return;
  const to = from + SCAN_BLOCKS - 1n < head ? from + SCAN_BLOCKS - 1n : head;
  const found = await chain.logs(from, to);
  if (found.length) {
    const owners = new Map<string, number[]>();
    for (const { usrId, owner } of await ownersByUser(db))
      owners.set(owner, [...(owners.get(owner) ?? []), usrId]);
    for (const r of found)
      for (const usrId of owners.get(r.sourceAddress.toLowerCase()) ?? []) {
        const operation: LoggedRequestKind =
          r.predeploy === 'withdrawal'
            ? withdrawalRequestKind(r.amountGwei)
            : consolidationRequestKind(r.validatorPubkey, r.targetPubkey ?? '');
        await db.execute(
          sql`INSERT INTO alert_execution_request (tx_hash, log_index, usr_id, operation, source_address, pubkey,
                                                    target_pubkey, amount_gwei, block_number, block_time)
              VALUES (${r.transactionHash.toLowerCase()}, ${r.logIndex}, ${usrId}, ${operation},
                      ${r.sourceAddress.toLowerCase()}, ${r.validatorPubkey.toLowerCase()},
                      ${r.targetPubkey?.toLowerCase() ?? null}, ${r.amountGwei.toString()}, ${r.blockNumber.toString()},
                      ${r.blockTime.toISOString()}::timestamptz)
              ON CONFLICT DO NOTHING`,
        );
      }
  }
  await rememberScannedBlock(db, { scan, block: to }, now, head);
}

const pendingRow = z.object({
  tx_hash: z.string(),
  log_index: z.number(),
  usr_id: z.number(),
  operation: z.enum(['exit', 'partialWithdrawal', 'switchToCompounding', 'consolidation']),
  source_address: z.string(),
  pubkey: z.string(),
  target_pubkey: z.string().nullable(),
  amount: z.string(),
  block_time: z.string(),
  handed_over_time: z.string().nullable(),
});
type PendingRequest = z.infer<typeof pendingRow>;

export interface DecidedRequests {
  confirmed: EventFinding[];
  ignored: EventFinding[];
  /** Marks the decided requests so later passes skip them (after their alerts are recorded). */
  settle(): Promise<void>;
}

const keyOf = (r: Pick<PendingRequest, 'tx_hash' | 'log_index'>) => `${r.tx_hash}:${r.log_index}`;

/** What the alert of a decided request records: the request, and on confirmation what it did. */
function requestFacts(
  r: PendingRequest,
  outcome: string,
  byKey: ReadonlyMap<string, BeaconValidator>,
  partials: readonly BeaconPendingPartialWithdrawal[],
): AlertFacts {
  const source = byKey.get(r.pubkey);
  const target = r.target_pubkey ? byKey.get(r.target_pubkey) : undefined;
  const facts: Record<string, string> = {
    operation: r.operation,
    pubkey: r.pubkey,
    index: source ? source.index.toString() : '',
    address: r.source_address,
    txHash: r.tx_hash,
  };
  if (r.target_pubkey && r.operation === 'consolidation') {
    facts.targetPubkey = r.target_pubkey;
    facts.targetIndex = target ? target.index.toString() : '';
  }
  if (r.operation === 'partialWithdrawal') facts.amountEth = gweiToEthText(r.amount);
  if (outcome !== 'confirmed' || !source) return facts;
  if (source.exitEpoch !== null && source.exitEpoch !== FAR_FUTURE_EPOCH)
    facts.exitEpoch = source.exitEpoch.toString();
  facts.balanceEth = gweiToEthText(source.balanceGwei);
  if (r.operation === 'partialWithdrawal') {
    const queued = partials.filter((w) => w.validatorIndex === source.index).at(-1);
    if (queued) {
      facts.amountEth = gweiToEthText(queued.amountGwei);
      facts.withdrawableEpoch = queued.withdrawableEpoch.toString();
    }
  }
  return facts;
}

/** The requests whose slot the beacon chain has finalized, confirmed or ignored by their effect. */
export async function decideWalletRequests(
  db: Db,
  beacon: RequestBeacon,
  chain: RequestChainReader,
  now: Date,
): Promise<DecidedRequests> {
  const none: DecidedRequests = { confirmed: [], ignored: [], settle: async () => {} };
  const pending = await parsedRows(
    db,
    sql`SELECT tx_hash, log_index, usr_id, operation, source_address, pubkey, target_pubkey,
               amount_gwei::text AS amount, block_time::text AS block_time,
               handed_over_time::text AS handed_over_time
        FROM alert_execution_request WHERE outcome = 'pending' ORDER BY block_number, log_index`,
    pendingRow,
  );
  if (!pending.length) return none;
  const [spec, genesis, finalizedEpoch, queuesEmpty] = await Promise.all([
    beacon.getSpec(),
    beacon.getGenesis(),
    beacon.getFinalizedEpoch(),
    chain.queuesEmpty(),
  ]);
  // A request still in its predeploy's queue has not reached the beacon chain: not decided yet. The
  // first block seen with its queue empty bounds when it did (on chain 88 the dev beacon node's system
  // call dequeues a few seconds after the request, or after a jump of the dev clock).
  const emptyFor = (r: PendingRequest) =>
    r.operation === 'exit' || r.operation === 'partialWithdrawal'
      ? queuesEmpty.withdrawal
      : queuesEmpty.consolidation;
  for (const r of pending)
    if (r.handed_over_time === null && emptyFor(r)) {
      r.handed_over_time = queuesEmpty.blockTime.toISOString();
      await db.execute(
        sql`UPDATE alert_execution_request SET handed_over_time = ${r.handed_over_time}::timestamptz
            WHERE tx_hash = ${r.tx_hash} AND log_index = ${r.log_index} AND usr_id = ${r.usr_id}
              AND handed_over_time IS NULL`,
      );
    }
  const handedOver = pending.filter((r) => r.handed_over_time !== null);
  if (!handedOver.length) return none;
  const time = new BeaconTime(genesis, spec);
  const pubkeys = [
    ...new Set(handedOver.flatMap((r) => [r.pubkey, ...(r.target_pubkey ? [r.target_pubkey] : [])])),
  ];
  const [validators, partials, consolidations] = await Promise.all([
    beacon.getValidators(pubkeys, 'finalized'),
    beacon.getPendingPartialWithdrawals('finalized'),
    beacon.getPendingConsolidations('finalized'),
  ]);
  const view: FinalizedRequestView = {
    slot: finalizedEpoch * spec.slotsPerEpoch,
    slotsPerEpoch: spec.slotsPerEpoch,
    minValidatorWithdrawabilityDelay: BigInt(spec.values.MIN_VALIDATOR_WITHDRAWABILITY_DELAY ?? '256'),
    validators: validators.map(requestValidatorOf),
    pendingPartialWithdrawals: partials.map((w) => ({
      validatorIndex: w.validatorIndex,
      amount: w.amountGwei,
      withdrawableEpoch: w.withdrawableEpoch,
    })),
    pendingConsolidations: consolidations,
  };
  const byKey = new Map(validators.map((v) => [v.pubkey.toLowerCase(), v]));
  const confirmed: EventFinding[] = [];
  const ignored: EventFinding[] = [];
  const decided: { key: PendingRequest; outcome: string }[] = [];
  for (const r of handedOver) {
    const handedOverSlot = time.slotAt(new Date(r.handed_over_time!));
    // One epoch past the block by which it reached the beacon chain, the finalized state holds the
    // request's effect if it had one.
    const outcome = requestOutcome(
      {
        kind: r.operation,
        sourcePubkey: r.pubkey,
        ...(r.target_pubkey ? { targetPubkey: r.target_pubkey } : {}),
        slot: handedOverSlot + spec.slotsPerEpoch,
      },
      view,
    );
    if (outcome === 'pending') continue;
    decided.push({ key: r, outcome });
    const finding: EventFinding = {
      usrId: r.usr_id,
      subject: r.pubkey,
      occurrence: keyOf(r),
      facts: requestFacts(r, outcome, byKey, partials),
    };
    if (outcome === 'ignored') ignored.push(finding);
    if (outcome === 'confirmed') confirmed.push(finding);
  }
  return {
    confirmed,
    ignored,
    async settle() {
      for (const { key, outcome } of decided)
        await db.execute(
          sql`UPDATE alert_execution_request SET outcome = ${outcome}, decided_on = ${now.toISOString()}::timestamptz
              WHERE tx_hash = ${key.tx_hash} AND log_index = ${key.log_index} AND usr_id = ${key.usr_id}
                AND outcome = 'pending'`,
        );
    },
  };
}
