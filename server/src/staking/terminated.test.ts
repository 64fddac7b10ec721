// A terminated customer (wallet status D, issue 24): keeps read-only access to the history, the
// payment history, the statements list, the deposit data and the 24 words; is refused every write
// that would stake or pay (new validators, PrepareDeposits, card top-ups, setting the status back
// themselves); and comes back with ComeBack (the wallet's signed registration message) once every
// validator has exited: approved again, a fresh credits episode, the terminated days never charged.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { comeBackMessages, walletRegistrationMessage, type Rates } from '@payd/schemas';
import { ManualClock } from '../clock.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { createCardFeature } from '../billing/card/plugin.ts';
import { LocalCardProvider } from '../billing/card/localProvider.ts';
import { createPaymentsFeature } from '../billing/payments/plugin.ts';
import { createStatementsFeature } from '../billing/statements/plugin.ts';
import { chargeValidators } from '../billing/charges/chargeRun.ts';
import { createStakingFeature } from './plugin.ts';
import { RegistrationMessages } from './registration.ts';
import { StakingMessages } from './messages.ts';

type Row = Record<string, unknown>;
type As = { token: string };
const W = 'Eth2Wallet';
const PASSWORD = 'Quartz-Meadow-73!';
const RATES: Rates = { USD: '1', ETH: '0.0005', FTX: '10', CR: '1' };
const wallet = privateKeyToAccount(generatePrivateKey());
const ADDR = wallet.address.toLowerCase();

let t: TestApp;
let clock: ManualClock;
let as: As;
let usrId: number;

const ok = <T>(r: { d: { status: string; message?: string; data?: T } }): T => {
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!;
};

/** The wallet's registration message signed now (or at `at`), as the wallet status page sends it. */
async function signed(at = clock.now()) {
  const WalletSignedAt = at.toISOString();
  const message = walletRegistrationMessage({ address: ADDR, usrId, signedAt: WalletSignedAt });
  return { WalletSignedAt, WalletSignature: await wallet.signMessage({ message }) };
}

const status = async () =>
  ok(await t.call<Row>('StakeWalletAddress', 'GetWalletStatus', { walletAddress: ADDR }, as));
const comeBack = async (proof: object, address = ADDR) =>
  t.call<Row>('StakeWalletAddress', 'ComeBack', { walletAddress: address, ...proof }, as);
const validatorCodes = async () =>
  (
    await t.database.query<{ cd: string | null }>(
      'SELECT validator_status_cd AS cd FROM eth2_validator WHERE usr_id = $1 ORDER BY idx',
      [usrId],
    )
  ).map((r) => r.cd);

/** Two validators, active since 1 March, a card payment, and the termination of 10 March. */
async function terminatedStaker() {
  usrId = await signUp(t, 'terminated@example.com', PASSWORD);
  await approveStaker(t, usrId, ADDR);
  as = { token: (await logIn(t, 'terminated@example.com', PASSWORD)).access_token };
  const blank = ok(await t.call<Row>(W, 'GetNewMst', {}, as));
  const mst = { ...blank, NetworkId6: '88', Eth1WithdrawalAddr6: ADDR, StartIdx6: 0, ValidatorCnt6: 2 };
  ok(await t.call(W, 'SaveData', { mst, dtl: null, options: { CreateValidator: 'Y' } }, as));
  await t.database.query(
    `UPDATE eth2_validator SET validator_status_cd = '4', activation_utc = '2026-03-01T06:00:00Z',
       validator_index = idx + 10 WHERE usr_id = $1`,
    [usrId],
  );
  await t.database.query(
    `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id)
     VALUES ('C', 14, 14, 'S', '2026-03-01T08:00:00Z', $1)`,
    [usrId],
  );
  // Charged through 7 March (2 validators × 7 days = 14 credits), then terminated on 10 March.
  await chargeValidators(t.database.db, { now: new Date('2026-03-08T00:10:00Z'), dailyCharge: '1' });
  await t.database.query(`UPDATE stake_wallet_address SET stake_wallet_status_cd = 'D' WHERE usr_id = $1`, [
    usrId,
  ]);
  await t.database.query(
    `INSERT INTO stake_credit_state (usr_id, warned_on, terminated_on) VALUES ($1, '2026-03-03T00:10:00Z', '2026-03-10T00:10:00Z')`,
    [usrId],
  );
}

describe.each(testDatabaseKinds)('a terminated customer on %s', { timeout: 60_000 }, (kind) => {
  beforeAll(async () => {
    // Now (sign-up's captcha is checked against it); the records below are of March.
    clock = new ManualClock(new Date());
    const local = new LocalCardProvider(() => clock.now());
    t = await startTestApp(
      kind,
      {},
      {
        clock,
        card: { provider: local, localConfirm: local },
        features: [
          createStakingFeature({ beacon: null, deposits: null, kyc: null }),
          createPaymentsFeature(),
          createCardFeature({ rates: async () => RATES }),
          createStatementsFeature({ jobEveryMs: 0, now: async () => clock.now() }),
        ],
      },
    );
    await terminatedStaker();
  });
  afterAll(async () => t?.close());

  readCases();
  writeCases();
  comeBackCases();
});

function readCases(): void {
  it('still reads the history, payments, statements, the deposit data and the words', async () => {
    expect(await status()).toMatchObject({
      StakeWalletStatusCd2: 'D',
      StakeWalletStatusCd2Text: 'Declined',
      TerminatedForCredits: 'Y',
    });
    ok(await t.call(W, 'GetEth2Wallet5List', { searchStr: '', topN: 10, filterId: '0' }, as));
    ok(await t.call('EthTxHistory', 'GetDailyHistory', { walletAddress: ADDR, limit: 10 }, as));
    const payments = ok(
      await t.call<{ total: number }>('StakePayment', 'GetPaymentHistory', { page: 0 }, as),
    );
    expect(payments.total).toBe(1);
    ok(await t.call('StakeStmt', 'GetStakeStmt5List', { searchStr: '', topN: 50, filterId: '0' }, as));
    const deposit = ok(
      await t.call<{ DepositData: unknown[] }>(W, 'GetDepositData', { walletAddress: ADDR }, as),
    );
    expect(deposit.DepositData).toHaveLength(2);
    const words = ok(
      await t.call<{ mst: { Mnemonic: string } }>(W, 'DisplayMnemonic', { walletAddress: ADDR }, as),
    );
    expect(words.mst.Mnemonic.split(' ')).toHaveLength(24);
  });
}

function writeCases(): void {
  it('is refused new validators, deposits and card top-ups, and writes nothing', async () => {
    const blank = ok(await t.call<Row>(W, 'GetNewMst', {}, as));
    const mst = { ...blank, NetworkId6: '88', Eth1WithdrawalAddr6: ADDR, StartIdx6: 2, ValidatorCnt6: 1 };
    const create = await t.call(W, 'SaveData', { mst, dtl: null, options: { CreateValidator: 'Y' } }, as);
    expect(create.d).toMatchObject({ status: 'failed', message: RegistrationMessages.terminated });
    const prepare = await t.call(
      W,
      'PrepareDeposits',
      { walletAddress: ADDR, networkId: 88, numberOfValidators: 1 },
      as,
    );
    expect(prepare.d).toMatchObject({ status: 'failed', message: RegistrationMessages.terminated });
    expect(await validatorCodes()).toHaveLength(2);
    const card = await t.call('Payment', 'Create', { amount: '10' }, as);
    expect(card.d).toMatchObject({ status: 'failed', message: comeBackMessages.topUpRefused });
    const [pending] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stake_payment WHERE usr_id = $1 AND pmt_status_cd = 'P'`,
      [usrId],
    );
    expect(pending!.n).toBe(0);
  });

  it('cannot approve the wallet again by saving its status', async () => {
    const [row] = await t.database.query<{ id: number }>(
      'SELECT stake_wallet_addr_id AS id FROM stake_wallet_address WHERE usr_id = $1',
      [usrId],
    );
    const own = await t.call<{ mst: Row }>(
      'StakeWalletAddress',
      'GetStakeWalletAddress2ById',
      { keyId: row!.id },
      as,
    );
    await t.call(
      'StakeWalletAddress',
      'SaveData',
      { mst: { ...own.d.data?.mst, StakeWalletStatusCd2: 'A' }, dtl: null, options: {} },
      as,
    );
    expect(await status()).toMatchObject({ StakeWalletStatusCd2: 'D' });
  });
}

function comeBackCases(): void {
  it("comes back only once every validator has exited, with the wallet's own signature", async () => {
    // Still exiting (code 4): not yet.
    const early = await comeBack(await signed());
    expect(early.d).toMatchObject({ status: 'failed', message: comeBackMessages.validatorsLive });
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '7', exit_utc = '2026-03-11T02:00:00Z' WHERE usr_id = $1`,
      [usrId],
    );
    // A signature by another key, or an old one, proves nothing; another address is not theirs.
    const other = privateKeyToAccount(generatePrivateKey());
    const at = clock.now().toISOString();
    const forged = await other.signMessage({
      message: walletRegistrationMessage({ address: ADDR, usrId, signedAt: at }),
    });
    const bad = await comeBack({ WalletSignedAt: at, WalletSignature: forged });
    expect(bad.d.message).toBe(RegistrationMessages.proofRequired);
    const stale = await comeBack(await signed(new Date(clock.now().getTime() - 11 * 60_000)));
    expect(stale.d.message).toBe(RegistrationMessages.proofRequired);
    const elsewhere = await comeBack(await signed(), other.address);
    expect(elsewhere.d).toMatchObject({ status: 'failed', message: StakingMessages.noWallet });
    const junk = await comeBack({ WalletSignedAt: at, WalletSignature: '0x12' });
    expect(junk.d.validationErrors?.map((e) => e.field)).toContain('WalletSignature');
    expect(await status()).toMatchObject({ StakeWalletStatusCd2: 'D' });
  });

  it('does not undo a decline by staff (no termination for unpaid charges on record)', async () => {
    await t.database.query('UPDATE stake_credit_state SET terminated_on = NULL WHERE usr_id = $1', [usrId]);
    expect(await status()).toMatchObject({ StakeWalletStatusCd2: 'D', TerminatedForCredits: 'N' });
    const declined = await comeBack(await signed());
    expect(declined.d).toMatchObject({ status: 'failed', message: comeBackMessages.declinedByStaff });
    await t.database.query(
      `UPDATE stake_credit_state SET terminated_on = '2026-03-10T00:10:00Z' WHERE usr_id = $1`,
      [usrId],
    );
  });

  it('is approved again, with a fresh credits episode and the terminated days never charged', async () => {
    const back = ok(await comeBack(await signed()));
    expect(back).toMatchObject({ StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved' });
    const [state] = await t.database.query<Row>(
      'SELECT warned_on, terminated_on FROM stake_credit_state WHERE usr_id = $1',
      [usrId],
    );
    expect(state).toEqual({ warned_on: null, terminated_on: null });
    // The old validators ran until 11 March; 10 and 11 March fell in the terminated period.
    await chargeValidators(t.database.db, { now: new Date('2026-03-14T00:10:00Z'), dailyCharge: '1' });
    const days = await t.database.query<{ day: string }>(
      `SELECT to_char(max(charge_day), 'YYYY-MM-DD') AS day FROM stake_charge WHERE usr_id = $1`,
      [usrId],
    );
    expect(days[0]!.day).toBe('2026-03-09');
    const again = await comeBack(await signed());
    expect(again.d).toMatchObject({ status: 'failed', message: comeBackMessages.notTerminated });
    // Staking again is open: new validators are made.
    const prepare = await t.call(
      W,
      'PrepareDeposits',
      { walletAddress: ADDR, networkId: 88, numberOfValidators: 1 },
      as,
    );
    expect(prepare.d.status, prepare.d.message).toBe('success');
    expect(await validatorCodes()).toHaveLength(3);
  });
}
