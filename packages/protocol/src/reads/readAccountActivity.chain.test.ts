// The combined statement's chain reads (issue 29 item 4) on a real chain 88: a month in which the
// customer borrowed, deposited in the rewards pool, staked FTX, was redeemed against and liquidated
// (testing/statementMonth.ts) read back as signed changes that add up to the cache's end state,
// and the price feed's history with the time of each price.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectReadOnly, type ReadOnlyConnection } from '../connection/connection.ts';
import { playStatementMonth, type StatementMonth } from '../testing/statementMonth.ts';
import { startLocalChain, type LocalChain } from '../testing/localChain.ts';
import { readAccountActivity, type AccountActivity, type ActivityKind } from './readAccountActivity.ts';
import { readPriceHistory } from './readPriceHistory.ts';

const E = 10n ** 18n;
let chain: LocalChain;
let played: StatementMonth;
let reader: ReadOnlyConnection;
let activity: AccountActivity[];

beforeAll(async () => {
  chain = await startLocalChain();
  played = await playStatementMonth(chain);
  reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  activity = await readAccountActivity(reader, {
    accounts: [played.customer],
    from: played.from,
    to: played.to,
  });
}, 300_000);

afterAll(async () => {
  await chain?.close();
});

const sum = (kinds: ActivityKind[]) =>
  activity.filter((a) => kinds.includes(a.kind)).reduce((s, a) => s + a.amount, 0n);
const one = (kind: ActivityKind) => {
  const found = activity.filter((a) => a.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const dayOf = (a: AccountActivity) => Math.floor((a.timestamp - played.from) / 86_400) + 1;

it('reads the month in chain order, each change on the day it happened', () => {
  expect(activity.map((a) => [dayOf(a), a.kind, a.asset])).toEqual([
    [2, 'borrowingFee', 'PAYD'],
    [2, 'cacheCollateral', 'ETH'],
    [2, 'cacheDebt', 'PAYD'],
    [5, 'poolDeposit', 'PAYD'],
    [6, 'ftxStaked', 'FTX'],
    [10, 'redemptionCollateral', 'ETH'],
    [10, 'redemptionDebt', 'PAYD'],
    [15, 'liquidationCollateral', 'ETH'],
    [15, 'liquidationDebt', 'PAYD'],
    [16, 'poolLoss', 'PAYD'],
    [16, 'poolGain', 'ETH'],
  ]);
  expect(new Set(activity.map((a) => a.account))).toEqual(new Set([played.customer]));
});

it('gives the amounts of each operation: borrowed with fee and reserve, redeemed at 2,000, pool used', () => {
  expect(one('cacheCollateral').amount).toBe(10n * E);
  const fee = one('borrowingFee').amount;
  expect(fee > 0n).toBe(true);
  expect(one('cacheDebt').amount).toBe(6000n * E + fee + 200n * E);
  expect(one('redemptionDebt').amount).toBe(-1000n * E);
  expect(one('redemptionCollateral').amount).toBe(-E / 2n);
  expect(one('poolDeposit').amount).toBe(500n * E);
  expect(one('poolLoss').amount).toBe(-500n * E);
  expect(one('poolGain').amount > 0n).toBe(true);
  expect(one('ftxStaked').amount).toBe(1000n * E);
});

it("adds up to the liquidated cache's zero collateral and debt", () => {
  const coll = [
    'cacheCollateral',
    'redistributionCollateral',
    'redemptionCollateral',
    'liquidationCollateral',
  ];
  const debt = ['cacheDebt', 'redistributionDebt', 'redemptionDebt', 'liquidationDebt'];
  expect(sum(coll as ActivityKind[])).toBe(0n);
  expect(sum(debt as ActivityKind[])).toBe(0n);
});

it('reads nothing for a period before the month or for a wallet without activity', async () => {
  expect(
    await readAccountActivity(reader, { accounts: [played.customer], from: 0, to: played.from }),
  ).toEqual([]);
  expect(
    await readAccountActivity(reader, { accounts: [chain.accounts[7]!], from: 0, to: played.to }),
  ).toEqual([]);
});

it("reads the price feed's history with each price's time", async () => {
  const history = await readPriceHistory(reader, { before: played.to });
  const inMonth = history.filter((p) => p.timestamp >= played.from);
  expect(inMonth.map((p) => [Math.floor((p.timestamp - played.from) / 86_400) + 1, p.price])).toEqual([
    [2, 2000n * E],
    [15, 600n * E],
  ]);
  expect(history.length).toBeGreaterThan(inMonth.length);
});
