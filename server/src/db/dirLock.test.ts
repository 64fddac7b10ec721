// One owner per embedded database directory: a second open (in this process or another) is
// refused with the owner named, and a lock left by a process killed with SIGKILL is taken over.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { DirectoryLockedError, LOCK_FILE, directoryOwner, type LockOwner } from '@payd/dir-lock';

const base = mkdtempSync(join(tmpdir(), 'payd-lock-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `holdDatabase.ts` on `dir` as another process; resolves once its row is written. */
function holdInAnotherProcess(dir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('../testing/holdDatabase.ts', import.meta.url).pathname, dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`holdDatabase exited: ${out}`)));
  });
  return { child, ready, exited };
}

describe('the embedded database has one owner', () => {
  it('refuses a second open in the same process until the first is closed', async () => {
    const dir = join(base, 'same-process');
    const first = await openDatabase({ pgliteDir: dir, owner: 'the first test open' });
    const refused = await openDatabase({ pgliteDir: dir }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DirectoryLockedError);
    expect((refused as Error).message).toContain('the embedded database');
    expect((refused as Error).message).toContain('the first test open');
    expect((refused as Error).message).toContain(`process ${process.pid}`);
    await first.query('CREATE TABLE kept (n int)');
    await first.query('INSERT INTO kept VALUES (7)');
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    const again = await openDatabase({ pgliteDir: dir });
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await again.close();
  });

  it('refuses a second process, and takes over the lock of one killed with SIGKILL', async () => {
    const dir = join(base, 'two-processes');
    const holder = holdInAnotherProcess(dir);
    await holder.ready;
    const refused = await openDatabase({ pgliteDir: dir }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DirectoryLockedError);
    expect((refused as DirectoryLockedError).holder.pid).toBe(holder.child.pid);
    expect((refused as Error).message).toContain('holdDatabase test process');

    holder.child.kill('SIGKILL');
    await holder.exited;
    // The killed process's lock is still on disk: it never had a chance to remove it.
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockOwner).pid).toBe(holder.child.pid);
    expect(directoryOwner(dir)).toBeNull();

    const after = await openDatabase({ pgliteDir: dir, owner: 'the test' });
    expect(await after.query('SELECT note FROM held')).toEqual([{ note: `written by ${holder.child.pid}` }]);
    expect(directoryOwner(dir)?.pid).toBe(process.pid);
    await after.close();
  }, 240_000);
});
