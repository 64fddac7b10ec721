// Property test: whatever hints a caller passes (right, stale, wrong side, not in the list), an insert
// lands where the nominal ratio says, so the list stays ordered and complete.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { type Address } from 'viem';
import { ZERO, expectRevert, mined } from './fixture';

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
  reInsertMatchesRemoveAndInsert();
  removeConsecutiveMatchesRemovals();
});

/** removeConsecutive, which relinks only the nodes around the run, against one removal per node. */
function removeConsecutiveMatchesRemovals() {
  it('removeConsecutive leaves the list exactly as removing the same nodes one by one would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 1n, max: 5n * 10n ** 18n }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        async (ratios, at, length) => {
          const lists = await Promise.all(
            [0, 1].map(async () => {
              const filler = await hre.viem.deployContract('SortedCachesMover', []);
              const list = await hre.viem.getContractAt('SortedCaches', await filler.read.list());
              for (const [i, nicr] of ratios.entries()) {
                await mined(filler.write.insertWithHints([idOf(i), nicr, ZERO, ZERO]));
              }
              return { filler, list };
            }),
          );
          const walk = async (list: (typeof lists)[number]['list'], from: 'head' | 'tail') => {
            const ids: Address[] = [];
            let id = from === 'head' ? await list.read.getFirst() : await list.read.getLast();
            while (id !== ZERO) {
              ids.push(id);
              id = from === 'head' ? await list.read.getNext([id]) : await list.read.getPrev([id]);
            }
            return ids;
          };
          const ordered = await walk(lists[0].list, 'head');
          // a run from position `at` (from the tail) upwards, at most to the head
          const lowestAt = at % ordered.length;
          const lowest = ordered[ordered.length - 1 - lowestAt]!;
          const count = 1 + (length % (ordered.length - lowestAt));
          await mined(lists[0].filler.write.removeRun([lowest, BigInt(count), false]));
          await mined(lists[1].filler.write.removeRun([lowest, BigInt(count), true]));
          const left = ordered.filter(
            (_, i) => i < ordered.length - 1 - lowestAt - (count - 1) || i > ordered.length - 1 - lowestAt,
          );
          for (const { list } of lists) {
            expect(await walk(list, 'head')).to.deep.equal(left);
            expect(await walk(list, 'tail')).to.deep.equal([...left].reverse());
            expect(await list.read.getSize()).to.equal(BigInt(left.length));
            expect(await list.read.contains([lowest])).to.equal(false);
          }
        },
      ),
      { numRuns: 25, seed: 12 },
    );
  });

  it('removeConsecutive refuses a node not in the list and a run past the head', async () => {
    const filler = await hre.viem.deployContract('SortedCachesMover', []);
    for (const [i, nicr] of [3n, 2n, 1n].entries()) {
      await mined(filler.write.insertWithHints([idOf(i), nicr * 10n ** 18n, ZERO, ZERO]));
    }
    await expectRevert(filler.write.removeRun([idOf(7), 1n, false]), 'NotInList');
    await expectRevert(filler.write.removeRun([idOf(1), 3n, false]), 'NotInList');
    const list = await hre.viem.getContractAt('SortedCaches', await filler.read.list());
    expect(await list.read.getSize()).to.equal(3n);
    await expectRevert(list.write.removeConsecutive([idOf(2), 0n, 1n]), 'CallerNotAllowed');
  });
}

/** reInsert, which leaves a cache that stays in place untouched, against a removal and an insert. */
function reInsertMatchesRemoveAndInsert() {
  it('reInsert leaves the list exactly as a removal and an insert with the same hints would', async () => {
    // ratios from a small set, so that ties with the neighbours are common
    const ratio = fc.oneof(
      fc.integer({ min: 1, max: 6 }).map((n) => BigInt(n) * 10n ** 18n),
      fc.bigInt({ min: 1n, max: 7n * 10n ** 18n }),
    );
    // a hint: the moved cache itself, its neighbour before or after, another cache, or none
    const hintKind = fc.constantFrom('own', 'prev', 'next', 'other', 'zero');
    await fc.assert(
      fc.asyncProperty(
        fc.array(ratio, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.record({
            who: fc.nat(),
            // the new ratio: any, or a neighbour's (a tie), or the cache's own
            to: fc.constantFrom('any', 'prev', 'next', 'own'),
            nicr: ratio,
            prev: hintKind,
            next: hintKind,
            other: fc.nat(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (start, moves) => {
          const lists = await Promise.all(
            [0, 1].map(async () => {
              const filler = await hre.viem.deployContract('SortedCachesMover', []);
              const list = await hre.viem.getContractAt('SortedCaches', await filler.read.list());
              return { filler, list };
            }),
          );
          const order = async (list: (typeof lists)[number]['list']) => {
            const ids: Address[] = [];
            for (let id = await list.read.getFirst(); id !== ZERO; id = await list.read.getNext([id]))
              ids.push(id);
            return ids;
          };
          for (const { filler } of lists) {
            for (const [i, nicr] of start.entries()) {
              await mined(filler.write.insertWithHints([idOf(i), nicr, ZERO, ZERO]));
            }
          }
          for (const move of moves) {
            const id = idOf(move.who % start.length);
            const [prevOf, nextOf] = [
              await lists[0].list.read.getPrev([id]),
              await lists[0].list.read.getNext([id]),
            ];
            const pick = (kind: string) =>
              ({ own: id, prev: prevOf, next: nextOf, other: idOf(move.other % start.length), zero: ZERO })[
                kind
              ] as Address;
            const ratioOf = (who: Address) => lists[0].filler.read.nicrOf([who]);
            const nicr =
              move.to === 'prev' && prevOf !== ZERO
                ? await ratioOf(prevOf)
                : move.to === 'next' && nextOf !== ZERO
                  ? await ratioOf(nextOf)
                  : move.to === 'own'
                    ? await ratioOf(id)
                    : move.nicr;
            const args = [id, nicr, pick(move.prev), pick(move.next)] as const;
            await mined(lists[0].filler.write.reInsertWithHints([...args, false]));
            await mined(lists[1].filler.write.reInsertWithHints([...args, true]));
            expect(await order(lists[0].list)).to.deep.equal(await order(lists[1].list));
          }
          const ids = await order(lists[0].list);
          expect(await lists[0].list.read.getLast()).to.equal(ids[ids.length - 1]);
        },
      ),
      {
        numRuns: 30,
        seed: 27,
        // a tie with the head as the new ratio, hinted (head, own): the insert puts the cache in front
        examples: [
          [
            [5n * 10n ** 18n, 3n * 10n ** 18n, 10n ** 18n],
            [{ who: 1, to: 'prev', nicr: 1n, prev: 'prev', next: 'own', other: 0 }],
          ],
        ],
      },
    );
  });
}
