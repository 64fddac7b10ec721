// StakeUserInfoWs GetAgentNumber17List (the agents the wallet status page offers at registration),
// registration proved by the wallet's signature, and a terminated account (declined wallet)
// creating no more validators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from './plugin.ts';
import { RegistrationMessages } from './registration.ts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';

describe.each(testDatabaseKinds)('registration agents on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the stakeAgent reference codes in their order, filtered by the query', async () => {
    const none = await t.call<unknown[]>('StakeUserInfo', 'GetAgentNumber17List', {}, alice.as);
    expect(none.d.data).toEqual([]);
    await t.database.query(
      `INSERT INTO ref_codes (cat, code, label, sort) VALUES
         ('stakeAgent', 'AG-2', 'AG-2 North', 2), ('stakeAgent', 'AG-1', 'AG-1 South', 1)`,
    );
    const all = await t.call('StakeUserInfo', 'GetAgentNumber17List', { query: '', topN: 50 }, alice.as);
    expect(all.d.data).toEqual([
      { key: 'AG-1', label: 'AG-1 South' },
      { key: 'AG-2', label: 'AG-2 North' },
    ]);
    const north = await t.call('StakeUserInfo', 'GetAgentNumber17List', { query: 'north' }, alice.as);
    expect(north.d.data).toEqual([{ key: 'AG-2', label: 'AG-2 North' }]);
    expect((await t.call('StakeUserInfo', 'GetAgentNumber17List', {})).status).toBe(401);
  });

  it('refuses new validators to a customer whose wallet was declined, writing nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const addr = wallet.address;
    const signed = async (signedAt: Date) => {
      const at = signedAt.toISOString();
      const message = walletRegistrationMessage({ address: addr, usrId: alice.usrId, signedAt: at });
      return { WalletSignedAt: at, WalletSignature: await wallet.signMessage({ message }) };
    };
    const register = async (options: object) =>
      t.call('StakeWalletAddress', 'SaveData', { mst: { StakeWalletAddr2: addr }, options }, alice.as);
    // A signature older than 10 minutes proves nothing now.
    const stale = await register(await signed(new Date(t.clock.now().getTime() - 11 * 60_000)));
    expect(stale.d.message).toBe(RegistrationMessages.proofRequired);
    const reg = await register(await signed(t.clock.now()));
    expect(reg.d.status).toBe('success');
    await t.database.query(`UPDATE stake_wallet_address SET stake_wallet_status_cd = 'D' WHERE usr_id = $1`, [
      alice.usrId,
    ]);
    const blank = await t.call<Record<string, unknown>>('Eth2Wallet', 'GetNewMst', {}, alice.as);
    const save = await t.call(
      'Eth2Wallet',
      'SaveData',
      {
        mst: { ...blank.d.data, NetworkId6: '88', Eth1WithdrawalAddr6: addr, StartIdx6: 0, ValidatorCnt6: 1 },
        dtl: null,
        options: { CreateValidator: 'Y' },
      },
      alice.as,
    );
    expect(save.d).toMatchObject({ status: 'failed', message: RegistrationMessages.terminated });
    const n = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM eth2_wallet`);
    expect(Number(n[0]!.n)).toBe(0);
  });
});
