// GetRewards reads whole days from the eth_tx_daily summary (kept by a trigger on the history) and
// only the first, partial day of each rolling window from the history: the sums must equal a plain
// sum over the history for any mix of rows, across day boundaries, after deletes, and at the later
// of the server and beacon-chain clocks. Another customer's wallet is denied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from './plugin.ts';
import { StakingMessages } from './messages.ts';

const ADDR = '0x00000000000000000000000000000000000000a1';
const DAY = 86_400_000;
type Rec = Record<string, string>;

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let walletId: number;
let validatorIds: number[];
let seq: number;

const add = async (validator: number, col: string, amt: string, at: Date) =>
  t.database.query(
    `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, ${col}, time_stamp, tx_status_cd)
     VALUES ($1, $2, $3, 'test', $4, $5::numeric, $6, 'S')`,
    [walletId, validator, alice.usrId, String(seq++), amt, at.toISOString()],
  );

const rewards = async () => {
  const r = await t.call<{ Dtl: Rec[] }>('EthTxHistory', 'GetRewards', { walletAddress: ADDR }, alice.as);
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!.Dtl[0]!;
};

/** The plain sum over the history after `since` (null = all), as GetRewards used to compute it. */
const plain = async (col: string, since: Date | null) => {
  const [r] = await t.database.query<{ s: string }>(
    `SELECT coalesce(sum(${col}), 0)::numeric(38, 18)::text AS s FROM eth_tx_history
     WHERE eth2_wallet_id = $1 AND ($2::timestamptz IS NULL OR time_stamp > $2::timestamptz)`,
    [walletId, since?.toISOString() ?? null],
  );
  return r!.s;
};

const expectPlain = async (now: number) => {
  const r = await rewards();
  for (const [prefix, span] of [
    ['Daily_', DAY],
    ['Weekly_', 7 * DAY],
    ['Monthly_', 30 * DAY],
    ['', null],
  ] as const) {
    const since = span === null ? null : new Date(now - span);
    expect(r[`${prefix}StakeRewardAmt`], `${prefix}StakeRewardAmt`).toBe(
      await plain('stake_reward_amt', since),
    );
    expect(r[`${prefix}MEVRewardAmt`], `${prefix}MEVRewardAmt`).toBe(await plain('mev_reward_amt', since));
    expect(r[`${prefix}MiningRewardAmt`], `${prefix}MiningRewardAmt`).toBe(
      await plain('mining_reward_amt', since),
    );
    expect(r[`${prefix}TotalRewardAmt`], `${prefix}TotalRewardAmt`).toBe(
      await plain('stake_reward_amt + mev_reward_amt + mining_reward_amt', since),
    );
  }
  return r;
};

describe.each(testDatabaseKinds)('GetRewards from the daily summary on %s', (kind) => {
  beforeAll(async () => {
    seq = 0;
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
    // Mid-day UTC, so windows start inside a day.
    t.clock.advance(
      Math.ceil(t.clock.now().getTime() / DAY) * DAY + 13.5 * 3_600_000 - t.clock.now().getTime(),
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.lender);
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2)
       RETURNING eth2_wallet_id AS id`,
      [alice.usrId, ADDR],
    );
    walletId = Number(w!.id);
    const vs = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, activation_utc)
       SELECT $1, $2, g, '3', '0x' || lpad(to_hex(g), 96, '0'), $3 FROM generate_series(0, 1) g
       RETURNING eth2_validator_id AS id`,
      [walletId, alice.usrId, new Date(t.clock.now().getTime() - 40 * DAY).toISOString()],
    );
    validatorIds = vs.map((v) => Number(v.id));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers zeros without history', async () => {
    const r = await expectPlain(t.clock.now().getTime());
    expect(r.TotalRewardAmt).toBe('0.000000000000000000');
    expect(r.TotalRewardPct).toBe('0.000000000000000000');
  });

  it('equals the plain sums of the history around every window edge', async () => {
    const now = t.clock.now().getTime();
    await add(validatorIds[0]!, 'stake_amt', '32', new Date(now - 40 * DAY));
    // Around each window's start (just before, at, just after), in the start day and the next days.
    let amt = 1;
    for (const span of [DAY, 7 * DAY, 30 * DAY])
      for (const offset of [-60_000, 0, 1, 60_000, 3_600_000, DAY / 2, -DAY / 2])
        for (const col of ['stake_reward_amt', 'mev_reward_amt', 'mining_reward_amt'])
          await add(
            validatorIds[amt % 2]!,
            col,
            `0.${String(amt++).padStart(18, '0')}`,
            new Date(now - span + offset),
          );
    await add(validatorIds[1]!, 'stake_reward_amt', '-0.000000000000000007', new Date(now - 2 * 3_600_000));
    await add(validatorIds[1]!, 'withdraw_amt', '-0.5', new Date(now - 3 * 3_600_000));
    const r = await expectPlain(now);
    // Total LTD on 64 ETH staked, 18 places.
    const [pct] = await t.database.query<{ p: string }>(
      `SELECT round($1::numeric * 100 / 64, 18)::text AS p`,
      [r.TotalRewardAmt],
    );
    expect(r.TotalRewardPct).toBe(pct!.p);
    expect(Number(r.TotalRewardPctAnnualized)).toBeCloseTo((Number(r.TotalRewardPct) * 365) / 40, 9);
  });

  it('stays exact after the history changes and as time passes', async () => {
    await t.database.query(`DELETE FROM eth_tx_history WHERE mev_reward_amt > 0 AND source_key::int % 3 = 0`);
    await t.database.query(
      `UPDATE eth_tx_history SET stake_reward_amt = stake_reward_amt * 2 WHERE source_key::int % 5 = 0`,
    );
    await expectPlain(t.clock.now().getTime());
    // Eight hours later by the chain (the last sync's head time): the windows move with it.
    const later = t.clock.now().getTime() + DAY / 3;
    await t.database.query(`UPDATE eth2_wallet SET beacon_head_utc = $1 WHERE eth2_wallet_id = $2`, [
      new Date(later).toISOString(),
      walletId,
    ]);
    await expectPlain(later);
  });

  it('ends the windows at the beacon chain time of the last sync when the chain runs ahead', async () => {
    const ahead = t.clock.now().getTime() + 3 * DAY;
    await t.database.query(`UPDATE eth2_wallet SET beacon_head_utc = $1 WHERE eth2_wallet_id = $2`, [
      new Date(ahead).toISOString(),
      walletId,
    ]);
    await add(validatorIds[0]!, 'stake_reward_amt', '0.25', new Date(ahead - 3_600_000));
    const r = await expectPlain(ahead);
    expect(r.Daily_StakeRewardAmt).toBe('0.250000000000000000');
  });

  it('keeps the percentages of the time the validators ran after they exit', async () => {
    const before = await rewards();
    // Both exited now and their balances withdrawn (code 6): nothing is staked any more, but the
    // rewards were earned on 64 ETH.
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '6', exit_utc = $1 WHERE eth2_wallet_id = $2`,
      [t.clock.now().toISOString(), walletId],
    );
    const after = await rewards();
    expect(Number(after.TotalRewardPct)).toBeGreaterThan(0);
    expect(after.TotalRewardPct).toBe(before.TotalRewardPct);
    expect(after.Monthly_TotalRewardPct).toBe(before.Monthly_TotalRewardPct);
    expect(Number(after.TotalRewardPctAnnualized)).toBeGreaterThan(0);
  });

  it("denies another customer's wallet", async () => {
    const r = await t.call('EthTxHistory', 'GetRewards', { walletAddress: ADDR }, bob.as);
    expect(r.d.status).toBe('failed');
    expect(r.d.message).toBe(StakingMessages.noWallet);
    expect(JSON.stringify(r.d)).not.toContain('RewardAmt');
  });
});
