// packages/protocol: the cost of one full store refresh on a real chain 88 (JSON-RPC requests and
// wall time, for a user with a cache, a rewards-pool deposit and an FTX stake), insert-position and
// redemption hints over 1,000 and 10,000 caches in pure code, and Decimal throughput.
import {
  approxHintTrials,
  avoidZeroHints,
  computeRedemptionHints,
  Decimal,
  findInsertPosition,
  sampleApproxHint,
  connectSigner,
  createChainStore,
  createProtocolClient,
  openCache,
  approveFTXStaking,
  stakeFTX,
  transferFTX,
} from '@payd/protocol';
import { startLocalChain } from '@payd/protocol/testing';

async function storeRefreshCost() {
  const chain = await startLocalChain();
  try {
    const connect = (i, publicClient) =>
      connectSigner({ walletClient: chain.wallet(i), publicClient, deployment: chain.deployment });
    const owner = await connect(0, chain.publicClient);
    const user = await connect(2, chain.publicClient);
    await (
      await openCache(user, { depositCollateral: 10, borrowPAYD: 5000, stakePAYD: 1000 })
    ).waitForSuccess();
    await (await transferFTX(owner, user.userAddress, 5000)).waitForSuccess();
    await (await approveFTXStaking(user)).waitForSuccess();
    await (await stakeFTX(user, 2000)).waitForSuccess();

    let requests = 0;
    const counted = createProtocolClient({
      deployment: chain.deployment,
      rpcUrl: chain.devnet.url,
      onFetchRequest: () => requests++,
    });
    const store = createChainStore(await connect(2, counted), { watchBlocks: false });
    await store.start(); // first load also learns the fee wallet addresses
    store.stop();
    const runs = 20;
    const before = requests;
    const times = [];
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      await store.refresh();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    const state = store.state;
    if (state.cache.isEmpty || state.stabilityDeposit.isEmpty || state.ftxStake.isEmpty) {
      throw new Error('the measured user should have a cache, a deposit and a stake');
    }
    console.log(
      `store refresh (cache + pool deposit + FTX stake): ${((requests - before) / runs).toFixed(1)} JSON-RPC requests per refresh`,
    );
    console.log(
      `store refresh wall time: median ${times[runs >> 1].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${runs} runs, local chain 88)`,
    );
  } finally {
    await chain.close();
  }
}

await storeRefreshCost();

/** Deterministic pseudo-random numbers, so every run measures the same lists. */
function lcg(seed) {
  let s = BigInt(seed);
  return () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return s;
  };
}

function buildList(n) {
  const next = lcg(n);
  const caches = Array.from({ length: n }, (_, i) => {
    const collateral = Decimal.fromRaw(10n ** 18n + (next() % (100n * 10n ** 18n)));
    const debt = Decimal.fromRaw(2700n * 10n ** 18n + (next() % (50_000n * 10n ** 18n)));
    return {
      ownerAddress: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      collateral,
      debt,
      nominalCollateralRatio: collateral.mulDiv(100, debt),
    };
  });
  // the sorted list keeps the highest nominal ratio first
  const sorted = [...caches].sort((a, b) =>
    a.nominalCollateralRatio.gt(b.nominalCollateralRatio)
      ? -1
      : a.nominalCollateralRatio.lt(b.nominalCollateralRatio)
        ? 1
        : 0,
  );
  return { owners: caches, sorted };
}

function time(label, runs, fn) {
  fn(0); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn(i);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${label.padEnd(58)} ${(ms / runs).toFixed(3).padStart(10)} ms/op  (${runs} runs)`);
}

for (const n of [1_000, 10_000]) {
  const { owners, sorted } = buildList(n);
  const trials = approxHintTrials(n);
  const total = trials.reduce((a, b) => a + b, 0);
  const target = sorted[Math.floor(n / 3)].nominalCollateralRatio.add('0.000001');
  time(`approx hint, ${n} caches (${total} samples in ${trials.length} chunk(s))`, 20, (i) => {
    let seed = BigInt(i + 1);
    let best;
    for (const chunk of trials) {
      const hint = sampleApproxHint(owners, sorted.at(-1), target, chunk, seed);
      seed = hint.latestRandomSeed;
      if (!best || hint.diff.lt(best.diff)) best = hint;
    }
    return best;
  });
  time(`exact insert position, ${n} caches`, 200, () => avoidZeroHints(findInsertPosition(sorted, target)));
  time(`redemption hints, ${n} caches, 70 iterations`, 200, () =>
    computeRedemptionHints(sorted, 150_000, 2000, 70),
  );
}

const a = Decimal.from('12345.678901234567890123');
const b = Decimal.from('3.14159');
const N = 200_000;
const rate = (label, fn) => {
  fn();
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn();
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `Decimal ${label.padEnd(50)} ${Math.round(N / s)
      .toLocaleString('en-US')
      .padStart(12)} ops/s`,
  );
};
rate('add', () => a.add(b));
rate('mul', () => a.mul(b));
rate('div', () => a.div(b));
rate('mulDiv', () => a.mulDiv(b, a));
rate("from('1234.5678')", () => Decimal.from('1234.5678'));
rate('prettify()', () => a.prettify());
rate('pow(720) (12 h of minute decay)', () => b.div(4).pow(720));
