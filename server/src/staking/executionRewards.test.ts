// Execution-layer rewards (issue 24 item 4): each validator's fee recipient is the customer's
// withdrawal address, and the fees and MEV the server shows are exactly what the dev beacon node
// paid into that address on chain 88, split the same way on the rewards card and the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { Role } from '../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { HttpBeaconClient, type ValidatorRewards } from './beacon/index.ts';
import { toUnits } from './rewards.ts';
import { decodeDepositJson } from './createValidators.ts';
import { RpcDepositLogReader } from './depositLogs.ts';
import { createStakingFeature } from './plugin.ts';
import { customerExecutionRewards } from './syncValidators.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
/** Mixed case, as a wallet may send it; stored and paid in lower case. */
const ADDR = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const addr = ADDR.toLowerCase();
const EPOCH = 48;
const DAY = 86_400;
const WEI = 10n ** 18n;

describe('the execution-layer rewards that are the customer’s', () => {
  const reward = (feeRecipient: string | null, paid: boolean): ValidatorRewards['proposals'][number] => ({
    slot: 3600n,
    epoch: 450n,
    executionFeesGwei: 90_000n,
    mevGwei: 130_000n,
    feeRecipient,
    payment: paid ? { txHash: '0xab', blockNumber: 7n } : null,
  });
  const rewards = (...proposals: ValidatorRewards['proposals']): ValidatorRewards => ({
    validatorIndex: 0n,
    consensusGwei: 0n,
    executionFeesGwei: 0n,
    mevGwei: 0n,
    proposals,
    withdrawals: [],
  });

  it('counts only blocks paid on chain to the fee recipient payd configured', () => {
    const v = { feeRecipient: addr };
    expect(customerExecutionRewards(v, rewards(reward(addr, true)))).toHaveLength(1);
    expect(customerExecutionRewards(v, rewards(reward(addr, false)))).toEqual([]);
    expect(customerExecutionRewards(v, rewards(reward(`0x${'11'.repeat(20)}`, true)))).toEqual([]);
    expect(customerExecutionRewards({ feeRecipient: null }, rewards(reward(addr, true)))).toEqual([]);
  });
});

let tb: BeaconTestbed;
let t: TestApp;
let alice: TestUser;

describe.each(testDatabaseKinds)(
  'fees and MEV over the dev beacon node on %s',
  { timeout: 180_000 },
  (kind) => {
    beforeAll(async () => {
      tb = await startBeaconTestbed();
      const beacon = new HttpBeaconClient({ url: tb.beacon.url });
      const deposits = new RpcDepositLogReader({ client: tb.client });
      t = await startTestApp(kind, {}, { features: [createStakingFeature({ beacon, deposits, kyc: null })] });
      alice = await makeUser(t, 'alice@example.com', Role.borrower);
      await approveStaker(t, alice.usrId);
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await tb?.close();
    }, 60_000);

    it('shows the fee recipient and exactly the fees and MEV that arrived in the wallet', async () => {
      const saved = await t.call<{ mst: Row }>(
        W,
        'SaveData',
        {
          mst: { NetworkId6: '88', Eth1WithdrawalAddr6: ADDR, StartIdx6: 0, ValidatorCnt6: 1 },
          options: { CreateValidator: 'Y' },
        },
        alice.as,
      );
      expect(saved.d.status, saved.d.message).toBe('success');
      const walletId = saved.d.data!.mst.Eth2WalletId6;
      const validator = async () =>
        (await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId }, alice.as)).d.data![0]!;
      expect((await validator()).FeeRecipient5).toBe(addr);

      const sync = async () => {
        const r = await t.call(W, 'SyncValidators', { walletAddress: ADDR }, alice.as);
        expect(r.d.status, r.d.message).toBe('success');
      };
      await tb.deposit(decodeDepositJson(String((await validator()).DepositJson5)));
      await tb.advance(12 * EPOCH);
      await sync();
      // A day of blocks: the validator proposes every 6 hours. Withdrawals are paid only on request
      // in the testbed, so the sync's fees and MEV are all that reaches the wallet meanwhile.
      await tb.advance(DAY);
      const before = await tb.client.getBalance({ address: ADDR });
      await sync();
      const arrived = (await tb.client.getBalance({ address: ADDR })) - before;
      expect(arrived).toBeGreaterThan(0n);

      const card = (
        await t.call<{ Dtl: Record<string, string>[] }>(
          'EthTxHistory',
          'GetRewards',
          { walletAddress: ADDR },
          alice.as,
        )
      ).d.data!.Dtl[0]!;
      const fees = toUnits(card.MiningRewardAmt!);
      const mev = toUnits(card.MEVRewardAmt!);
      expect(fees + mev).toBe(arrived);
      expect(fees * 13n).toBe(mev * 9n); // 90,000 and 130,000 gwei a block

      // Fees and MEV are separate rows, each with the chain-88 transaction that paid it.
      const rows = await t.database.query<{
        tx_kind: string;
        amt: string;
        tx_hash: string | null;
        slot: string;
      }>(
        `SELECT tx_kind, (mining_reward_amt + mev_reward_amt)::text AS amt, tx_hash, slot_nbr::text AS slot
         FROM eth_tx_history WHERE tx_kind IN ('el_fees', 'el_mev') ORDER BY slot_nbr, tx_kind`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(6);
      for (const r of rows) {
        const receipt = await tb.client.getTransactionReceipt({ hash: r.tx_hash as `0x${string}` });
        expect(receipt.status).toBe('success');
      }
      const paidPerTx = new Map<string, bigint>();
      for (const r of rows) paidPerTx.set(r.tx_hash!, (paidPerTx.get(r.tx_hash!) ?? 0n) + toUnits(r.amt));
      for (const [hash, amount] of paidPerTx) {
        const { blockNumber } = await tb.client.getTransactionReceipt({ hash: hash as `0x${string}` });
        const at = await tb.client.getBalance({ address: ADDR, blockNumber });
        const prior = await tb.client.getBalance({ address: ADDR, blockNumber: blockNumber - 1n });
        expect(at - prior).toBe(amount);
      }

      const daily = await t.call<{ Rows: Row[] }>(
        'EthTxHistory',
        'GetDailyHistory',
        { walletAddress: ADDR, limit: 100 },
        alice.as,
      );
      const sumOf = (k: string, col: string) =>
        daily.d.data!.Rows.filter((r) => r.Kind === k).reduce((s, r) => s + toUnits(String(r[col])), 0n);
      expect(sumOf('el_fees', 'MiningRewardAmt22')).toBe(fees);
      expect(sumOf('el_mev', 'MEVRewardAmt22')).toBe(mev);
      expect(sumOf('el_fees', 'MEVRewardAmt22') + sumOf('el_mev', 'MiningRewardAmt22')).toBe(0n);
      expect(fees + mev).toBeLessThan(WEI);

      // A second sync adds nothing and pays nothing.
      const after = await tb.client.getBalance({ address: ADDR });
      await sync();
      expect(await tb.client.getBalance({ address: ADDR })).toBe(after);
    });
  },
);
