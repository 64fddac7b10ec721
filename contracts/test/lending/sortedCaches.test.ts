import { expect } from 'chai';
import { parseEther, type Address } from 'viem';
import {
  DEC,
  MAX_FEE,
  ZERO,
  expectRevert,
  loadSystem,
  mined,
  openCache,
  resetSystem,
  type System,
} from './fixture';

async function walk(sys: System): Promise<{ id: Address; nicr: bigint }[]> {
  const out: { id: Address; nicr: bigint }[] = [];
  let id = await sys.sortedCaches.read.getFirst();
  while (id !== ZERO) {
    out.push({ id, nicr: await sys.cacheManager.read.getNominalICR([id]) });
    id = await sys.sortedCaches.read.getNext([id]);
  }
  return out;
}

describe('SortedCaches, HintHelpers and MultiCacheGetter', () => {
  before(resetSystem);

  it('keeps caches ordered by nominal ratio, whatever hints are given', async () => {
    const sys = await loadSystem();
    const colls = ['5', '9', '3', '7', '4', '8'];
    for (let i = 0; i < colls.length; i++) {
      // deliberately wrong hints: the head as both neighbours
      const head = await sys.sortedCaches.read.getFirst();
      await mined(
        sys.borrowerOperations.write.openCache([MAX_FEE, 3000n * DEC, head, head], {
          account: sys.wallets[4 + i].account!,
          value: parseEther(colls[i]),
        }),
      );
    }
    const list = await walk(sys);
    expect(list.length).to.equal(6);
    expect(await sys.sortedCaches.read.getSize()).to.equal(6n);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].nicr >= list[i].nicr).to.equal(true);
    expect(list[0].nicr).to.equal((parseEther('9') * 10n ** 20n) / (3215n * DEC));
    // moving a cache re-inserts it
    const lowest = list[list.length - 1].id;
    await mined(
      sys.borrowerOperations.write.addColl([ZERO, ZERO], { account: lowest, value: parseEther('10') }),
    );
    const after = await walk(sys);
    expect(after[0].id.toLowerCase()).to.equal(lowest.toLowerCase());
    for (let i = 1; i < after.length; i++) expect(after[i - 1].nicr >= after[i].nicr).to.equal(true);
    // findInsertPosition names the neighbours of a ratio
    const mid = (after[2].nicr + after[3].nicr) / 2n;
    const [prev, next] = await sys.sortedCaches.read.findInsertPosition([mid, ZERO, ZERO]);
    expect([prev.toLowerCase(), next.toLowerCase()]).to.deep.equal([
      after[2].id.toLowerCase(),
      after[3].id.toLowerCase(),
    ]);
    expect(await sys.sortedCaches.read.validInsertPosition([mid, prev, next])).to.equal(true);
    expect(await sys.sortedCaches.read.validInsertPosition([mid, next, prev])).to.equal(false);
    // getApproxHint with enough trials finds an entry next to the ratio
    const [hint, diff] = await sys.hintHelpers.read.getApproxHint([after[4].nicr, 60n, 42n]);
    expect(hint.toLowerCase()).to.equal(after[4].id.toLowerCase());
    expect(diff).to.equal(0n);
  });

  it('only the protocol writes the list', async () => {
    const sys = await loadSystem();
    const me = sys.wallets[0].account!.address;
    await expectRevert(sys.sortedCaches.write.insert([me, DEC, ZERO, ZERO]), 'CallerNotAllowed');
    await expectRevert(sys.sortedCaches.write.remove([me, 0n]), 'CallerNotAllowed');
    await expectRevert(sys.sortedCaches.write.removeLast([1n]), 'CallerNotAllowed');
    await expectRevert(sys.sortedCaches.write.reInsert([me, 0n, DEC, ZERO, ZERO]), 'CallerNotAllowed');
    await expectRevert(sys.sortedCaches.write.removeConsecutive([me, 0n, 1n]), 'CallerNotAllowed');
    // its one writer is fixed at deployment: the cache manager of this system
    expect((await sys.sortedCaches.read.cacheManager()).toLowerCase()).to.equal(
      sys.cacheManager.address.toLowerCase(),
    );
    expect(await sys.sortedCaches.read.isEmpty()).to.equal(true);
  });

  it('getMultipleSortedCaches pages from the head, or from the tail with a negative start', async () => {
    const sys = await loadSystem();
    const owners: Address[] = [];
    for (const [i, coll] of ['4', '6', '5'].entries()) {
      await openCache(sys, sys.wallets[4 + i], coll, 3000n);
      owners.push(sys.wallets[4 + i].account!.address.toLowerCase() as Address);
    }
    const [o4, o6, o5] = owners;
    const top = await sys.multiCacheGetter.read.getMultipleSortedCaches([0n, 2n]);
    expect(top.map((r) => r.owner.toLowerCase())).to.deep.equal([o6, o5]);
    expect(top[0].coll).to.equal(parseEther('6'));
    expect(top[0].debt).to.equal(3215n * DEC);
    expect(top[0].stake).to.equal(parseEther('6'));
    const bottom = await sys.multiCacheGetter.read.getMultipleSortedCaches([-1n, 10n]);
    expect(bottom.map((r) => r.owner.toLowerCase())).to.deep.equal([o4, o5, o6]);
    const second = await sys.multiCacheGetter.read.getMultipleSortedCaches([-2n, 1n]);
    expect(second.map((r) => r.owner.toLowerCase())).to.deep.equal([o5]);
    expect(await sys.multiCacheGetter.read.getMultipleSortedCaches([3n, 1n])).to.deep.equal([]);
  });
});
