// Issue 25 items 9 and 10 over a real chain 88 and the dev beacon node: the sync keeps each
// validator's effective balance and credentials' kind from the beacon chain (the dashboard lists
// them), the charge run then charges a 64-ETH 0x02 validator twice what a 32-ETH 0x01 one pays, and
// GetRewardChart gives the dashboard's daily rewards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrepareDepositsReply, RewardChartReply } from '@payd/schemas';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { chargeValidators } from '../billing/charges/chargeRun.ts';
import { Role } from '../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { decodeDepositJson } from './createValidators.ts';
import { RpcDepositLogReader } from './depositLogs.ts';
import { createStakingFeature } from './plugin.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const ADDR = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const EPOCH = 48;
const DAY = 86_400;
const GWEI = 1_000_000_000;

let tb: BeaconTestbed;
let t: TestApp;
let kim: TestUser;

const prepare = async (kind: '0x01' | '0x02', amountEth: number) => {
  const r = await t.call<PrepareDepositsReply>(
    W,
    'PrepareDeposits',
    { walletAddress: ADDR, networkId: 88, numberOfValidators: 1, kind, amountEth },
    kim.as,
  );
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!;
};

const sync = async () => {
  const r = await t.call(W, 'SyncValidators', { walletAddress: ADDR }, kim.as);
  expect(r.d.status, r.d.message).toBe('success');
};

describe.each(testDatabaseKinds)(
  'effective balances from the dev beacon node on %s',
  { timeout: 180_000 },
  (kind) => {
    beforeAll(async () => {
      tb = await startBeaconTestbed();
      const beacon = new HttpBeaconClient({ url: tb.beacon.url });
      const deposits = new RpcDepositLogReader({ client: tb.client });
      t = await startTestApp(kind, {}, { features: [createStakingFeature({ beacon, deposits, kyc: null })] });
      kim = await makeUser(t, 'kim@example.com', Role.borrower);
      await approveStaker(t, kim.usrId);
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await tb?.close();
    }, 60_000);

    it('keeps kind and effective balance per validator and charges 64 ETH twice what 32 ETH pays', async () => {
      const first = await prepare('0x02', 64);
      const walletId = first.Eth2WalletId6;
      const big = first.Validators[0]!;
      const small = (await prepare('0x01', 32)).Validators[0]!;
      await tb.deposit(decodeDepositJson(big.DepositJson5));
      await tb.deposit(decodeDepositJson(small.DepositJson5));
      await tb.advance(12 * EPOCH);
      await sync();

      const list = await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId }, kim.as);
      expect(list.d.status, list.d.message).toBe('success');
      const rows = list.d.data!;
      const byId = (id: number) => rows.find((r) => Number(r.Eth2ValidatorId5) === id)!;
      expect(byId(big.Eth2ValidatorId5)).toMatchObject({
        ValidatorStatusCd5: '3',
        ChainKind5: '0x02',
        EffectiveGwei5: 64 * GWEI,
      });
      expect(Number(byId(big.Eth2ValidatorId5).Balance5)).toBeGreaterThanOrEqual(64);
      expect(byId(small.Eth2ValidatorId5)).toMatchObject({ ChainKind5: '0x01', EffectiveGwei5: 32 * GWEI });
      // Kept as it changes: one row each, however often the sync runs.
      await sync();
      const seen = await t.database.query<{ id: number; gwei: string }>(
        `SELECT eth2_validator_id AS id, effective_gwei::text AS gwei FROM eth2_validator_effective ORDER BY 1`,
      );
      expect(seen.map((s) => [Number(s.id), s.gwei])).toEqual([
        [big.Eth2ValidatorId5, String(64 * GWEI)],
        [small.Eth2ValidatorId5, String(32 * GWEI)],
      ]);

      await tb.advance(2 * DAY);
      await sync();
      const activated = new Date(String(byId(big.Eth2ValidatorId5).ActivationUtc5));
      await chargeValidators(t.database.db, {
        now: new Date(activated.getTime() + 2 * DAY * 1000),
        dailyCharge: '1',
      });
      const charged = await t.database.query<{ id: number; amt: string }>(
        `SELECT eth2_validator_id AS id, credit_amt::text AS amt FROM stake_charge WHERE usr_id = $1
         ORDER BY charge_day, 1 LIMIT 2`,
        [kim.usrId],
      );
      expect(charged.map((c) => [Number(c.id), c.amt])).toEqual([
        [big.Eth2ValidatorId5, '2.00'],
        [small.Eth2ValidatorId5, '1.00'],
      ]);

      // The dashboard's chart: one row per day up to the chain's today, rewards on the days earned.
      const chart = await t.call<RewardChartReply>(
        'EthTxHistory',
        'GetRewardChart',
        { walletAddress: ADDR, days: 5 },
        kim.as,
      );
      expect(chart.d.status, chart.d.message).toBe('success');
      const days = chart.d.data!.Rows;
      expect(days).toHaveLength(5);
      const [head] = await t.database.query<{ day: string }>(
        `SELECT (greatest(beacon_head_utc, now()) AT TIME ZONE 'UTC')::date::text AS day FROM eth2_wallet
         WHERE eth2_wallet_id = $1`,
        [walletId],
      );
      expect(days.at(-1)!.Day).toBe(head!.day);
      expect(days.map((d) => Date.parse(d.Day) - Date.parse(days[0]!.Day))).toEqual(
        [0, 1, 2, 3, 4].map((i) => i * DAY * 1000),
      );
      expect(days.reduce((s, d) => s + Number(d.TotalRewardAmt), 0)).toBeGreaterThan(0);
      for (const d of days)
        expect(Number(d.TotalRewardAmt)).toBeCloseTo(
          Number(d.StakeRewardAmt) + Number(d.MiningRewardAmt) + Number(d.MEVRewardAmt),
          12,
        );
      // Another customer's address is not theirs to read.
      const other = await t.call(
        'EthTxHistory',
        'GetRewardChart',
        { walletAddress: ADDR, days: 5 },
        (await makeUser(t, 'lou@example.com', Role.borrower)).as,
      );
      expect(other.d.status).toBe('failed');
    });
  },
);
