// Redemptions by block range on a real chain 88 (testing/statementMonth.ts: on day 10 another person
// redeems 1,000 PAYD against the customer's cache for 0.5 ETH at 2,000 USD): found once in any range
// that holds its block, with the amounts the statement's activity reader gives, and in none other.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectReadOnly, type ReadOnlyConnection } from '../connection/connection.ts';
import { playStatementMonth, type StatementMonth } from '../testing/statementMonth.ts';
import { startLocalChain, type LocalChain } from '../testing/localChain.ts';
import { readAccountActivity } from './readAccountActivity.ts';
import { readCacheRedemptions } from './readCacheRedemptions.ts';

let chain: LocalChain;
let played: StatementMonth;
let reader: ReadOnlyConnection;
let at: bigint;
let head: bigint;

beforeAll(async () => {
  chain = await startLocalChain();
  played = await playStatementMonth(chain);
  reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  const activity = await readAccountActivity(reader, { accounts: [played.customer], from: 0, to: played.to });
  at = activity.find((a) => a.kind === 'redemptionDebt')!.blockNumber;
  head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
}, 300_000);

afterAll(async () => {
  await chain?.close();
});

it("finds the redemption against the customer's cache with what it took, its transaction and time", async () => {
  const owners = [chain.accounts[7]!, played.customer, chain.accounts[3]!];
  const found = await readCacheRedemptions(reader, { owners, toBlock: head });
  expect(found).toHaveLength(1);
  const [r] = found;
  expect(r!.owner).toBe(played.customer);
  expect(r!.blockNumber).toBe(at);
  expect(r!.debt.toString()).toBe('1000');
  expect(r!.collateral.toString()).toBe('0.5');
  expect(r!.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(Math.floor((r!.timestamp - played.from) / 86_400) + 1).toBe(10);
});

it('finds it in every range that holds its block and in none other, split ranges adding up to it once', async () => {
  const owners = [played.customer];
  const blocksOf = async (fromBlock: bigint, toBlock: bigint) =>
    (await readCacheRedemptions(reader, { owners, fromBlock, toBlock })).map((r) => r.blockNumber);
  expect(await blocksOf(at, at)).toEqual([at]);
  expect(await blocksOf(at - 5n, at + 5n)).toEqual([at]);
  expect(await blocksOf(0n, at - 1n)).toEqual([]);
  expect(await blocksOf(at + 1n, head)).toEqual([]);
  // A scan that goes on from where the last one stopped sees it exactly once.
  const split = [...(await blocksOf(0n, at - 1n)), ...(await blocksOf(at, head))];
  expect(split).toEqual([at]);
  // An empty range or another person's wallet: nothing.
  expect(await blocksOf(head + 1n, head)).toEqual([]);
  expect(await readCacheRedemptions(reader, { owners: [chain.accounts[7]!], toBlock: head })).toEqual([]);
});
