// Chain 88 with its journal, served over HTTP: what `npm start` and the tests run.
import { join } from 'node:path';
import { startJournaledChain, type JournaledChain } from './chain/journaledChain.ts';
import { startRpcServer } from './rpcServer.ts';

/** Options of `startDevnet`. */
export interface DevnetOptions {
  /** payd data directory (`.data`); the chain journal lives in its `chain/` folder. */
  dataDir: string;
  /** Port of the JSON-RPC server; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Wall clock in milliseconds; tests may move it. */
  now?: () => number;
  /** Who runs it, named to a second process that tries the same data directory. */
  owner?: string;
}

/** A running devnet. */
export interface Devnet {
  /** The chain behind the server. */
  chain: JournaledChain;
  /** JSON-RPC URL (`http://127.0.0.1:8545`); `/faucet` and `/dev/time` hang off it. */
  url: string;
  /** Port the server listens on. */
  port: number;
  /** Stops serving and gives the journal up; it keeps the chain for the next start. */
  close(): Promise<void>;
}

/** Replays the journal into a fresh chain 88, then serves it. */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const chain = await startJournaledChain({
    dir: join(options.dataDir, 'chain'),
    now: options.now,
    owner: options.owner,
  });
  const server = await startRpcServer({ chain, port: options.port, host: options.host }).catch(
    async (error: unknown) => {
      await chain.close();
      throw error;
    },
  );
  return {
    chain,
    url: server.url,
    port: server.port,
    close: async () => {
      await server.close();
      await chain.close();
    },
  };
}
