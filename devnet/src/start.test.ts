import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSettings } from './start.ts';
import { LOCK_FILE, lockDirectory } from '@payd/dir-lock';

describe('npm start', { timeout: 30_000 }, () => {
  it('tells the user to run npm install when the dependencies are missing', () => {
    const checkout = mkdtempSync(join(tmpdir(), 'payd-fresh-clone-'));
    try {
      mkdirSync(join(checkout, 'devnet'));
      copyFileSync(
        fileURLToPath(new URL('../start.mjs', import.meta.url)),
        join(checkout, 'devnet', 'start.mjs'),
      );
      const run = spawnSync(process.execPath, [join(checkout, 'devnet', 'start.mjs')], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Run `npm install` in the repository root first');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('refuses a second start on a data directory in use, before it starts anything', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'payd-second-start-'));
    // What a running `npm start` holds on its data directory.
    const running = lockDirectory(dataDir, { owner: 'npm start', what: 'the payd data directory' });
    try {
      const run = spawnSync(process.execPath, [fileURLToPath(new URL('../start.mjs', import.meta.url))], {
        encoding: 'utf8',
        env: { ...process.env, PAYD_DATA_DIR: dataDir, PAYD_PORT: '0', PAYD_CHAIN_PORT: '0' },
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `the payd data directory ${dataDir} is in use by npm start (process ${process.pid}`,
      );
      expect(run.stderr).toContain('payd is already running on it');
      // No chain was started on its journal, no database opened.
      expect(readdirSync(dataDir)).toEqual([LOCK_FILE]);
    } finally {
      running.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes its ports and data directory from the environment, with the documented defaults', () => {
    const defaults = startSettings({});
    expect(defaults).toMatchObject({ port: 8080, chainPort: 8545, smtpPort: 2525, beaconPort: 5052 });
    expect(defaults.dataDir.endsWith('/.data')).toBe(true);
    expect(defaults.webDist.endsWith('/web/dist')).toBe(true);

    const custom = startSettings({ PAYD_PORT: '9090', PAYD_CHAIN_PORT: '0', PAYD_DATA_DIR: '/tmp/payd-x' });
    expect(custom).toMatchObject({ port: 9090, chainPort: 0, dataDir: '/tmp/payd-x' });
    expect(() => startSettings({ PAYD_PORT: 'eighty' })).toThrow('PAYD_PORT must be a port number');
  });
});
