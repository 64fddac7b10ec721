// Deposits of payd's validators as the execution chain recorded them: the beacon deposit
// contract's DepositEvent logs (pubkey, amount in little-endian gwei, block, tx hash), read over
// RPC_URL with viem, the event from @payd/protocol (the contract's generated ABI). Behind an
// interface so the sync can be served by any log source.
import { createPublicClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { depositEvent } from '@payd/protocol';

export interface DepositLog {
  /** 0x-prefixed lower-case BLS public key. */
  pubkey: string;
  amountGwei: bigint;
  blockNumber: bigint;
  txHash: string;
  logIndex: number;
  timestamp: Date;
}

export interface DepositLogReader {
  /** Deposits to `contract` whose pubkey is in `pubkeys` (0x lower-case). */
  depositsOf(contract: Address, pubkeys: ReadonlySet<string>): Promise<DepositLog[]>;
}

/** The deposit contract stores amounts as 8 little-endian bytes (gwei). */
export function littleEndianGwei(hex: Hex): bigint {
  const bytes = Buffer.from(hex.slice(2), 'hex');
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]!);
  return v;
}

export class RpcDepositLogReader implements DepositLogReader {
  private readonly client: PublicClient;
  constructor(o: { rpcUrl: string } | { client: PublicClient }) {
    this.client = 'client' in o ? o.client : createPublicClient({ transport: http(o.rpcUrl) });
  }

  async depositsOf(contract: Address, pubkeys: ReadonlySet<string>): Promise<DepositLog[]> {
    // The pubkey is not indexed, so the logs are read whole and filtered here; a production
    // deployment with many deposits would keep an index of them instead.
    const logs = await this.client.getLogs({
      address: contract,
      event: depositEvent,
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const out: DepositLog[] = [];
    const times = new Map<bigint, Date>();
    for (const log of logs) {
      const pubkey = String(log.args.pubkey ?? '').toLowerCase();
      if (!pubkeys.has(pubkey) || log.blockNumber === null || log.transactionHash === null) continue;
      let timestamp = times.get(log.blockNumber);
      if (!timestamp) {
        const block = await this.client.getBlock({ blockNumber: log.blockNumber });
        timestamp = new Date(Number(block.timestamp) * 1000);
        times.set(log.blockNumber, timestamp);
      }
      out.push({
        pubkey,
        amountGwei: littleEndianGwei(log.args.amount as Hex),
        blockNumber: log.blockNumber,
        txHash: log.transactionHash,
        logIndex: log.logIndex ?? 0,
        timestamp,
      });
    }
    return out;
  }
}
