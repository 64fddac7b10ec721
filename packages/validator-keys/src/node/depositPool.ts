// Deposit data on worker threads, for Node (`@payd/validator-keys/node`; the browser entry does not
// import it). The seed (PBKDF2) and m/12381/3600 are derived once per request on one thread, then the
// range is cut into chunks that the threads sign and re-verify in parallel; chunks of all requests
// wait in one first-in first-out queue, so a request cannot hold every thread for long, and the
// calling thread's event loop stays free. The output equals createDepositData's, in index order.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  CHECK_BATCH,
  checkDepositRange,
  withdrawalCredentialsFor,
  type CreateDepositDataArgs,
  type DepositDataEntry,
} from '../deposit.ts';
import { getNetwork } from '../networks.ts';
import type { DepositReply, DepositTask } from './depositWorker.ts';

type TaskBody = DepositTask extends infer T ? (T extends DepositTask ? Omit<T, 'id'> : never) : never;

interface Queued {
  task: DepositTask;
  resolve: (reply: DepositReply) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Queued | null;
}

export interface DepositDataPoolOptions {
  /** Worker threads; default os.availableParallelism(). */
  threads?: number;
}

function spawn(): Worker {
  const entry = new URL(
    import.meta.url.endsWith('.ts') ? './depositWorker.ts' : './depositWorker.js',
    import.meta.url,
  );
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  // TypeScript runs through tsx, in the worker as in its parent: the worker registers it first
  // (`--import tsx` in a worker's execArgv is not applied to its entry on Node 20; the ESM build of
  // tsx's API, as the CommonJS one cannot register hooks from a worker).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`,
    { eval: true },
  );
}

export class DepositDataPool {
  readonly threads: number;
  private readonly pool: Thread[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;
  /** Validators whose deposit data this pool signed since it started. */
  signed = 0;

  constructor(options: DepositDataPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
  }

  /** Requests running or waiting: chunks queued or on a thread. */
  get pending(): number {
    return this.queue.length + this.pool.filter((t) => t.busy).length;
  }

  /**
   * Starts the threads now rather than on the first request, each loading and compiling the curve
   * code once (a throwaway mnemonic's first validator; its keys are never used).
   */
  async warm(): Promise<void> {
    const signed = this.signed;
    await Promise.all(
      Array.from({ length: this.threads }, () =>
        this.createDepositData({
          mnemonic: WARM_MNEMONIC,
          startIndex: 0,
          count: 1,
          withdrawalAddress: `0x${'00'.repeat(20)}`,
          network: 'mainnet',
        }),
      ),
    );
    this.signed = signed;
  }

  /** createDepositData on the threads: the same entries, in index order. */
  async createDepositData(args: CreateDepositDataArgs): Promise<DepositDataEntry[]> {
    checkDepositRange(args);
    const network = getNetwork(args.network);
    const withdrawalCredentials = withdrawalCredentialsFor(args.kind ?? '0x01', args.withdrawalAddress);
    const root = await this.run({
      op: 'root',
      mnemonic: typeof args.mnemonic === 'string' ? args.mnemonic : args.mnemonic.join(' '),
      passphrase: args.passphrase ?? '',
    });
    if (!('rootSK' in root)) throw new Error('no root key');
    const chunks = this.threads * Math.ceil(args.count / (this.threads * CHECK_BATCH));
    const size = Math.ceil(args.count / chunks);
    const parts: Promise<DepositReply>[] = [];
    for (let start = args.startIndex; start < args.startIndex + args.count; start += size)
      parts.push(
        this.run({
          op: 'range',
          rootSK: root.rootSK,
          startIndex: start,
          count: Math.min(size, args.startIndex + args.count - start),
          withdrawalCredentials,
          network,
          ...(args.amountGwei !== undefined ? { amountGwei: args.amountGwei } : {}),
        }),
      );
    const entries: DepositDataEntry[] = [];
    for (const reply of await Promise.all(parts)) if ('entries' in reply) entries.push(...reply.entries);
    this.signed += entries.length;
    return entries;
  }

  /** Stops the threads; requests still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('deposit data pool closed'));
    await Promise.all(this.pool.splice(0).map((t) => t.worker.terminate()));
  }

  private run(body: TaskBody): Promise<DepositReply> {
    if (this.closed) return Promise.reject(new Error('deposit data pool closed'));
    return new Promise<DepositReply>((resolve, reject) => {
      const task = { ...body, id: this.nextId++ } as DepositTask;
      this.queue.push({
        task,
        resolve: (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply)),
        reject,
      });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      let thread = this.pool.find((t) => !t.busy);
      if (!thread && this.pool.length < this.threads) thread = this.start();
      if (!thread) return;
      const q = this.queue.shift()!;
      thread.busy = q;
      thread.worker.ref();
      thread.worker.postMessage(q.task);
    }
  }

  private start(): Thread {
    const thread: Thread = { worker: spawn(), busy: null };
    const { worker } = thread;
    worker.on('message', (reply: DepositReply) => {
      const q = thread.busy;
      thread.busy = null;
      worker.unref();
      q?.resolve(reply);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const i = this.pool.indexOf(thread);
      if (i >= 0) this.pool.splice(i, 1);
      thread.busy?.reject(error);
      thread.busy = null;
      this.dispatch();
    };
    worker.on('error', (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => fail(new Error(`deposit data thread stopped (${code})`)));
    this.pool.push(thread);
    return thread;
  }
}

/** A fixed valid mnemonic the threads warm up with (its keys are never used). */
const WARM_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ' +
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art';
