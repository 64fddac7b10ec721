// The ETH/USD quote read from a real chain 88: the dev test feed (one round at the head's time,
// however far the dev clock moved), and a production-shaped PriceFeed over a Chainlink-style
// aggregator whose rounds the test writes (the round's time and the round before come back as
// the aggregator wrote them, so the server can refuse a stale or jumping price).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Abi, Address, Hex } from 'viem';
import { connectReadOnly } from '../connection/connection.ts';
import { startLocalChain, type LocalChain } from '../testing/index.ts';
import { readEthUsdQuote } from './readEthUsdQuote.ts';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain();
}, 180_000);
afterAll(async () => {
  await chain?.close();
});

// The compiled test-only contracts (contracts/artifacts, not part of the package's exports).
const artifact = (path: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../contracts/artifacts/src/${path}`, import.meta.url), 'utf8'),
  ) as {
    abi: Abi;
    bytecode: Hex;
  };

async function deploy(path: string, args: unknown[]): Promise<Address> {
  const { abi, bytecode } = artifact(path);
  const hash = await chain
    .wallet(0)
    .deployContract({ abi, bytecode, args, account: chain.accounts[0]!, chain: null });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

const moveClock = async (seconds: number) => {
  await chain.publicClient.request({
    method: 'evm_increaseTime',
    params: [`0x${seconds.toString(16)}`],
  } as never);
  await chain.publicClient.request({ method: 'evm_mine', params: [] } as never);
};

it('reads the dev test feed as current at the head, also after the clock moved 10 days', async () => {
  const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  await moveClock(10 * 86_400);
  const head = await chain.publicClient.getBlock({ blockTag: 'latest' });
  const q = await readEthUsdQuote(reader);
  expect(q).toEqual({
    kind: 'test',
    chainTime: head.timestamp,
    rounds: [{ price: 2000n * 10n ** 18n, updatedAt: head.timestamp, previous: null }],
  });
});

it("reads a Chainlink aggregator's latest round, its time and the round before", async () => {
  const aggregator = await deploy('test-only/MockAggregator.sol/MockAggregator.json', [8]);
  const push = async (answer: bigint, updatedAt: bigint) => {
    const { abi } = artifact('test-only/MockAggregator.sol/MockAggregator.json');
    const hash = await chain.wallet(0).writeContract({
      address: aggregator,
      abi,
      functionName: 'pushRound',
      args: [answer, updatedAt],
      account: chain.accounts[0]!,
      chain: null,
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
  };
  const now = (await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp;
  await push(1900n * 10n ** 8n, now - 7200n);
  await push(2100n * 10n ** 8n, now - 60n);
  const feed = await deploy('oracles/PriceFeed.sol/PriceFeed.json', [
    chain.accounts[1]!,
    chain.accounts[0]!,
    aggregator,
    '0x0000000000000000000000000000000000000000',
  ]);
  const deployment = {
    ...chain.deployment,
    _priceFeedIsTestnet: false,
    addresses: { ...chain.deployment.addresses, priceFeed: feed },
  };
  const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment });
  const q = await readEthUsdQuote(reader);
  expect(q.kind).toBe('oracle');
  expect(q.rounds).toEqual([
    { price: 2100n * 10n ** 18n, updatedAt: now - 60n, previous: 1900n * 10n ** 18n },
  ]);
  expect(q.chainTime).toBeGreaterThanOrEqual(now);
});
