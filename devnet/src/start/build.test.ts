import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, withBuildLock } from './build.ts';

describe('building what npm start serves', { timeout: 30_000 }, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'payd-build-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const touch = (path: string, secondsAgo: number) => {
    writeFileSync(path, 'x');
    const t = Date.now() / 1000 - secondsAgo;
    utimesSync(path, t, t);
  };

  it('rebuilds when the output is missing or older than any source, and not otherwise', () => {
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    touch(join(dir, 'src', 'a.ts'), 100);
    const output = join(dir, 'index.html');
    expect(isStale(output, [join(dir, 'src')])).toBe(true);
    touch(output, 50);
    expect(isStale(output, [join(dir, 'src')])).toBe(false);
    touch(join(dir, 'src', 'deep', 'b.ts'), 10);
    expect(isStale(output, [join(dir, 'src'), join(dir, 'missing')])).toBe(true);
  });

  it('runs one build at a time and takes over a lock whose holder died', async () => {
    const name = `test-${process.pid}-${Date.now()}`;
    const order: string[] = [];
    let release!: () => void;
    const first = withBuildLock(name, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    await expect.poll(() => order.length).toBe(1);
    const second = withBuildLock(name, async () => void order.push('second'));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);

    // A holder that was killed mid-build left its lock behind.
    const lock = join(tmpdir(), `payd-${name}.lock`);
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), '2147483646');
    await withBuildLock(name, async () => void order.push('after a dead holder'));
    expect(order.at(-1)).toBe('after a dead holder');
  });
});
