// A bounded pool for password hashing: at most `maxRunning` argon2id computations at once (one per
// core) and at most `maxWaiting` in line. Beyond that the request is refused at once with 429 and
// Retry-After, so that under a burst of sign-ins every admitted one stays fast instead of all of
// them waiting behind each other (issue 16: p99 under 1.2 s at 50 concurrent clients). The line is
// bounded twice: by its length, and by the time a newcomer would wait at the hashes' recent pace
// (a moving average of their durations), so a slow or busy machine keeps the same promise.
import { availableParallelism } from 'node:os';
import { ApiErrorCode } from '@payd/schemas';
import { ApiError } from '../wire/errors.ts';

export const HASHING_BUSY_MESSAGE = 'Too many requests. Please try again later.';

export class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of a hash's duration in ms; undefined until one has run. */
  private averageMs: number | undefined;

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
    /** Refuse when a newcomer would wait longer than this (ms) at the recent pace. */
    readonly waitBudgetMs = Infinity,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The wait (ms) of one more in line at the recent pace; 0 before any hash has run. */
  expectedWaitMs(): number {
    return Math.ceil((this.waiting.length + 1) / this.maxRunning) * (this.averageMs ?? 0);
  }

  /** Runs `work` when a place is free; throws the 429 at once when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting || this.expectedWaitMs() > this.waitBudgetMs)
        throw new ApiError(429, ApiErrorCode.rateLimited, HASHING_BUSY_MESSAGE, { retryAfter: 1 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    const started = this.now();
    try {
      return await work();
    } finally {
      const took = this.now() - started;
      this.averageMs = this.averageMs === undefined ? took : 0.8 * this.averageMs + 0.2 * took;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

const cores = Math.max(1, availableParallelism());
/**
 * The server's one gate: a hash per core, and a line of at most 8 per core that nobody joins when
 * they would wait more than 700 ms (so an admitted sign-in answers within about 0.8 s).
 */
export const passwordHashing = new HashingGate(cores, 8 * cores, 700);
