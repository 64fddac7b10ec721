// The dashboard's transactions: rewards one row per validator per UTC day and kind (not one per
// synced epoch range), each naming its validator, with the day's entries one call away; deposits
// and withdrawals stay single rows. Exact sums; another customer's wallet is denied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from './plugin.ts';
import { StakingMessages } from './messages.ts';
import type { TxHistoryRow as HistoryRow } from '@payd/schemas';

const ADDR = '0x00000000000000000000000000000000000000b2';
const D = '2026-11-20';
const at = (day: string, hm: string) => new Date(`${day}T${hm}:00Z`);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let walletId: number;
let v0: number;
let v1: number;
let seq: number;

const add = async (
  validator: number,
  txKind: string,
  cols: Record<string, string>,
  time: Date,
  epoch?: number,
) =>
  t.database.query(
    `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key,
       stake_amt, withdraw_amt, stake_reward_amt, mining_reward_amt, mev_reward_amt, time_stamp, epoch_nbr, tx_status_cd)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8::numeric, $9::numeric, $10::numeric, $11, $12, 'S')`,
    [
      walletId,
      validator,
      alice.usrId,
      txKind,
      String(seq++),
      cols.stake ?? '0',
      cols.withdraw ?? '0',
      cols.reward ?? '0',
      cols.fees ?? '0',
      cols.mev ?? '0',
      time.toISOString(),
      epoch ?? null,
    ],
  );

const daily = async (limit: number, as = alice) => {
  const r = await t.call<{ Rows: HistoryRow[] }>(
    'EthTxHistory',
    'GetDailyHistory',
    { walletAddress: ADDR, limit },
    as.as,
  );
  return r.d;
};

describe.each(testDatabaseKinds)('daily transactions on %s', (kind) => {
  beforeAll(async () => {
    seq = 0;
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
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
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, validator_index)
       SELECT $1, $2, g, '3', '0x' || lpad(to_hex(g + 171), 96, 'a'), 40 + g FROM generate_series(0, 1) g
       RETURNING eth2_validator_id AS id`,
      [walletId, alice.usrId],
    );
    [v0, v1] = vs.map((v) => Number(v.id)) as [number, number];
    await add(v0, 'deposit', { stake: '32' }, at('2026-11-19', '08:00'));
    await add(v1, 'deposit', { stake: '32' }, at('2026-11-19', '08:00'));
    // Day before: two syncs of v0.
    await add(v0, 'stake_reward', { reward: '0.000001458000000001' }, at('2026-11-19', '22:00'), 100);
    await add(v0, 'stake_reward', { reward: '0.000002916000000002' }, at('2026-11-19', '23:59'), 102);
    // Day D: three syncs of v0, two of v1, one proposal of v0 and a withdrawal of v0.
    for (const [i, hm] of ['00:00', '06:00', '12:00'].entries())
      await add(v0, 'stake_reward', { reward: '0.000001458000000000' }, at(D, hm), 200 + i);
    for (const [i, hm] of ['01:00', '07:00'].entries())
      await add(v1, 'stake_reward', { reward: '0.000001458000000000' }, at(D, hm), 300 + i);
    // A proposal's fees and MEV: two rows, as the sync writes them.
    await add(v0, 'el_fees', { fees: '0.00009' }, at(D, '03:00'), 250);
    await add(v0, 'el_mev', { mev: '0.00013' }, at(D, '03:00'), 250);
    await add(v0, 'withdrawal', { withdraw: '-0.0026244' }, at(D, '13:00'), 260);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('groups rewards per validator per day and kind, names the validator, keeps deposits and withdrawals', async () => {
    const d = await daily(50);
    expect(d.status, d.message).toBe('success');
    const rows = d.data!.Rows;
    const view = rows.map((r) => [r.Kind, r.ValidatorIndex, r.Day, r.Entries]);
    expect(view).toEqual([
      ['withdrawal', '40', null, 1],
      ['stake_reward', '40', D, 3],
      ['stake_reward', '41', D, 2],
      ['el_mev', '40', D, 1],
      ['el_fees', '40', D, 1],
      ['stake_reward', '40', '2026-11-19', 2],
      ['deposit', '41', null, 1],
      ['deposit', '40', null, 1],
    ]);
    const v0Day = rows[1]!;
    expect(v0Day).toMatchObject({
      StakeRewardAmt22: '0.000004374000000000',
      FirstEpoch: '200',
      LastEpoch: '202',
      TxStatusCd22Text: 'Successful',
      PubKey: `0x${'a'.repeat(94)}ab`,
      EpochNbr22: null,
    });
    expect(rows[5]!.StakeRewardAmt22).toBe('0.000004374000000003');
    // Fees and MEV split as the rewards card splits them.
    expect(rows[3]).toMatchObject({
      MiningRewardAmt22: '0.000000000000000000',
      MEVRewardAmt22: '0.000130000000000000',
    });
    expect(rows[4]).toMatchObject({
      MiningRewardAmt22: '0.000090000000000000',
      MEVRewardAmt22: '0.000000000000000000',
    });
    expect(rows[0]).toMatchObject({ WithdrawAmt22: '-0.002624400000000000', EpochNbr22: '260' });
    // The newest rows first, as many as asked.
    expect((await daily(2)).data!.Rows.map((r) => r.TxHistoryId22)).toEqual(
      rows.slice(0, 2).map((r) => r.TxHistoryId22),
    );
  });

  it("opens a day's entries, and refuses a malformed day with the field named", async () => {
    const r = await t.call<{ Rows: HistoryRow[] }>(
      'EthTxHistory',
      'GetRewardDetail',
      { walletAddress: ADDR, validatorId: v0, day: D, kind: 'stake_reward' },
      alice.as,
    );
    expect(r.d.status, r.d.message).toBe('success');
    expect(r.d.data!.Rows.map((x) => [x.EpochNbr22, x.StakeRewardAmt22])).toEqual([
      ['202', '0.000001458000000000'],
      ['201', '0.000001458000000000'],
      ['200', '0.000001458000000000'],
    ]);
    const bad = await t.call(
      'EthTxHistory',
      'GetRewardDetail',
      { walletAddress: ADDR, validatorId: v0, day: '2026-13-40', kind: 'stake_reward' },
      alice.as,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.d)).toContain('day');
  });

  it("denies another customer's wallet", async () => {
    const d = await daily(50, bob);
    expect(d.status).toBe('failed');
    expect(d.message).toBe(StakingMessages.noWallet);
    const detail = await t.call(
      'EthTxHistory',
      'GetRewardDetail',
      { walletAddress: ADDR, validatorId: v0, day: D, kind: 'stake_reward' },
      bob.as,
    );
    expect(JSON.stringify(detail.d)).not.toContain('RewardAmt');
  });
});
