// Reads what the dev beacon chain is derived from off chain 88: DepositEvent logs of the deposit
// contract, exits included in the exit pool, the EIP-7002/7251 requests the emulated end-of-block
// system call dequeued (../chain/executionRequests.ts), the genesis block's time and the chain clock. Logs are
// read incrementally and kept in memory; if the chain behind the URL changes, it starts over.
import { isValidDepositSignature, verifyVoluntaryExit } from '@payd/validator-keys';
import { hexToBytes, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { executionRequestsFromLogs, SYSTEM_ADDRESS } from '../chain/executionRequests.ts';
import type { ChainFacts, DepositRecord, ExitRecord, OfflineRecord, RequestRecord } from './beaconState.ts';
import { decodeExit, EXIT_POOL_ADDRESS } from './exitPool.ts';
import { decodeSwitch, OFFLINE_SWITCH_ADDRESS } from './offlineSwitch.ts';
import {
  decodeExecutionReward,
  EXECUTION_REWARDS_POOL_ADDRESS,
  type PaidExecutionReward,
} from './executionRewards.ts';
import { SignatureCache } from './signatureCache.ts';
import { decodeWithdrawal, WITHDRAWAL_POOL_ADDRESS, type PaidWithdrawal } from './withdrawalPool.ts';

export const DEPOSIT_EVENT = parseAbiItem(
  'event DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index)',
);

/** The facts at one moment, with the chain clock. */
export interface ChainSnapshot {
  facts: ChainFacts;
  /** Chain time in seconds: the pending block's timestamp (the clock `POST /dev/time` moves). */
  now: bigint;
  /** Changes whenever new deposits or exits were read. */
  version: number;
  /** Withdrawals paid on chain 88 (withdrawal pool records), in payment order. */
  paidWithdrawals: readonly PaidWithdrawal[];
  /** Execution-layer rewards paid on chain 88 (execution-rewards pool records), in payment order. */
  paidExecutionRewards: readonly PaidExecutionReward[];
}

/** uint64 from the deposit contract's 8 little-endian bytes. */
export function littleEndian64(hex: Hex): bigint {
  return hexToBytes(hex).reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

export class ChainView {
  private readonly client: PublicClient;
  private readonly depositContract: Address;
  private deposits: DepositRecord[] = [];
  private exits: ExitRecord[] = [];
  private requests: RequestRecord[] = [];
  private offline: OfflineRecord[] = [];
  private paid: PaidWithdrawal[] = [];
  private paidExecution: PaidExecutionReward[] = [];
  private scanned: { number: bigint; hash: Hex } | null = null;
  private genesisTime: bigint | null = null;
  private version = 0;
  private inflight: Promise<ChainSnapshot> | null = null;
  private readonly signatures: SignatureCache;

  constructor(client: PublicClient, depositContract: Address, signatures = new SignatureCache()) {
    this.client = client;
    this.depositContract = depositContract;
    this.signatures = signatures;
  }

  /** Reads what is new on chain 88 (one refresh at a time) and returns the facts. */
  snapshot(): Promise<ChainSnapshot> {
    this.inflight ??= this.refresh().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async refresh(): Promise<ChainSnapshot> {
    const latest = await this.client.getBlock({ blockTag: 'latest' });
    if (this.scanned) {
      const seen =
        latest.number >= this.scanned.number
          ? await this.client.getBlock({ blockNumber: this.scanned.number })
          : null;
      if (seen?.hash !== this.scanned.hash) this.reset();
    }
    this.genesisTime ??= (await this.client.getBlock({ blockNumber: 0n })).timestamp;
    const from = this.scanned ? this.scanned.number + 1n : 0n;
    if (latest.number >= from) {
      await this.readLogs(from, latest.number);
      this.scanned = { number: latest.number, hash: latest.hash };
    }
    const pending = await this.client.getBlock({ blockTag: 'pending' }).catch(() => latest);
    const now = pending.timestamp > latest.timestamp ? pending.timestamp : latest.timestamp;
    return {
      facts: {
        genesisTime: this.genesisTime,
        deposits: this.deposits,
        exits: this.exits,
        requests: this.requests,
        offline: this.offline,
        isValidExitSignature: (exit, pubkey) => this.checkExit(exit, pubkey),
      },
      now,
      version: this.version,
      paidWithdrawals: this.paid,
      paidExecutionRewards: this.paidExecution,
    };
  }

  private reset(): void {
    this.deposits = [];
    this.exits = [];
    this.requests = [];
    this.offline = [];
    this.paid = [];
    this.paidExecution = [];
    this.scanned = null;
    this.genesisTime = null;
    this.version++;
  }

  private async readLogs(fromBlock: bigint, toBlock: bigint): Promise<void> {
    const [depositLogs, exitLogs, withdrawalLogs, executionLogs, requestLogs, switchLogs] = await Promise.all(
      [
        this.client.getLogs({ address: this.depositContract, event: DEPOSIT_EVENT, fromBlock, toBlock }),
        this.client.getLogs({ address: EXIT_POOL_ADDRESS, fromBlock, toBlock }),
        this.client.getLogs({ address: WITHDRAWAL_POOL_ADDRESS, fromBlock, toBlock }),
        this.client.getLogs({ address: EXECUTION_REWARDS_POOL_ADDRESS, fromBlock, toBlock }),
        this.client.getLogs({ address: SYSTEM_ADDRESS, fromBlock, toBlock }),
        this.client.getLogs({ address: OFFLINE_SWITCH_ADDRESS, fromBlock, toBlock }),
      ],
    );
    for (const log of executionLogs) {
      const r = decodeExecutionReward(log);
      if (r) this.paidExecution.push({ ...r, txHash: log.transactionHash, blockNumber: log.blockNumber });
    }
    for (const log of withdrawalLogs) {
      const w = decodeWithdrawal(log);
      if (w) this.paid.push({ ...w, txHash: log.transactionHash, blockNumber: log.blockNumber });
    }
    if (
      depositLogs.length === 0 &&
      exitLogs.length === 0 &&
      requestLogs.length === 0 &&
      switchLogs.length === 0
    )
      return;
    const times = new Map<bigint, bigint>();
    for (const n of new Set(
      [...depositLogs, ...exitLogs, ...requestLogs, ...switchLogs].map((l) => l.blockNumber),
    ))
      times.set(n, (await this.client.getBlock({ blockNumber: n })).timestamp);
    this.readRequests(requestLogs, times);

    for (const log of depositLogs) {
      const { pubkey, withdrawal_credentials, amount, signature } = log.args;
      if (!pubkey || !withdrawal_credentials || !amount || !signature) continue;
      const amountGwei = littleEndian64(amount);
      this.deposits.push({
        pubkey: pubkey.toLowerCase(),
        withdrawalCredentials: withdrawal_credentials.toLowerCase(),
        amountGwei,
        signature,
        signatureValid: this.signatures.check(
          ['deposit', pubkey, withdrawal_credentials, amountGwei.toString(), signature],
          () =>
            isValidDepositSignature(
              { pubkey, withdrawal_credentials, amount: amountGwei, signature },
              'payd-devnet',
            ),
        ),
        time: times.get(log.blockNumber)!,
        blockNumber: log.blockNumber,
        txHash: log.transactionHash,
      });
    }
    for (const log of exitLogs) {
      const exit = decodeExit(log);
      if (!exit) continue;
      this.exits.push({
        ...exit,
        time: times.get(log.blockNumber)!,
        blockNumber: log.blockNumber,
        txHash: log.transactionHash,
      });
    }
    for (const log of switchLogs) {
      const s = decodeSwitch(log);
      if (s) this.offline.push({ ...s, time: times.get(log.blockNumber)!, blockNumber: log.blockNumber });
    }
    this.version++;
  }

  /** Each system call's requests: its withdrawal requests, then its consolidation requests (EIP-7685 order). */
  private readRequests(
    logs: Parameters<typeof executionRequestsFromLogs>[0],
    times: Map<bigint, bigint>,
  ): void {
    const byBlock = new Map<bigint, typeof logs>();
    for (const log of logs) byBlock.set(log.blockNumber!, [...(byBlock.get(log.blockNumber!) ?? []), log]);
    for (const [blockNumber, blockLogs] of byBlock) {
      const { withdrawals, consolidations } = executionRequestsFromLogs(blockLogs);
      const time = times.get(blockNumber)!;
      for (const r of withdrawals)
        this.requests.push({
          sourceAddress: r.sourceAddress.toLowerCase(),
          validatorPubkey: r.validatorPubkey.toLowerCase(),
          amount: r.amount,
          time,
          blockNumber,
        });
      for (const r of consolidations)
        this.requests.push({
          sourceAddress: r.sourceAddress.toLowerCase(),
          sourcePubkey: r.sourcePubkey.toLowerCase(),
          targetPubkey: r.targetPubkey.toLowerCase(),
          time,
          blockNumber,
        });
    }
  }

  private checkExit(exit: ExitRecord, pubkey: string): boolean {
    const message = { epoch: exit.epoch.toString(), validator_index: exit.validatorIndex.toString() };
    return this.signatures.check(
      ['exit', pubkey, message.epoch, message.validator_index, exit.signature],
      () => verifyVoluntaryExit({ message, signature: exit.signature }, pubkey, 'payd-devnet'),
    );
  }
}
