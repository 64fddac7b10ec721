// A bounded pool for password hashing: at most `maxRunning` argon2id computations at once (one per
// core) and at most `maxWaiting` in line. Beyond that the request is refused at once with 429 and
// Retry-After, so that under a burst of sign-ins every admitted one stays fast instead of all of
// them waiting behind each other (issue 16: p99 under 1.2 s at 50 concurrent clients).
import { availableParallelism } from 'node:os';
import { ApiErrorCode } from '@payd/schemas';
import { ApiError } from '../protocol/errors.ts';

export const HASHING_BUSY_MESSAGE = 'Too many requests. Please try again later.';

export class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  /** Runs `work` when a place is free; throws the 429 at once when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting)
        throw new ApiError(429, ApiErrorCode.rateLimited, HASHING_BUSY_MESSAGE, { retryAfter: 1 });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
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
/** The server's one gate: a hash per core, and a line of 8 per core (about half a second). */
export const passwordHashing = new HashingGate(cores, 8 * cores);
