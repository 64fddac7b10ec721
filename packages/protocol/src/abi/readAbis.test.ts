import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_ABIS_FILE, readAbisText } from './generateReadAbis.ts';
import { cacheManagerAbi } from './readAbis.ts';
import { cacheManagerAbi as wholeCacheManagerAbi } from '@payd/contracts/abi';

describe('the read ABIs', () => {
  it('are what the generator makes of the read sources now (npm run abi -w @payd/protocol)', () => {
    expect(readFileSync(READ_ABIS_FILE, 'utf8')).toBe(readAbisText());
  });

  it('hold the items the reads name and not the writes', () => {
    const names = cacheManagerAbi.map((i) => i.name);
    expect(names).toContain('getEntireDebtAndColl');
    expect(wholeCacheManagerAbi.length).toBeGreaterThan(cacheManagerAbi.length);
    expect(names).not.toContain('liquidateCaches');
  });
});
