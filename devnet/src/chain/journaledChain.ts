// Chain 88 for the embedded default: Hardhat's in-process EDR node, which keeps state only in
// memory, behind a journal of every state-changing call. Starting replays the journal into the
// fresh node, block by block with the recorded timestamps, so a restart keeps every account,
// balance and contract (same deployer, same nonces, so the same addresses too).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ChainJournal, type JournalEntry, type JournaledBlock } from './journal.ts';
import { SYSTEM_CONTRACTS } from './systemContracts.ts';
import { lockDirectory, type DirLock } from '../../../server/src/db/dirLock.ts';

const require = createRequire(import.meta.url);

/** Chain id of the local devnet (spec 000: chain 88 has the test-only contracts). */
export const DEVNET_CHAIN_ID = 88;

/** Hardhat hardfork of a new chain 88: Prague (EIP-7002, EIP-7251, EIP-7702, EIP-7623, …). */
export const DEVNET_HARDFORK = 'prague';

/** Hardfork of a journal whose genesis names none (written when chain 88 ran Cancun). */
const LEGACY_HARDFORK = 'cancun';

/** What the faucet gives a dev wallet: 100 ETH in wei. */
export const FAUCET_AMOUNT_WEI = 100n * 10n ** 18n;

/** A JSON-RPC request as the node takes it. */
export interface RpcRequest {
  method: string;
  params?: unknown[];
}

/** The Hardhat EIP-1193 provider, reduced to what the devnet uses. */
interface HardhatProvider {
  request(args: RpcRequest): Promise<unknown>;
  on(event: 'message', listener: (message: { type: string; data: unknown }) => void): void;
}

/** An error the node answered with, carrying its JSON-RPC code and data. */
export class ChainRpcError extends Error {
  override name = 'ChainRpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(message: string, code: number, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Calls that change chain state: passed on under a lock and journaled. */
const JOURNALED = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'evm_increaseTime',
  'evm_setNextBlockTimestamp',
  'evm_mine',
  'evm_setBlockGasLimit',
  'hardhat_mine',
  'hardhat_setBalance',
  'hardhat_setCode',
  'hardhat_setNonce',
  'hardhat_setStorageAt',
  'hardhat_setNextBlockBaseFeePerGas',
  'hardhat_setCoinbase',
  'hardhat_setPrevRandao',
  'hardhat_setMinGasPrice',
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
]);

/** Calls that would break the journal's one-way history or its one-block-per-transaction rule. */
const REFUSED = new Set([
  'evm_snapshot',
  'evm_revert',
  'hardhat_reset',
  'evm_setAutomine',
  'evm_setIntervalMining',
  'hardhat_dropTransaction',
  'hardhat_setLoggingEnabled',
]);

/** Calls whose effect on the chain clock must be remeasured afterwards. */
const MOVES_CLOCK = new Set(['evm_increaseTime', 'evm_setNextBlockTimestamp', 'evm_mine', 'hardhat_mine']);

/** Options of `startJournaledChain`. */
export interface JournaledChainOptions {
  /** Directory of the journal (`<data dir>/chain`). */
  dir: string;
  /** Wall clock in milliseconds; tests may move it. */
  now?: () => number;
  /** Who runs the chain, named to a second process that tries the same journal (e.g. `npm start`). */
  owner?: string;
}

/** What replaying the journal did. */
export interface ReplayReport {
  /** Journal entries replayed. */
  entries: number;
  /** Block number after replay. */
  blockNumber: number;
  /** Blocks whose replayed hash differs from the journaled one (0 when replay is exact). */
  mismatchedBlocks: number;
}

/** The chain clock as the dev time controls show it. */
export interface ChainTime {
  /** Chain time now in seconds: what the next block's timestamp would be. */
  now: number;
  /** Latest block number. */
  blockNumber: number;
  /** Latest block timestamp in seconds. */
  blockTimestamp: number;
}

interface RawBlock {
  number: string;
  timestamp: string;
  hash: string;
}

const hex = (n: bigint | number): string => `0x${n.toString(16)}`;

/** Chain 88 whose state survives restarts through its journal. Create with `startJournaledChain`. */
export class JournaledChain {
  readonly chainId = DEVNET_CHAIN_ID;
  readonly replay: ReplayReport;
  private readonly provider: HardhatProvider;
  private readonly journal: ChainJournal;
  private readonly now: () => number;
  private clockOffset: number;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly lock: DirLock;
  private closed = false;

  /** @internal use `startJournaledChain` */
  constructor(
    provider: HardhatProvider,
    journal: ChainJournal,
    now: () => number,
    clockOffset: number,
    replay: ReplayReport,
    lock: DirLock,
  ) {
    this.provider = provider;
    this.journal = journal;
    this.now = now;
    this.clockOffset = clockOffset;
    this.replay = replay;
    this.lock = lock;
  }

  /** Refuses further state changes, waits for those under way, and gives the journal up. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.journal.close();
    this.lock.release();
  }

  /** Answers one JSON-RPC call; state-changing calls are serialized and journaled. */
  async request(req: RpcRequest): Promise<unknown> {
    if (REFUSED.has(req.method))
      throw new ChainRpcError(
        `${req.method} is not available on the payd devnet (its history is journaled)`,
        -32601,
      );
    if (!JOURNALED.has(req.method)) return call(this.provider, req);
    return this.exclusive(() => this.journaled(req));
  }

  /** Subscribes to the node's `eth_subscription` notifications (for websocket clients). */
  onSubscription(listener: (data: { subscription: string; result: unknown }) => void): void {
    this.provider.on('message', (message) => {
      if (message.type === 'eth_subscription')
        listener(message.data as { subscription: string; result: unknown });
    });
  }

  /** Gives `address` `amountWei` more ETH and mines a block so wallets notice; journaled. */
  async fund(address: string, amountWei: bigint = FAUCET_AMOUNT_WEI): Promise<bigint> {
    return this.exclusive(async () => {
      const balance = BigInt(
        (await call(this.provider, { method: 'eth_getBalance', params: [address, 'latest'] })) as string,
      );
      const next = balance + amountWei;
      await this.journaled({ method: 'hardhat_setBalance', params: [address, hex(next)] });
      await this.journaled({ method: 'evm_mine', params: [] });
      return next;
    });
  }

  /** Moves the chain clock forward by `seconds` and mines a block at the new time; journaled. */
  async advanceTime(seconds: number): Promise<ChainTime> {
    if (!Number.isSafeInteger(seconds) || seconds <= 0)
      throw new RangeError('seconds must be a positive integer');
    return this.exclusive(async () => {
      await this.journaled({ method: 'evm_increaseTime', params: [hex(seconds)] });
      await this.journaled({ method: 'evm_mine', params: [] });
      return this.time();
    });
  }

  /** The chain clock. */
  async time(): Promise<ChainTime> {
    const latest = await block(this.provider, 'latest');
    const pending = await block(this.provider, 'pending');
    return { now: pending.timestamp, blockNumber: latest.number, blockTimestamp: latest.timestamp };
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new ChainRpcError('the devnet is stopping', -32603));
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async journaled(req: RpcRequest): Promise<unknown> {
    const before = Number(await call(this.provider, { method: 'eth_blockNumber' }));
    let result: unknown;
    let failure: unknown;
    try {
      result = await call(this.provider, req);
    } catch (error) {
      failure = error;
    }
    const after = Number(await call(this.provider, { method: 'eth_blockNumber' }));
    // A rejected call changed nothing; a reverted transaction still mined its block and is kept.
    if (failure === undefined || after > before) {
      const blocks: JournaledBlock[] = [];
      if (after > before) {
        blocks.push(await block(this.provider, before + 1));
        if (after > before + 1) blocks.push(await block(this.provider, after));
      }
      if (MOVES_CLOCK.has(req.method)) {
        this.clockOffset = (await block(this.provider, 'pending')).timestamp - Math.floor(this.now() / 1000);
      }
      this.journal.append({
        method: req.method,
        params: req.params ?? [],
        blocks,
        clockOffset: this.clockOffset,
      });
    }
    if (failure !== undefined) throw failure;
    return result;
  }
}

async function call(provider: HardhatProvider, req: RpcRequest): Promise<unknown> {
  try {
    return await provider.request(req.params === undefined ? { method: req.method } : req);
  } catch (error) {
    const e = error as { message?: string; code?: number; data?: unknown };
    throw new ChainRpcError(e.message ?? String(error), typeof e.code === 'number' ? e.code : -32603, e.data);
  }
}

async function block(provider: HardhatProvider, tag: number | 'latest' | 'pending'): Promise<JournaledBlock> {
  const raw = (await call(provider, {
    method: 'eth_getBlockByNumber',
    params: [typeof tag === 'number' ? hex(tag) : tag, false],
  })) as RawBlock;
  return { number: Number(raw.number), timestamp: Number(raw.timestamp), hash: raw.hash };
}

/** Creates Hardhat's in-process node for chain 88 with its default deterministic accounts. */
async function createNode(genesisTimestamp: number, hardfork: string): Promise<HardhatProvider> {
  const { resolveConfig } = require('hardhat/internal/core/config/config-resolution') as {
    resolveConfig(path: string, config: object): unknown;
  };
  const { createProvider } = require('hardhat/internal/core/providers/construction') as {
    createProvider(config: unknown, network: string): Promise<HardhatProvider>;
  };
  // resolveConfig only derives project paths from this file; it never loads it.
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: {
      hardhat: {
        chainId: DEVNET_CHAIN_ID,
        hardfork,
        initialDate: new Date(genesisTimestamp * 1000).toISOString(),
        loggingEnabled: false,
        // Same as contracts/hardhat.config.ts, so deployment behaves the same in both.
        allowUnlimitedContractSize: false,
      },
    },
  });
  return createProvider(config, 'hardhat');
}

async function replayEntry(provider: HardhatProvider, entry: JournalEntry): Promise<void> {
  const first = entry.blocks[0];
  const setNext = (timestamp: number) =>
    call(provider, { method: 'evm_setNextBlockTimestamp', params: [hex(timestamp)] });
  if (entry.method === 'evm_mine' && first) {
    await call(provider, { method: 'evm_mine', params: [hex(first.timestamp)] });
    return;
  }
  if (first) await setNext(first.timestamp);
  // A journaled transaction may have reverted; replaying it reverts the same way.
  await call(provider, { method: entry.method, params: entry.params }).catch((error: unknown) => {
    if (!first) throw error;
  });
}

/** Starts chain 88 from the journal in `dir`, replaying it before anyone is served. */
export async function startJournaledChain(options: JournaledChainOptions): Promise<JournaledChain> {
  const now = options.now ?? Date.now;
  // One chain per journal: a second one appending to it would fork the history both replay.
  const lock = lockDirectory(options.dir, {
    owner: options.owner ?? `process ${process.pid}`,
    what: 'the chain 88 journal',
  });
  try {
    return await replayJournal(options.dir, now, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function replayJournal(dir: string, now: () => number, lock: DirLock): Promise<JournaledChain> {
  const journal = new ChainJournal(dir);
  const genesis = journal.genesis(() => ({
    chainId: DEVNET_CHAIN_ID,
    genesisTimestamp: Math.floor(now() / 1000),
    hardfork: DEVNET_HARDFORK,
  }));
  const provider = await createNode(genesis.genesisTimestamp, genesis.hardfork ?? LEGACY_HARDFORK);

  const entries = journal.entries();
  let mismatchedBlocks = 0;
  let clockOffset = 0;
  for (const entry of entries) {
    await replayEntry(provider, entry);
    const last = entry.blocks.at(-1);
    if (last && (await block(provider, last.number)).hash !== last.hash) mismatchedBlocks++;
    clockOffset = entry.clockOffset;
  }
  // The chain clock kept running while the devnet was stopped, as a real chain's would.
  const pending = await block(provider, 'pending');
  const target = Math.floor(now() / 1000) + clockOffset;
  if (target > pending.timestamp)
    await call(provider, { method: 'evm_increaseTime', params: [hex(target - pending.timestamp)] });

  const latest = await block(provider, 'latest');
  const chain = new JournaledChain(
    provider,
    journal,
    now,
    clockOffset,
    { entries: entries.length, blockNumber: latest.number, mismatchedBlocks },
    lock,
  );
  await installSystemContracts(chain);
  return chain;
}

/**
 * Puts the Prague system contracts (systemContracts.ts) where they are missing, through the
 * journal: a new chain gets them before its first block, an older journal at its end, and every
 * replay after that installs them at the same point, so the chain comes back identical.
 */
async function installSystemContracts(chain: JournaledChain): Promise<void> {
  for (const { address, code } of SYSTEM_CONTRACTS) {
    const current = (await chain.request({ method: 'eth_getCode', params: [address, 'latest'] })) as string;
    if (current.toLowerCase() !== code.toLowerCase())
      await chain.request({ method: 'hardhat_setCode', params: [address, code] });
  }
}
