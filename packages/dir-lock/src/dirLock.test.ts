// lockDirectory: a stale lock (dead pid, reused pid, unreadable file) is taken over, a live owner
// refuses, and a release never removes a lock another process took since.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, directoryOwner, lockDirectory, type LockOwner } from './dirLock.ts';

const base = mkdtempSync(join(tmpdir(), 'payd-lock-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('lockDirectory', () => {
  const stale = (dir: string, owner: Partial<LockOwner>) =>
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 1, startTime: null, owner: 'x', since: '', token: 't', ...owner }),
    );

  it('takes over a lock whose pid now belongs to another program (a reused pid)', () => {
    const dir = join(base, 'reused');
    const first = lockDirectory(dir, { owner: 'a', what: 'the thing' });
    first.release();
    // This process is alive, but it is not the process that wrote the lock (another start time).
    stale(dir, { pid: process.pid, startTime: (first.owner.startTime ?? 0) + 1 });
    if (first.owner.startTime === null) return; // No /proc: a pid cannot be told from its reuse.
    const lock = lockDirectory(dir, { owner: 'b', what: 'the thing' });
    expect(directoryOwner(dir)?.owner).toBe('b');
    lock.release();
  });

  it('takes over an unreadable lock, and refuses while the owner lives', () => {
    const dir = join(base, 'garbage');
    lockDirectory(dir, { owner: 'a', what: 'the thing' }).release();
    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    const lock = lockDirectory(dir, { owner: 'b', what: 'the thing' });
    expect(() => lockDirectory(dir, { owner: 'c', what: 'the thing' })).toThrow(
      /the thing .* is in use by b \(process \d+/,
    );
    lock.release();
    lock.release();
    expect(directoryOwner(dir)).toBeNull();
  });

  it('leaves a lock that another process took after this one released alone', () => {
    const dir = join(base, 'foreign');
    const mine = lockDirectory(dir, { owner: 'a', what: 'the thing' });
    mine.release();
    const theirs = lockDirectory(dir, { owner: 'b', what: 'the thing' });
    mine.release();
    expect(directoryOwner(dir)?.token).toBe(theirs.owner.token);
    theirs.release();
  });
});
