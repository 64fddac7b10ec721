// The lending pages' light read client (connection/readClient.ts) against a real chain 88: a cache
// opened through it (gas estimate, hints, receipt), and the store it feeds reads the
// same state as one fed by viem's full public client, and over the websocket it follows new blocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectReadOnly, connectSigner, type SignerConnection } from './connection/connection.ts';
import { createProtocolReadClient } from './connection/readClient.ts';
import { createChainStore } from './store/createChainStore.ts';
import { changedFields } from './store/changedFields.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { openCache } from './writes/cacheWrites.ts';
import { sendPAYD } from './writes/tokenWrites.ts';
import type { StoreState } from './store/storeState.ts';
import type { StoreUpdate } from './store/ProtocolStore.ts';

let chain: LocalChain;
let light: SignerConnection;
let full: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  const readClient = createProtocolReadClient({ deployment: chain.deployment, rpcUrl: chain.devnet.url });
  const walletClient = chain.wallet(2);
  light = await connectSigner({ walletClient, publicClient: readClient, deployment: chain.deployment });
  full = await connectSigner({
    walletClient,
    publicClient: chain.publicClient,
    deployment: chain.deployment,
  });
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

describe('the read client', () => {
  it('sends a cache write and feeds a store that reads what the full client reads', async () => {
    const { newCache } = await (
      await openCache(light, { depositCollateral: 10, borrowPAYD: 5000 })
    ).waitForSuccess();
    expect(newCache.collateral.toString()).toBe('10');

    const lightStore = createChainStore(light);
    const fullStore = createChainStore(full);
    await Promise.all([lightStore.start(), fullStore.start()]);
    lightStore.stop();
    fullStore.stop();
    expect(lightStore.state.cache.collateral.toString()).toBe('10');
    expect(changedFields(fullStore.state, lightStore.state)).toEqual([]);
  }, 60_000);

  it('follows new blocks over the optional websocket', async () => {
    const wsClient = createProtocolReadClient({
      deployment: chain.deployment,
      rpcUrl: chain.devnet.url,
      wsUrl: chain.devnet.url.replace(/^http/, 'ws'),
    });
    const viaWs = await connectReadOnly({
      publicClient: wsClient,
      deployment: chain.deployment,
      userAddress: light.userAddress,
    });
    const store = createChainStore(viaWs);
    const first = await store.start();
    const next = new Promise<StoreUpdate<StoreState>>((resolve) => {
      const unsubscribe = store.subscribe((update) => {
        if (!update.changedFields.includes('paydBalance')) return;
        unsubscribe();
        resolve(update);
      });
    });
    const bob = await connectSigner({
      walletClient: chain.wallet(3),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
    await (await openCache(bob, { depositCollateral: 10, borrowPAYD: 5000 })).waitForSuccess();
    await (await sendPAYD(bob, light.userAddress, 1)).waitForSuccess();
    const update = await next;
    store.stop();
    expect(update.newState.paydBalance.eq(first.paydBalance.add(1))).toBe(true);
  }, 60_000);
});
