// The alert job's chain reads (issue 29; server/src/alerts/evaluators/caches.ts) on a real chain 88:
// the caches and holdings of BENCH_CACHE_OWNERS owners (default 500: 10 with caches, one of them
// redeemed against, the rest wallets that never used the protocol), read one StateReader read per
// owner as the job did before, then with readCacheHoldings (200 owners per multicall, one block);
// and the redemption scan, from the deployment over every event of every owner as before
// (readAccountActivity), then by block range (readCacheRedemptions): the first pass from the
// deployment, the steady state over 10 new blocks; then the batched read alone over
// BENCH_CACHE_OWNERS_MANY owners (default 10,000). Figures: wall time and HTTP requests to the node
// (the transport sends the eth_calls asked at once as one JSON-RPC batch).
import { privateKeyToAddress } from 'viem/accounts';
import { getAddress } from 'viem';
import {
  connectReadOnly,
  connectSigner,
  createProtocolClient,
  openCache,
  readAccountActivity,
  readCacheHoldings,
  readCacheRedemptions,
  redeemPAYD,
  setPrice,
  StateReader,
} from '@payd/protocol';
import { startLocalChain } from '@payd/protocol/testing';

const OWNERS = Number(process.env.BENCH_CACHE_OWNERS || 500);
/** Owners of the batched read alone (issue 29's 10,000 caches). */
const MANY = Number(process.env.BENCH_CACHE_OWNERS_MANY || 10_000);
const chain = await startLocalChain();
try {
  const connect = (i) =>
    connectSigner({
      walletClient: chain.wallet(i),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
  const done = async (tx) => (await tx).waitForSuccess();
  await done(setPrice(await connect(0), 2000));
  const holders = [];
  for (let i = 2; i < 12; i++) {
    const c = await connect(i);
    await done(openCache(c, { depositCollateral: 10 + i, borrowPAYD: 8000 }));
    holders.push(c.userAddress);
  }
  await done(redeemPAYD(await connect(11), 500));
  const strangers = Array.from({ length: Math.max(0, OWNERS - holders.length) }, (_, i) =>
    privateKeyToAddress(`0x${(i + 1).toString(16).padStart(64, '0')}`),
  );
  const owners = [...holders, ...strangers].slice(0, OWNERS).map((o) => getAddress(o));

  let requests = 0;
  const publicClient = createProtocolClient({
    deployment: chain.deployment,
    rpcUrl: chain.devnet.url,
    onFetchRequest: () => requests++,
  });
  const reader = await connectReadOnly({ publicClient, deployment: chain.deployment });
  const timed = async (label, work) => {
    const r0 = requests;
    const t = performance.now();
    const result = await work();
    const ms = performance.now() - t;
    console.log(`${label}: ${(ms / 1000).toFixed(2)} s, ${requests - r0} HTTP requests`);
    return result;
  };

  const before = await timed(`${OWNERS} owners, one StateReader read each (before)`, async () => {
    const states = [];
    for (const owner of owners) states.push(await new StateReader({ ...reader, userAddress: owner }).read());
    return states;
  });
  const batched = await timed(`${OWNERS} owners, readCacheHoldings, 200 per multicall (after)`, () =>
    readCacheHoldings(reader, { owners }),
  );
  const same = batched.holdings.every((h, i) =>
    h.cacheBeforeRedistribution.equals(before[i].cacheBeforeRedistribution),
  );
  const head = batched.blockNumber;
  const redeemedBefore = await timed(
    `redemptions, every event of ${OWNERS} owners since the deployment (before)`,
    () => readAccountActivity(reader, { accounts: owners, from: 0, to: Number.MAX_SAFE_INTEGER }),
  );
  const first = await timed(`redemptions, readCacheRedemptions from the deployment (after, first pass)`, () =>
    readCacheRedemptions(reader, { owners, toBlock: head }),
  );
  // Each later pass: the blocks since the last one (10 here, none of them a redemption).
  await chain.publicClient.request({ method: 'hardhat_mine', params: ['0xa'] });
  await timed(`redemptions, readCacheRedemptions over 10 new blocks (after, each pass)`, () =>
    readCacheRedemptions(reader, { owners, fromBlock: head + 1n, toBlock: head + 10n }),
  );
  const many = Array.from({ length: MANY }, (_, i) =>
    privateKeyToAddress(`0x${(i + 1).toString(16).padStart(64, '0')}`),
  );
  const all = await timed(`${MANY} owners, readCacheHoldings, 200 per multicall (after only)`, () =>
    readCacheHoldings(reader, { owners: many }),
  );
  if (all.holdings.length !== MANY) process.exitCode = 1;
  const redemptionsBefore = redeemedBefore.filter((a) => a.kind === 'redemptionDebt').length;
  console.log(
    `  same caches both ways: ${same ? 'yes' : 'NO'}; redemptions found ${redemptionsBefore} before, ${first.length} after`,
  );
  if (!same || first.length !== redemptionsBefore || first.length === 0) process.exitCode = 1;
} finally {
  await chain.close();
}
