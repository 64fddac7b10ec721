// Starts the dev beacon node: the Beacon API over chain 88's deposits and clock (see README.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createPublicClient, http, type Address } from 'viem';
import { handle } from './beaconApi.ts';
import { DevBeaconNode } from './devBeaconNode.ts';

/** Options of `startDevBeacon`. */
export interface DevBeaconOptions {
  /** JSON-RPC URL of chain 88 (the devnet's, so that exits are journaled with the chain). */
  rpcUrl: string;
  /** Address of the beacon deposit contract on chain 88. */
  depositContract: Address;
  /** Port of the Beacon API; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /**
   * payd data directory (`PAYD_DATA_DIR`). The node keeps no state of its own (deposits, accepted
   * exits and the clock are read back from chain 88, whose journal lives there); it only caches
   * BLS check results in `beacon/signature-checks.json`. Without it the cache is in memory.
   */
  dataDir?: string;
  /**
   * How often the node makes the EIP-7002/7251 end-of-block system calls and pays due withdrawals
   * (EIP-4895) and execution-layer rewards into chain 88, in ms; 0 = only when
   * `node.processExecutionRequests()`, `node.payWithdrawals()` / `node.payExecutionRewards()` are
   * called (tests).
   * Default 2000.
   */
  withdrawalIntervalMs?: number;
}

/** A running dev beacon node. */
export interface DevBeacon {
  /** Base URL of the Beacon API, e.g. `http://127.0.0.1:5052`. */
  url: string;
  port: number;
  node: DevBeaconNode;
  close(): Promise<void>;
}

export async function startDevBeacon(options: DevBeaconOptions): Promise<DevBeacon> {
  const client = createPublicClient({ transport: http(options.rpcUrl), pollingInterval: 50 });
  const node = new DevBeaconNode({
    client,
    rpcUrl: options.rpcUrl,
    depositContract: options.depositContract,
    signatureCacheFile: options.dataDir && join(options.dataDir, 'beacon', 'signature-checks.json'),
  });
  const server: Server = createServer((req, res) => void handle(node, req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const every = options.withdrawalIntervalMs ?? 2000;
  let lastError = '';
  const timer =
    every > 0
      ? setInterval(() => {
          Promise.all([
            node.processingExecutionRequests ? 0 : node.processExecutionRequests(),
            node.payWithdrawals(),
            node.payingExecutionRewards ? 0 : node.payExecutionRewards(64),
          ]).then(
            () => (lastError = ''),
            (error: unknown) => {
              const message = error instanceof Error ? error.message : String(error);
              if (message !== lastError)
                console.warn(`dev beacon node: paying withdrawals or fees: ${message}`);
              lastError = message;
            },
          );
        }, every)
      : undefined;
  timer?.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    node,
    close: async () => {
      if (timer) clearInterval(timer);
      await node.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
