// Property test: whatever hints a caller passes (right, stale, wrong side, not in the list), an insert
// lands where the nominal ratio says, so the list stays ordered and complete.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { type Address } from 'viem';
import { ZERO, mined } from './fixture';

const idOf = (n: number) => `0x${(0x5000 + n).toString(16).padStart(40, '0')}` as Address;

describe('SortedCaches hints (fast-check)', () => {
  it('stays ordered by nominal ratio for any hints', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            nicr: fc.bigInt({ min: 1n, max: 10n ** 21n }),
            prev: fc.integer({ min: -1, max: 30 }),
            next: fc.integer({ min: -1, max: 30 }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        async (inserts) => {
          const filler = await hre.viem.deployContract('SortedCachesFiller', []);
          const list = await hre.viem.getContractAt('SortedCaches', await filler.read.list());
          const hint = (i: number) => (i < 0 ? ZERO : idOf(i));
          for (const [i, ins] of inserts.entries()) {
            await mined(filler.write.insertWithHints([idOf(i), ins.nicr, hint(ins.prev), hint(ins.next)]));
          }
          const seen: bigint[] = [];
          let id = await list.read.getFirst();
          while (id !== ZERO) {
            seen.push(await filler.read.getNominalICR([id]));
            id = await list.read.getNext([id]);
          }
          expect(seen.length).to.equal(inserts.length);
          expect(await list.read.getSize()).to.equal(BigInt(inserts.length));
          const sorted = [...inserts.map((x) => x.nicr)].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
          expect(seen).to.deep.equal(sorted);
          // walking back from the tail gives the same list reversed
          const back: bigint[] = [];
          id = await list.read.getLast();
          while (id !== ZERO) {
            back.push(await filler.read.getNominalICR([id]));
            id = await list.read.getPrev([id]);
          }
          expect(back.reverse()).to.deep.equal(sorted);
        },
      ),
      { numRuns: 20, seed: 88 },
    );
  });
});
