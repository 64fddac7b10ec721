// BLS checks are the dev beacon node's one expensive step (a pairing each, a tenth of a second or
// more), so their results are kept in a cache file under the data directory. It holds nothing the
// chain does not determine: deleting it only makes the next start check every signature again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class SignatureCache {
  private readonly file: string | undefined;
  private readonly results = new Map<string, boolean>();
  private flushScheduled = false;

  /** Without `file` the cache lives in memory only. */
  constructor(file?: string) {
    this.file = file;
    if (file && existsSync(file)) {
      try {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, boolean>;
        for (const [key, valid] of Object.entries(saved))
          if (typeof valid === 'boolean') this.results.set(key, valid);
      } catch {
        // A damaged cache is only a slower start.
      }
    }
  }

  /** The result of `verify` for the signed data `parts`, computed once. */
  check(parts: readonly string[], verify: () => boolean): boolean {
    const key = createHash('sha256').update(parts.join('|').toLowerCase()).digest('hex');
    let valid = this.results.get(key);
    if (valid === undefined) {
      valid = verify();
      this.results.set(key, valid);
      this.scheduleFlush();
    }
    return valid;
  }

  private scheduleFlush(): void {
    if (!this.file || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Writes the cache file (atomically: a partial write never replaces a good file). */
  flush(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.results)));
    renameSync(temporary, this.file);
  }
}
