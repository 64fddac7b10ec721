import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SignatureCache } from './signatureCache.ts';

describe('SignatureCache', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'payd-sigcache-'));
    dirs.push(dir);
    return join(dir, 'beacon', 'signature-checks.json');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('checks each signed item once, and a restarted node reads the results back', () => {
    const file = fileIn();
    let checks = 0;
    const verify = (result: boolean) => () => (checks++, result);
    const first = new SignatureCache(file);
    expect(first.check(['deposit', '0xAA'], verify(true))).toBe(true);
    expect(first.check(['deposit', '0xaa'], verify(false))).toBe(true);
    expect(first.check(['exit', '0xaa'], verify(false))).toBe(false);
    first.flush();
    expect(checks).toBe(2);

    const second = new SignatureCache(file);
    expect(second.check(['exit', '0xaa'], verify(true))).toBe(false);
    expect(checks).toBe(2);
  });

  it('treats a damaged file as empty', () => {
    const file = fileIn();
    new SignatureCache(file).flush();
    writeFileSync(file, '{"half');
    let checks = 0;
    expect(new SignatureCache(file).check(['deposit', '0x01'], () => (checks++, true))).toBe(true);
    expect(checks).toBe(1);
  });
});
