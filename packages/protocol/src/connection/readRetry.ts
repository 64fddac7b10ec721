// Retries of reads that fail because the node has not caught up with the block the read names
// ('header not found') or has pruned its state: both go away by asking again a moment later.
import { READ_RETRY_MS } from '../model/constants.ts';

const TRANSIENT = [/header not found/i, /missing trie node/i, /pruned/i, /state.*not available/i];

/** Whether `error` (or one of its causes) is a transient node error worth retrying. */
export function isTransientReadError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const text = `${(e as { message?: string }).message ?? ''} ${(e as { details?: string }).details ?? ''}`;
    if (TRANSIENT.some((pattern) => pattern.test(text))) return true;
  }
  return false;
}

/** Runs `read`, repeating it every 200 ms while it fails transiently (at most `attempts` times). */
export async function withReadRetry<T>(
  read: () => Promise<T>,
  attempts = 25,
  delayMs = READ_RETRY_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || !isTransientReadError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
