// Eth2WalletWs, EthTxHistoryWs, StakeWalletAddressWs and StakeUserInfoWs through the API as customers
// and staff: validators with verifiable deposit data, the mnemonic kept encrypted and shown only to
// its owner after a fresh sign-in, the withdraw rules, rewards, registration, and another
// customer's wallet denied with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';
import { deriveValidatorKeys, validateMnemonic, verifyDepositData } from '@payd/validator-keys';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from './plugin.ts';
import { decodeDepositJson } from './createValidators.ts';
import { StakingMessages } from './messages.ts';
import { RegistrationMessages } from './registration.ts';
import type { KycRegistry } from './kycRegistry.ts';
import { approveStaker } from '../testing/testStakers.ts';
import type { WalletOwnershipProof } from './walletProof.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const OTHER = '0x00000000000000000000000000000000000000b0';

async function countRows(t: TestApp, table: string): Promise<number> {
  const r = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(r[0]!.n);
}

/** A KycRegistry that records the addresses it was asked to approve (the chain is tested apart). */
class RecordingKycRegistry implements KycRegistry {
  readonly approved: string[] = [];
  markApproved(proof: WalletOwnershipProof): Promise<void> {
    this.approved.push(proof.address.toLowerCase());
    return Promise.resolve();
  }
}

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let operator: TestUser;
let walletId: string;
let validators: Row[];
let kyc: RecordingKycRegistry;

describe.each(testDatabaseKinds)('staking calls on %s', (kind) => {
  beforeAll(async () => {
    kyc = new RecordingKycRegistry();
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    // Creating validators needs approved KYC and an approved wallet (createValidators.ts).
    await approveStaker(t, alice.usrId);
    bob = await makeUser(t, 'bob@example.com', Role.lender);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
  });

  afterAll(async () => {
    await t?.close();
  });

  walletAndMnemonicCases();
  depositDataAndWithdrawCases();
  rewardsAndRegistrationCases();
  profileCases();
});

function walletAndMnemonicCases(): void {
  it('creates a wallet with validators whose deposit data verifies, without the mnemonic in any reply', async () => {
    const n = await t.call<Row>(W, 'GetNewMst', {}, alice.as);
    const s = await t.call<{ mst: Row }>(
      W,
      'SaveData',
      {
        mst: { ...n.d.data, NetworkId6: '88', Eth1WithdrawalAddr6: ADDR, StartIdx6: 0, ValidatorCnt6: 2 },
        dtl: null,
        options: { CreateValidator: 'Y' },
      },
      alice.as,
    );
    expect(s.d.status).toBe('success');
    walletId = String(s.d.data!.mst.Eth2WalletId6);
    const dtl = await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId }, alice.as);
    validators = dtl.d.data!;
    expect(validators.map((v) => Number(v.Idx5))).toEqual([0, 1]);
    const entry = decodeDepositJson(String(validators[0]!.DepositJson5));
    expect(`0x${entry.pubkey}`).toBe(validators[0]!.PubKey5);
    expect(entry.withdrawal_credentials).toBe(`010000000000000000000000${ADDR.slice(2)}`);
    expect(verifyDepositData(entry, 'payd-devnet')).toBe(true);

    const list = await t.call(W, 'GetEth2Wallet5List', { searchStr: '' }, alice.as);
    const byId = await t.call(W, 'GetEth2Wallet5ById', { keyId: walletId }, alice.as);
    for (const reply of [s, dtl, list, byId]) expect(JSON.stringify(reply.d)).not.toMatch(/mnemonic/i);
  });

  it('keeps the mnemonic encrypted and shows it only to its owner after a fresh sign-in, recording it', async () => {
    const shown = await t.call<{ mst: { Mnemonic: string } }>(
      W,
      'DisplayMnemonic',
      { walletAddress: ADDR },
      alice.as,
    );
    expect(shown.d.status).toBe('success');
    const words = shown.d.data!.mst.Mnemonic;
    expect(words.split(' ')).toHaveLength(24);
    expect(validateMnemonic(words)).toBe(true);
    expect(`0x${deriveValidatorKeys(words, 1).pubkey}`).toBe(validators[1]!.PubKey5);
    const [raw] = await t.database.query<{ mnemonic_enc: string }>(
      'SELECT mnemonic_enc FROM eth2_wallet WHERE eth2_wallet_id = $1',
      [Number(walletId)],
    );
    expect(raw!.mnemonic_enc).toMatch(/^v1:/);
    for (const w of words.split(' ')) expect(raw!.mnemonic_enc).not.toContain(` ${w} `);
    expect(Buffer.from(raw!.mnemonic_enc.slice(3), 'base64').toString('utf8')).not.toContain(
      words.split(' ')[0]!,
    );
    expect(await countRows(t, 'mnemonic_reveal')).toBe(1);

    t.clock.advance(6 * 60_000);
    const stale = await t.call(W, 'DisplayMnemonic', { walletAddress: ADDR }, alice.as);
    expect(stale.d.status).toBe('failed');
    expect(stale.d.message).toBe(StakingMessages.reAuthRequired);
    expect(JSON.stringify(stale.d)).not.toContain(words.split(' ')[1]!);
    expect(await countRows(t, 'mnemonic_reveal')).toBe(1);
  });

  it("denies another customer's wallet: nothing returned, nothing written", async () => {
    const before = await t.database.query('SELECT * FROM eth2_wallet ORDER BY eth2_wallet_id');
    const calls: Array<[string, string, Row]> = [
      [W, 'GetEth2Wallet5ById', { keyId: walletId }],
      [W, 'GetEth2Wallet5DtlById', { keyId: walletId }],
      [W, 'DisplayMnemonic', { walletAddress: ADDR }],
      [W, 'SyncValidators', { walletAddress: ADDR, multiDepositAddress: OTHER }],
      [W, 'WithdrawValidators', { walletAddress: ADDR, numberOfValidators: 1, reason: 'x' }],
      [W, 'WithdrawValidator', { walletAddress: ADDR, pubkey: String(validators[0]!.PubKey5) }],
      ['EthTxHistory', 'GetEthTxHistory13ById', { keyId: walletId }],
      ['EthTxHistory', 'GetEthTxHistory13DtlById', { keyId: walletId }],
      ['EthTxHistory', 'GetRewards', { walletAddress: ADDR }],
    ];
    for (const [service, m, body] of calls) {
      const r = await t.call(service, m, body, bob.as);
      expect(r.d.status, `${service}.${m}`).toBe('failed');
      expect(r.d.message, `${service}.${m}`).toMatch(/access denied/i);
      expect(r.d.data, `${service}.${m}`).toBeUndefined();
    }
    const save = await t.call(
      W,
      'SaveData',
      {
        mst: { Eth2WalletId6: walletId, RowVersion6: 1, Remark6: 'mine now' },
        options: { CreateValidator: 'Y' },
      },
      bob.as,
    );
    expect(save.d.status).toBe('failed');
    const list = await t.call<Row[]>(W, 'GetEth2Wallet5List', { searchStr: '' }, bob.as);
    expect(list.d.data).toEqual([]);
    expect(await t.database.query('SELECT * FROM eth2_wallet ORDER BY eth2_wallet_id')).toEqual(before);
    expect(await countRows(t, 'eth2_validator')).toBe(2);
    expect(await countRows(t, 'mnemonic_reveal')).toBe(1);
  });

  it('lets staff see wallets but never change them or read the mnemonic', async () => {
    const byId = await t.call<Row>(W, 'GetEth2Wallet5ById', { keyId: walletId }, operator.as);
    expect(byId.d.data!.Eth1WithdrawalAddr6).toBe(ADDR);
    const save = await t.call(W, 'SaveData', { mst: { ...byId.d.data, Remark6: 'x' } }, operator.as);
    expect(save.d.status).toBe('failed');
    const words = await t.call(W, 'DisplayMnemonic', { walletAddress: ADDR }, operator.as);
    expect(words.d.status).toBe('failed');
  });
}

function depositDataAndWithdrawCases(): void {
  it('offers staff, not customers, the DrillDown from a wallet to its transactions', async () => {
    type Button = { ButtonTypeName: string; ButtonName: string; ButtonVisible: string };
    const drill = async (as: TestUser['as']) =>
      (await t.call<Button[]>(W, 'GetScreenButtonHlp', {}, as)).d.data!.find(
        (b) => b.ButtonTypeName === 'DrillDown',
      )!;
    expect(await drill(operator.as)).toMatchObject({ ButtonName: 'Transactions', ButtonVisible: 'Y' });
    expect((await drill(alice.as)).ButtonVisible).toBe('N');
    // Where it leads: the transactions screen's stored-value search for the wallet's key.
    const found = await t.call<{ data: Array<{ key: string }> }>(
      'EthTxHistory',
      'GetSearchList',
      { searchStr: `**${walletId}`, topN: 5, filterId: '0' },
      operator.as,
    );
    expect(found.d.data!.data.map((x) => x.key)).toEqual([walletId]);
  });

  it('lists the deposit data only of validators not deposited yet, unless every column is asked for', async () => {
    const list = async (options: Row) =>
      (await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId, options }, alice.as)).d.data!;
    await t.database.query(
      "UPDATE eth2_validator SET validator_status_cd = '1' WHERE eth2_wallet_id = $1 AND idx = 1",
      [Number(walletId)],
    );
    try {
      const light = await list({});
      expect(light.map((v) => [v.Idx5, v.ValidatorStatusCd5, v.ValidatorStatusCd5Text])).toEqual([
        [0, null, null],
        [1, '1', 'Pending'],
      ]);
      // Same columns on every row; the heavy ones filled where the stake flow needs them.
      expect(Object.keys(light[1]!)).toEqual(Object.keys(light[0]!));
      expect(decodeDepositJson(String(light[0]!.DepositJson5)).pubkey).toBe(
        String(validators[0]!.PubKey5).slice(2),
      );
      expect(light[0]!.ValidatorJson5).toBe(validators[0]!.ValidatorJson5);
      expect([light[1]!.DepositJson5, light[1]!.ValidatorJson5]).toEqual([null, null]);
      const all = await list({ AllColumns: 'Y' });
      expect(all[1]!.DepositJson5).toBe(validators[1]!.DepositJson5);
      expect(all[1]!.ValidatorJson5).toBe(validators[1]!.ValidatorJson5);
      // Staff (the back office's generic detail record) see every column of every row.
      const staff = await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId }, operator.as);
      expect(staff.d.data![1]!.DepositJson5).toBe(validators[1]!.DepositJson5);
    } finally {
      await t.database.query(
        'UPDATE eth2_validator SET validator_status_cd = NULL WHERE eth2_wallet_id = $1 AND idx = 1',
        [Number(walletId)],
      );
    }
  });

  it('answers the dropdown lookups', async () => {
    const net = await t.call<Array<Record<string, string>>>(W, 'GetNetworkId6List', { query: '' }, alice.as);
    expect(JSON.stringify(net.d.data)).toContain('DEV');
    const st = await t.call(W, 'GetValidatorStatusCd5List', { query: '' }, alice.as);
    expect(JSON.stringify(st.d.data)).toContain('Active');
    const tx = await t.call('EthTxHistory', 'GetTxStatusCd22List', { query: '' }, alice.as);
    expect(JSON.stringify(tx.d.data)).toContain('Successful');
    const usr = await t.call('EthTxHistory', 'GetUsrId6List', { query: '' }, alice.as);
    expect(JSON.stringify(usr.d.data)).toContain('alice@example.com');
    expect(JSON.stringify(usr.d.data)).not.toContain('bob@example.com');
  });

  it('refuses to change the address of a wallet with validators', async () => {
    const byId = await t.call<Row>(W, 'GetEth2Wallet5ById', { keyId: walletId }, alice.as);
    const r = await t.call(W, 'SaveData', { mst: { ...byId.d.data, Eth1WithdrawalAddr6: OTHER } }, alice.as);
    expect(r.d.status).toBe('failed');
    expect(r.d.validationErrors?.[0]?.field).toBe('mst.Eth1WithdrawalAddr6');
  });

  it('applies the withdraw rules with the spec messages', async () => {
    const tooMany = await t.call(
      W,
      'WithdrawValidators',
      { walletAddress: ADDR, numberOfValidators: 1 },
      alice.as,
    );
    expect(tooMany.d.message).toBe(StakingMessages.drawingDownTooMuch);
    const now = t.clock.now().getTime();
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '3', validator_index = idx + 10, activation_utc = $1
       WHERE eth2_wallet_id = $2`,
      [new Date(now - 172_800_000 + 60_000).toISOString(), Number(walletId)],
    );
    const young = await t.call(
      W,
      'WithdrawValidators',
      { walletAddress: ADDR, numberOfValidators: 2 },
      alice.as,
    );
    expect(young.d.message).toBe(StakingMessages.notEnoughActive);
    const three = await t.call(
      W,
      'WithdrawValidators',
      { walletAddress: ADDR, numberOfValidators: 3 },
      alice.as,
    );
    expect(three.d.message).toBe(StakingMessages.drawingDownTooMuch);
    await t.database.query(`UPDATE eth2_validator SET validator_status_cd = '1' WHERE eth2_wallet_id = $1`, [
      Number(walletId),
    ]);
    const notReady = await t.call(
      W,
      'WithdrawValidator',
      { walletAddress: ADDR, pubkey: String(validators[0]!.PubKey5) },
      alice.as,
    );
    expect(notReady.d.message).toBe(StakingMessages.notReady);
  });
}

function rewardsAndRegistrationCases(): void {
  it('sums rewards by period for GetRewards and lists the history of own wallets only', async () => {
    const vId = Number(validators[0]!.Eth2ValidatorId5);
    const now = t.clock.now().getTime();
    const add = (key: string, col: string, amt: string, agoMs: number) =>
      t.database.query(
        `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, ${col}, time_stamp, tx_status_cd)
         VALUES ($1, $2, $3, 'test', $4, $5::numeric, $6, 'S')`,
        [Number(walletId), vId, alice.usrId, key, amt, new Date(now - agoMs).toISOString()],
      );
    await add('d', 'stake_amt', '32', 40 * 86_400_000);
    await add('r1', 'stake_reward_amt', '0.000000000000000001', 3_600_000);
    await add('r2', 'mev_reward_amt', '0.5', 3 * 86_400_000);
    await add('r3', 'mining_reward_amt', '1.25', 20 * 86_400_000);
    await add('r4', 'stake_reward_amt', '2', 35 * 86_400_000);
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '3' WHERE eth2_validator_id = $1`,
      [vId],
    );
    // Both validators active for the 40 days (the percentages are of the balance that earned).
    await t.database.query(`UPDATE eth2_validator SET activation_utc = $1 WHERE eth2_wallet_id = $2`, [
      new Date(now - 40 * 86_400_000).toISOString(),
      Number(walletId),
    ]);
    const r = await t.call<{ Dtl: Array<Record<string, string>> }>(
      'EthTxHistory',
      'GetRewards',
      { walletAddress: ADDR.toUpperCase().replace('0X', '0x') },
      alice.as,
    );
    const rec = r.d.data!.Dtl[0]!;
    expect(rec.Daily_TotalRewardAmt).toBe('0.000000000000000001');
    expect(rec.Weekly_TotalRewardAmt).toBe('0.500000000000000001');
    expect(rec.Monthly_TotalRewardAmt).toBe('1.750000000000000001');
    expect(rec.TotalRewardAmt).toBe('3.750000000000000001');
    expect(rec.MEVRewardAmt).toBe('0.500000000000000000');
    // 3.750000000000000001 ETH on 64 ETH that earned for 40 days: 5.859375 %, 18 places, and
    // 3.750000000000000001 × 100 × 365 / (64 × 40) = 53.46679687500000001425... % a year.
    expect(rec.TotalRewardPct).toBe('5.859375000000000002');
    expect(rec.TotalRewardPctAnnualized).toBe('53.466796875000000014');
    const hist = await t.call<Row[]>(
      'EthTxHistory',
      'GetEthTxHistory13DtlById',
      { keyId: walletId },
      alice.as,
    );
    expect(hist.d.data).toHaveLength(5);
    expect(hist.d.data![0]).toMatchObject({
      StakeRewardAmt22: '0.000000000000000001',
      TxStatusCd22Text: 'Successful',
    });
  });

  it('registers one wallet per customer with status A, marks approved customers on chain, and reports the status', async () => {
    // Alice is approved for staking from the start (her validators); Dave registers here.
    const dave = await makeUser(t, 'dave@example.com', Role.borrower);
    const S = 'StakeWalletAddress';
    // Registering needs the wallet's own signature, so this test registers wallets whose keys it holds.
    const walletA = privateKeyToAccount(generatePrivateKey());
    const walletB = privateKeyToAccount(generatePrivateKey());
    const REG = walletA.address.toLowerCase();
    const REG2 = walletB.address.toLowerCase();
    const proof = async (wallet: typeof walletA, usrId: number) => {
      const signedAt = t.clock.now().toISOString();
      const address = wallet.address.toLowerCase();
      const message = walletRegistrationMessage({ address, usrId, signedAt });
      return { WalletSignedAt: signedAt, WalletSignature: await wallet.signMessage({ message }) };
    };
    /** SaveData of a registration of `address` by `who`, signed by `wallet`. */
    const register = async <T = unknown>(
      address: string,
      wallet: typeof walletA,
      who: typeof dave,
      mst: Row = {},
    ) =>
      t.call<T>(
        S,
        'SaveData',
        { mst: { StakeWalletAddr2: address, ...mst }, options: await proof(wallet, who.usrId) },
        who.as,
      );
    const unsigned = await t.call(S, 'SaveData', { mst: { StakeWalletAddr2: REG } }, dave.as);
    expect(unsigned.d.message).toBe(RegistrationMessages.proofRequired);
    const otherSigner = await register(REG, walletB, dave);
    expect(otherSigner.d.message).toBe(RegistrationMessages.proofRequired);
    const none = await t.call<Row>(S, 'GetWalletStatus', { walletAddress: REG }, dave.as);
    expect(none.d.data).toMatchObject({
      StakeWalletStatusCd2: '',
      StakeWalletStatusCd2Text: 'Not Registered',
      SwitchWallet: 'N',
    });
    await t.database.query(
      `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ('Dave', $1, 'AP')`,
      [dave.usrId],
    );
    const own = await register(REG, walletA, dave, { StakeWalletStatusCd2: 'D' });
    expect(own.d.status).toBe('failed');
    const reg = await register<{ mst: Row }>(REG, walletA, dave);
    expect(reg.d.status).toBe('success');
    expect(reg.d.data!.mst.StakeWalletStatusCd2).toBe('A');
    expect(kyc.approved).toEqual([REG]);
    const ok = await t.call<Row>(S, 'GetWalletStatus', { walletAddress: REG }, dave.as);
    expect(ok.d.data).toMatchObject({ StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved' });
    const other = await t.call<Row>(S, 'GetWalletStatus', { walletAddress: REG2 }, dave.as);
    expect(other.d.data).toMatchObject({ StakeWalletStatusCd2: '', SwitchWallet: 'Y' });
    const second = await register(REG2, walletB, dave);
    expect(second.d.message).toBe(RegistrationMessages.switchWallet);
    const taken = await register(REG, walletA, bob);
    expect(taken.d.message).toBe(RegistrationMessages.takenWallet);
    // Bob is not KYC approved: registered, but not marked on chain.
    const bobs = await register(REG2, walletB, bob);
    expect(bobs.d.status).toBe('success');
    expect(kyc.approved).toEqual([REG]);
    const bobList = await t.call<Row[]>(S, 'GetStakeWalletAddress2List', { searchStr: '' }, bob.as);
    expect(bobList.d.data!.map((x) => x.label)).toEqual([REG2]);
    expect(await countRows(t, 'stake_wallet_address')).toBe(3);
  });
}

function profileCases(): void {
  it('keeps one staking profile with the chosen agent per customer', async () => {
    const S = 'StakeUserInfo';
    const first = await t.call<{ mst: Row }>(S, 'SaveData', { mst: { AgentNumber17: 'AG-7' } }, alice.as);
    expect(first.d.data!.mst).toMatchObject({ AgentNumber17: 'AG-7' });
    const again = await t.call(S, 'SaveData', { mst: { AgentNumber17: 'AG-8' } }, alice.as);
    expect(again.d.message).toBe(RegistrationMessages.profileExists);
    const bobs = await t.call<Row[]>(S, 'GetStakeUserInfo17List', { searchStr: '' }, bob.as);
    expect(bobs.d.data).toEqual([]);
  });
}
