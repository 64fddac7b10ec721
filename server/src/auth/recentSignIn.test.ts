// The "recent sign-in" that lets DisplayMnemonic show the 24 words counts proven sign-ins only
// (password, passkey, wallet signature): a stolen access token cannot make one, neither by
// refreshing nor by changing the password without the current one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { createStakingFeature } from '../staking/plugin.ts';
import { MnemonicVault } from '../staking/mnemonicVault.ts';
import { StakingMessages } from '../staking/messages.ts';

const EMAIL = 'recent@example.com';
const PASSWORD = 'Walnut-Cobalt-64!';
const ATTACKER_PASSWORD = 'Taken-Over-99#';
const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const WORDS = Array.from({ length: 24 }, (_, i) => `word${i}`).join(' ');

describe.each(testDatabaseKinds)('recent sign-in for the recovery words on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
    const usrId = await signUp(t, EMAIL, PASSWORD);
    // The wallet with its encrypted words, as validator creation leaves it.
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, validator_cnt)
       VALUES ($1, '88', $2, 1) RETURNING eth2_wallet_id AS id`,
      [usrId, ADDR],
    );
    const id = Number(row!.id);
    await t.database.query('UPDATE eth2_wallet SET mnemonic_enc = $1 WHERE eth2_wallet_id = $2', [
      new MnemonicVault(t.config.dataKey).encrypt(WORDS, id),
      id,
    ]);
  });
  afterAll(() => t?.close());

  const reveal = (token: string) =>
    t.call<{ mst: { Mnemonic: string } }>(
      'Eth2Wallet',
      'DisplayMnemonic',
      { walletAddress: ADDR },
      { token },
    );
  const refresh = async (tokens: TokenSet) => {
    const r = await t.call<TokenSet>('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(r.d.status).toBe('success');
    return r.d.data!;
  };

  it('shows the words after a password sign-in, and not after a token refresh 6 minutes later', async () => {
    const tokens = await logIn(t, EMAIL, PASSWORD);
    expect((await reveal(tokens.access_token)).d.data!.mst.Mnemonic).toBe(WORDS);
    t.clock.advance(6 * 60_000);
    const renewed = await refresh(tokens);
    const stale = await reveal(renewed.access_token);
    expect(stale.d).toMatchObject({ status: 'failed', message: StakingMessages.reAuthRequired });
  });

  it('a stolen token cannot set a password and sign in afresh with it', async () => {
    const stolen = await logIn(t, EMAIL, PASSWORD, '10.30.0.1');
    t.clock.advance(6 * 60_000);
    const renewed = await refresh(stolen);
    const change = await t.call(
      'Profile',
      'UpdUsrPwd',
      { NewUsrPassword: ATTACKER_PASSWORD, ConfirmPwd: ATTACKER_PASSWORD },
      { token: renewed.access_token },
    );
    expect(change.d.status).toBe('failed');
    // No new sign-in for the thief; the session it holds is still not recent.
    await expect(logIn(t, EMAIL, ATTACKER_PASSWORD, '10.30.0.2')).rejects.toThrow();
    expect((await reveal(renewed.access_token)).d.message).toBe(StakingMessages.reAuthRequired);
  });

  it('the owner proving the current password changes it; the next sign-in is recent', async () => {
    const own = await logIn(t, EMAIL, PASSWORD, '10.31.0.1');
    t.clock.advance(6 * 60_000);
    const next = 'Walnut-Cobalt-65!';
    const change = await t.call(
      'Profile',
      'UpdUsrPwd',
      { NewUsrPassword: next, ConfirmPwd: next, CurrentPwd: PASSWORD },
      { token: own.access_token },
    );
    expect(change.d.status).toBe('success');
    expect((await reveal(own.access_token)).status).toBe(401);
    const fresh = await logIn(t, EMAIL, next, '10.31.0.2');
    expect((await reveal(fresh.access_token)).d.data!.mst.Mnemonic).toBe(WORDS);
  });
});
