import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ftxTokenAddress, transferCalldata } from './ftxFaucet.ts';

describe('ftx faucet', () => {
  it('encodes transfer(to, amount) as the ERC-20 call', () => {
    expect(transferCalldata('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 10n ** 18n)).toBe(
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' +
        '0000000000000000000000000000000000000000000000000de0b6b3a7640000',
    );
  });
  it('reads the FTX token of the deployment file, or nothing before deployment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftx-faucet-'));
    const file = join(dir, '88.json');
    writeFileSync(
      file,
      JSON.stringify({ addresses: { ftxToken: '0x00000000000000000000000000000000000000f1' } }),
    );
    expect(ftxTokenAddress(file)).toBe('0x00000000000000000000000000000000000000f1');
    expect(ftxTokenAddress(join(dir, 'missing.json'))).toBeUndefined();
  });
});
