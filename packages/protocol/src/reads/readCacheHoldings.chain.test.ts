// The alert job's batched read on a real chain 88: many owners read in a few multicalls give, owner
// by owner, what a StateReader read for that owner gives (a cache closed by its liquidation, an open
// one with a redistribution pending, a rewards pool gain), and every multicall reads the same block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from 'viem/accounts';
import { getAddress, type Address } from 'viem';
import { createProtocolClient } from '../connection/client.ts';
import { connectReadOnly, connectSigner, type ReadOnlyConnection } from '../connection/connection.ts';
import { playStatementMonth } from '../testing/statementMonth.ts';
import { startLocalChain, type LocalChain } from '../testing/localChain.ts';
import { openCache } from '../writes/cacheWrites.ts';
import { liquidate } from '../writes/liquidate.ts';
import { depositPAYDInRewardsPool } from '../writes/rewardsPoolWrites.ts';
import { setPrice } from '../writes/setPrice.ts';
import { readCacheHoldings } from './readCacheHoldings.ts';
import { StateReader } from './readState.ts';

let chain: LocalChain;
let reader: ReadOnlyConnection;
let owners: Address[];

beforeAll(async () => {
  chain = await startLocalChain();
  await playStatementMonth(chain);
  const connect = (i: number) =>
    connectSigner({
      walletClient: chain.wallet(i),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
  const [admin, other, depositor, risky] = await Promise.all([
    connect(0),
    connect(3),
    connect(4),
    connect(5),
  ]);
  const done = async (tx: Promise<{ waitForSuccess(): Promise<unknown> }>) => (await tx).waitForSuccess();
  // A rewards pool deposit that gains ETH from a later liquidation, which also redistributes debt.
  await done(openCache(depositor, { depositCollateral: 20, borrowPAYD: 3000 }));
  await done(depositPAYDInRewardsPool(depositor, 1000));
  await done(openCache(risky, { depositCollateral: 10, borrowPAYD: 4800 }));
  await done(setPrice(admin, 500));
  await done(liquidate(admin, risky.userAddress));
  reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  // The chain's accounts (customer 2 liquidated, 3 redeemed against and open, 4 in the pool, 5
  // liquidated) and 40 wallets that never used the protocol.
  const strangers = Array.from({ length: 40 }, (_, i) =>
    privateKeyToAddress(`0x${(i + 1).toString(16).padStart(64, '0')}`),
  );
  owners = [...chain.accounts.slice(0, 8).map((a) => getAddress(a)), ...strangers];
  expect(other.userAddress).toBe(owners[3]);
}, 300_000);

afterAll(async () => {
  await chain?.close();
});

describe('readCacheHoldings', () => {
  it('reads many owners in batches as a StateReader reads each of them', async () => {
    const batched = await readCacheHoldings(reader, { owners, ownersPerCall: 7 });
    expect(batched.holdings.map((h) => h.owner)).toEqual(owners);
    const statuses = new Set<string>();
    for (const [i, owner] of owners.entries()) {
      const one = await new StateReader({ ...reader, userAddress: owner }).read();
      const h = batched.holdings[i]!;
      expect(one.blockNumber).toBe(batched.blockNumber);
      expect(h.cacheBeforeRedistribution.equals(one.cacheBeforeRedistribution), owner).toBe(true);
      expect(h.cacheBeforeRedistribution.status).toBe(one.cacheBeforeRedistribution.status);
      expect(h.collateralSurplus.eq(one.collateralSurplusBalance)).toBe(true);
      expect(h.poolGain.eq(one.stabilityDeposit.collateralGain)).toBe(true);
      expect(h.ethSwapClaim.eq(one.ethSwapClaim)).toBe(true);
      expect(batched.price.eq(one.price)).toBe(true);
      expect(batched.total.equals(one.total)).toBe(true);
      expect(batched.totalRedistributed.equals(one.totalRedistributed)).toBe(true);
      statuses.add(h.cacheBeforeRedistribution.status);
    }
    // The chain holds what the comparison is about: closed and open caches, a pending redistribution, a gain.
    expect(statuses).toEqual(new Set(['nonExistent', 'open', 'closedByLiquidation']));
    const [other, depositor] = [batched.holdings[3]!, batched.holdings[4]!];
    expect(other.cacheBeforeRedistribution.loss(batched.totalRedistributed).isEmpty).toBe(false);
    expect(depositor.poolGain.isZero).toBe(false);
  }, 120_000);

  it('reads the same whatever the batch size, each batch at the same block', async () => {
    const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    const one = await readCacheHoldings(reader, { owners, ownersPerCall: 1, blockNumber: head });
    const all = await readCacheHoldings(reader, { owners, blockNumber: head });
    expect(one.blockNumber).toBe(head);
    expect(all.holdings.map((h) => [h.cacheBeforeRedistribution, h.poolGain.toString()])).toEqual(
      one.holdings.map((h) => [h.cacheBeforeRedistribution, h.poolGain.toString()]),
    );
    // A block after the pool deposit but before the liquidation: no gain yet.
    const before = await readCacheHoldings(reader, { owners: [owners[4]!], blockNumber: head - 2n });
    expect(before.holdings[0]!.poolGain.isZero).toBe(true);
    expect(before.price.eq(all.price)).toBe(false);
  }, 60_000);

  it('sends one eth_call per batch of owners, and one for the head', async () => {
    const bodies: string[] = [];
    const counted = await connectReadOnly({
      publicClient: createProtocolClient({
        deployment: chain.deployment,
        rpcUrl: chain.devnet.url,
        onFetchRequest: (r) =>
          void r
            .clone()
            .text()
            .then((b) => bodies.push(b)),
      }),
      deployment: chain.deployment,
    });
    await new Promise((r) => setTimeout(r, 50));
    bodies.length = 0; // the connection's eth_chainId
    await readCacheHoldings(counted, { owners, ownersPerCall: 10 });
    await new Promise((r) => setTimeout(r, 50));
    const methods = bodies.map((b) => (JSON.parse(b) as { method: string }).method);
    expect(methods.sort()).toEqual(['eth_blockNumber', ...Array<string>(5).fill('eth_call')]);
  });

  it('reads the price and totals for no owner, and refuses a batch size below one', async () => {
    const none = await readCacheHoldings(reader, { owners: [] });
    expect(none.holdings).toEqual([]);
    expect(none.price.toString()).toBe('500');
    await expect(readCacheHoldings(reader, { owners, ownersPerCall: 0 })).rejects.toThrow(
      'ownersPerCall must be a positive integer, not 0',
    );
  });
});
