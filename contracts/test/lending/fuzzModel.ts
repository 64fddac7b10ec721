// The lending fuzzer's view of the chain (fuzz.ts): the system-wide figures an operation is made
// concrete against, one cache's figures, insert hints, which caches a liquidation would take, and
// sending a transaction that must succeed.
import hre from 'hardhat';
import type { Address, Hash, WalletClient } from 'viem';
import { CCR, GAS_COMP, MAX_FEE, MCR, ZERO, type System } from './fixture';

export interface Market {
  price: bigint;
  coll: bigint;
  debt: bigint;
  tcr: bigint;
  recovery: boolean;
  count: bigint;
}

export class FuzzChain {
  constructor(readonly sys: System) {}

  /** Actor `a` (0..ACTORS-1) is wallet 4 + a. */
  wallet(a: number): WalletClient {
    return this.sys.wallets[4 + a];
  }

  async send(hash: Promise<Hash>) {
    const publicClient = await hre.viem.getPublicClient();
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success') throw new Error(`transaction reverted: ${receipt.transactionHash}`);
    return receipt;
  }

  async market(): Promise<Market> {
    const sys = this.sys;
    const price = await sys.priceFeed.read.getPrice();
    const [coll, debt, count] = await Promise.all([
      sys.cacheManager.read.getEntireSystemColl(),
      sys.cacheManager.read.getEntireSystemDebt(),
      sys.cacheManager.read.getCacheOwnersCount(),
    ]);
    const tcr = (coll * price) / debt;
    return { price, coll, debt, tcr, recovery: tcr < CCR, count };
  }

  async hints(coll: bigint, debt: bigint) {
    const nicr = await this.sys.hintHelpers.read.computeNominalCR([coll, debt]);
    return this.sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
  }

  async openWith(w: WalletClient, coll: bigint, amount: bigint) {
    const fee = await this.sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
    const [upper, lower] = await this.hints(coll, amount + fee + GAS_COMP);
    await this.send(
      this.sys.borrowerOperations.write.openCache([MAX_FEE, amount, upper, lower], {
        account: w.account!,
        value: coll,
      }),
    );
  }

  async cacheOf(who: Address) {
    const [status, [debt, coll]] = await Promise.all([
      this.sys.cacheManager.read.getCacheStatus([who]),
      this.sys.cacheManager.read.getEntireDebtAndColl([who]),
    ]);
    return { active: status === 1n, debt, coll };
  }

  /** Caches a single liquidation would take, by the contract's rules (never the last cache). */
  async liquidatable(m: Market): Promise<Address[]> {
    const sys = this.sys;
    if (m.count <= 1n) return [];
    const pool = await sys.rewardsPool.read.getTotalPAYDDeposits();
    const out: Address[] = [];
    for (
      let id = await sys.sortedCaches.read.getLast();
      id !== ZERO;
      id = await sys.sortedCaches.read.getPrev([id])
    ) {
      const icr = await sys.cacheManager.read.getCurrentICR([id, m.price]);
      const [debt] = await sys.cacheManager.read.getEntireDebtAndColl([id]);
      if (icr < MCR) out.push(id);
      else if (m.recovery && pool > 0n && icr < m.tcr && debt <= pool) out.push(id);
      else if (icr >= m.tcr && icr >= MCR) break;
    }
    return out;
  }
}
