// ConfirmIdentity (issue 17): a session whose proven sign-in is older than 5 minutes is answered
// `reauth_required` (403, its message kept) by DisplayMnemonic; the person confirms with their
// password (a wrong one is refused with a message and counted like a failed Login, the account's
// back-off applies) or their own passkey, and the words are then revealed in the same session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorCode,
  confirmIdentityMessages,
  type ConfirmIdentityReply,
  type WebAuthnRequestReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { SoftAuthenticator } from '../testing/softAuthenticator.ts';
import { createStakingFeature } from '../staking/plugin.ts';
import { MnemonicVault } from '../staking/mnemonicVault.ts';
import { ACCOUNT_FAILURES_BEFORE_BACKOFF } from './throttle.ts';

const PASSWORD = 'Harbour-Lantern-58!';
const WORDS = Array.from({ length: 24 }, (_, i) => `word${i}`).join(' ');
const ORIGIN = 'http://localhost:5173';
type RegOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type AuthOptions = { challenge: string; rpId?: string };

let t: TestApp;
let n = 0;

/** A customer with a wallet holding encrypted words, signed in with their password. */
async function customer() {
  n++;
  const email = `confirm${n}@example.com`;
  const address = `0x${String(n).padStart(40, 'a')}`;
  const usrId = await signUp(t, email, PASSWORD);
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, validator_cnt)
     VALUES ($1, '88', $2, 1) RETURNING eth2_wallet_id AS id`,
    [usrId, address],
  );
  const id = Number(row!.id);
  await t.database.query('UPDATE eth2_wallet SET mnemonic_enc = $1 WHERE eth2_wallet_id = $2', [
    new MnemonicVault(t.config.dataKey).encrypt(WORDS, id),
    id,
  ]);
  const tokens = await logIn(t, email, PASSWORD, `10.40.0.${n}`);
  return { email, address, token: tokens.access_token };
}

const reveal = (address: string, token: string) =>
  t.call<{ mst: { Mnemonic: string } }>(
    'Eth2Wallet',
    'DisplayMnemonic',
    { walletAddress: address },
    { token },
  );

const confirm = (token: string, body: Record<string, string>) =>
  t.call<ConfirmIdentityReply>('auth', 'ConfirmIdentity', body, { token });

describe.each(testDatabaseKinds)('confirming who you are on %s', (kind) => {
  beforeAll(async () => {
    n = 0;
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
  });

  afterAll(() => t?.close());

  it('answers an old session reauth_required; a wrong password is refused, the right one reveals', async () => {
    const me = await customer();
    expect((await reveal(me.address, me.token)).d.data!.mst.Mnemonic).toBe(WORDS);
    t.clock.advance(6 * 60_000);

    const stale = await reveal(me.address, me.token);
    expect(stale.status).toBe(403);
    expect(stale.d).toMatchObject({
      status: 'failed',
      error: ApiErrorCode.reauthRequired,
      message: confirmIdentityMessages.required,
    });
    expect(JSON.stringify(stale.d)).not.toContain('word1');

    const wrong = await confirm(me.token, { Password: 'Not-My-Password-1!' });
    expect(wrong.status).toBe(400);
    expect(wrong.d.validationErrors).toEqual([
      { field: 'Password', message: confirmIdentityMessages.passwordWrong },
    ]);
    expect((await reveal(me.address, me.token)).d.error).toBe(ApiErrorCode.reauthRequired);

    const empty = await confirm(me.token, {});
    expect(empty.d.validationErrors).toEqual([
      { field: 'Password', message: confirmIdentityMessages.passwordRequired },
    ]);

    const right = await confirm(me.token, { Password: PASSWORD });
    expect(right.d.status).toBe('success');
    expect(right.d.data!.ProvenAt).toBe(t.clock.now().toISOString());
    const shown = await reveal(me.address, me.token);
    expect(shown.d.status).toBe('success');
    expect(shown.d.data!.mst.Mnemonic).toBe(WORDS);

    // The confirmation is itself good for 5 minutes only.
    t.clock.advance(6 * 60_000);
    expect((await reveal(me.address, me.token)).d.error).toBe(ApiErrorCode.reauthRequired);
  });

  it('refuses a confirmation without a session', async () => {
    const none = await t.call('auth', 'ConfirmIdentity', { Password: PASSWORD });
    expect(none.status).toBe(401);
  });

  it('holds a guessed password back like a Login: the back-off refuses even the right one', async () => {
    const me = await customer();
    t.clock.advance(6 * 60_000);
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_BACKOFF; i++)
      expect((await confirm(me.token, { Password: `Wrong-Guess-${i}!` })).status).toBe(400);
    const held = await confirm(me.token, { Password: PASSWORD });
    expect(held.status).toBe(429);
    expect(held.d.error).toBe(ApiErrorCode.rateLimited);
    expect((await reveal(me.address, me.token)).d.error).toBe(ApiErrorCode.reauthRequired);
  });

  it("confirms with the person's own passkey, not with another account's", async () => {
    const me = await customer();
    const other = await customer();
    const mine = new SoftAuthenticator();
    const theirs = new SoftAuthenticator();
    for (const [who, key] of [
      [me, mine],
      [other, theirs],
    ] as const) {
      const req = await t.call<WebAuthnRequestReply>(
        'auth',
        'GetWebAuthnRegistrationRequest',
        { hostingDomainUrl: ORIGIN },
        { token: who.token },
      );
      const response = key.register(req.d.data!.options as unknown as RegOptions, ORIGIN);
      const reg = await t.call(
        'auth',
        'WebAuthnRegistration',
        { requestJSON: req.d.data!.requestJSON, resultJSON: JSON.stringify(response) },
        { token: who.token },
      );
      expect(reg.d.status).toBe('success');
    }
    t.clock.advance(6 * 60_000);
    const assertion = async (key: SoftAuthenticator) => {
      const req = await t.call<WebAuthnRequestReply>('auth', 'GetWebAuthnAssertionRequest', {
        hostingDomainUrl: ORIGIN,
        loginName: '',
      });
      const response = key.assert(req.d.data!.options as unknown as AuthOptions, ORIGIN);
      return { PasskeyRequestJSON: req.d.data!.requestJSON, PasskeyResultJSON: JSON.stringify(response) };
    };
    const foreign = await confirm(me.token, await assertion(theirs));
    expect(foreign.d.status).toBe('failed');
    expect((await reveal(me.address, me.token)).d.error).toBe(ApiErrorCode.reauthRequired);

    const own = await confirm(me.token, await assertion(mine));
    expect(own.d.status).toBe('success');
    expect((await reveal(me.address, me.token)).d.data!.mst.Mnemonic).toBe(WORDS);
  });
});
