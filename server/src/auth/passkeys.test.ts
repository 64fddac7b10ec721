// The person's own passkeys (issue 17): listed with name, registration and last use, renamed and
// removed, by their owner only; and changing how one signs in (registering or managing a passkey,
// linking a wallet) needs a proven sign-in within the last 5 minutes (issue 15 item 3's remaining
// hole: a stolen access token must not add a way to sign in and get a fresh, proven session).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  ApiErrorCode,
  passkeyMessages,
  type GetPasskeysReply,
  type PasskeyInfo,
  type TokenSet,
  type WebAuthnRequestReply,
  type Web3SigningRequestReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { SoftAuthenticator } from '../testing/softAuthenticator.ts';

type RegOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type AuthOptions = { challenge: string; rpId?: string };
const PASSWORD = 'Quartz-Heron-61!';
const ORIGIN = 'http://localhost:5173';

let t: TestApp;
let n = 0;

async function person() {
  n++;
  const email = `keys${n}@example.com`;
  await signUp(t, email, PASSWORD);
  return { email, token: (await logIn(t, email, PASSWORD, `10.42.0.${n}`)).access_token };
}

async function registrationRequest(token: string) {
  return t.call<WebAuthnRequestReply>(
    'auth',
    'GetWebAuthnRegistrationRequest',
    { hostingDomainUrl: ORIGIN },
    { token },
  );
}

async function register(token: string, key = new SoftAuthenticator()) {
  const req = await registrationRequest(token);
  expect(req.d.status).toBe('success');
  const response = key.register(req.d.data!.options as unknown as RegOptions, ORIGIN);
  const body = { requestJSON: req.d.data!.requestJSON, resultJSON: JSON.stringify(response) };
  const reg = await t.call<{ credentialId: string }>('auth', 'WebAuthnRegistration', body, { token });
  expect(reg.d.status).toBe('success');
  return { key, id: reg.d.data!.credentialId };
}

async function signInWith(key: SoftAuthenticator) {
  const req = await t.call<WebAuthnRequestReply>('auth', 'GetWebAuthnAssertionRequest', {
    hostingDomainUrl: ORIGIN,
    loginName: '',
  });
  const response = key.assert(req.d.data!.options as unknown as AuthOptions, ORIGIN);
  return t.call<TokenSet>('auth', 'WebAuthnAssertion', {
    requestJSON: req.d.data!.requestJSON,
    resultJSON: JSON.stringify(response),
  });
}

const list = async (token: string) =>
  (await t.call<GetPasskeysReply>('auth', 'GetPasskeys', {}, { token })).d.data!.passkeys;

const rename = (token: string, credentialId: string, name: string) =>
  t.call<PasskeyInfo>('auth', 'RenamePasskey', { credentialId, name }, { token });

const remove = (token: string, credentialId: string) =>
  t.call<GetPasskeysReply>('auth', 'DelPasskey', { credentialId }, { token });

describe.each(testDatabaseKinds)('managing passkeys on %s', (kind) => {
  beforeAll(async () => {
    n = 0;
    t = await startTestApp(kind);
  });

  afterAll(() => t?.close());

  listingCases();
  staleSessionCases();
});

function listingCases(): void {
  it('lists the own passkeys with name, registration and last use; renames and removes them', async () => {
    const me = await person();
    expect(await list(me.token)).toEqual([]);
    const registeredAt = t.clock.now().toISOString();
    const first = await register(me.token);
    t.clock.advance(1000);
    const second = await register(me.token);
    expect(await list(me.token)).toEqual([
      { credentialId: first.id, name: 'Passkey 1', createdAt: registeredAt, lastUsedAt: null },
      {
        credentialId: second.id,
        name: 'Passkey 2',
        createdAt: new Date(Date.parse(registeredAt) + 1000).toISOString(),
        lastUsedAt: null,
      },
    ]);

    t.clock.advance(1000);
    const usedAt = t.clock.now().toISOString();
    expect((await signInWith(second.key)).d.status).toBe('success');
    expect((await list(me.token)).map((p) => p.lastUsedAt)).toEqual([null, usedAt]);

    const renamed = await rename(me.token, first.id, '  Work laptop  ');
    expect(renamed.d).toMatchObject({
      status: 'success',
      message: passkeyMessages.renamed,
      data: { credentialId: first.id, name: 'Work laptop' },
    });
    expect((await list(me.token)).map((p) => p.name)).toEqual(['Work laptop', 'Passkey 2']);

    const removed = await remove(me.token, second.id);
    expect(removed.d.status).toBe('success');
    expect(removed.d.data!.passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    // The removed passkey no longer signs in; the next one registered takes the free default name.
    expect((await signInWith(second.key)).d).toMatchObject({ status: 'failed', error: 'access_denied' });
    await register(me.token);
    expect((await list(me.token)).map((p) => p.name)).toEqual(['Work laptop', 'Passkey 1']);
  });

  it("neither shows, renames nor removes another person's passkey", async () => {
    const owner = await person();
    const other = await person();
    const { key, id } = await register(owner.token);
    expect(await list(other.token)).toEqual([]);

    const renamed = await rename(other.token, id, 'Mine now');
    expect(renamed.status).toBe(404);
    expect(renamed.d).toMatchObject({ error: ApiErrorCode.notFound, message: passkeyMessages.notFound });
    const removed = await remove(other.token, id);
    expect(removed.status).toBe(404);
    // Indistinguishable from a passkey that does not exist at all.
    expect((await remove(other.token, 'bm90LWEta2V5')).d).toEqual(removed.d);

    expect((await list(owner.token)).map((p) => p.name)).toEqual(['Passkey 1']);
    expect((await signInWith(key)).d.status).toBe('success');
    expect((await rename(owner.token, 'bm90LWEta2V5', 'x')).status).toBe(404);
  });

  it('names bad bodies: no name, too long, control and bidi characters, a malformed id', async () => {
    const me = await person();
    const { id } = await register(me.token);
    const cases: [unknown, string, string][] = [
      [{ credentialId: id, name: '   ' }, 'name', passkeyMessages.nameRequired],
      [{ credentialId: id }, 'name', passkeyMessages.nameRequired],
      [{ credentialId: id, name: 'x'.repeat(65) }, 'name', passkeyMessages.nameTooLong],
      [{ credentialId: id, name: 'Phone\u0000' }, 'name', ''],
      [{ credentialId: id, name: 'Key\nTwo' }, 'name', passkeyMessages.nameInvalid],
      [{ credentialId: id, name: 'evil\u202Egnp.exe' }, 'name', passkeyMessages.nameInvalid],
      [{ credentialId: id, name: { toString: null } }, 'name', ''],
      [{ credentialId: '../x', name: 'ok' }, 'credentialId', ''],
      [{ credentialId: 42, name: 'ok' }, 'credentialId', ''],
    ];
    for (const [body, name, message] of cases) {
      const r = await t.call('auth', 'RenamePasskey', body, { token: me.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      const error = r.d.validationErrors!.find((v) => v.field === name);
      expect(error, JSON.stringify(body)).toBeDefined();
      if (message) expect(error!.message).toBe(message);
    }
    expect((await t.call('auth', 'DelPasskey', { credentialId: '' }, { token: me.token })).status).toBe(400);
    expect((await list(me.token)).map((p) => p.name)).toEqual(['Passkey 1']);
    expect((await rename(me.token, id, 'x'.repeat(64))).d.status).toBe('success');
  });

  it('a password account may remove every passkey and still signs in with its password', async () => {
    const me = await person();
    const a = await register(me.token);
    const b = await register(me.token);
    expect((await remove(me.token, a.id)).d.status).toBe('success');
    expect((await remove(me.token, b.id)).d.data!.passkeys).toEqual([]);
    expect((await logIn(t, me.email, PASSWORD, '10.42.1.1')).access_token).toBeTruthy();
  });
}

function staleSessionCases(): void {
  it('refuses a stale session to register, rename or remove a passkey until it is confirmed', async () => {
    const me = await person();
    const { id } = await register(me.token);
    // A registration started while fresh, finished after the 5 minutes: refused too.
    t.clock.advance(4 * 60_000);
    const thief = new SoftAuthenticator();
    const started = await registrationRequest(me.token);
    const late = {
      requestJSON: started.d.data!.requestJSON,
      resultJSON: JSON.stringify(thief.register(started.d.data!.options as unknown as RegOptions, ORIGIN)),
    };
    t.clock.advance(90_000);

    const stale = (r: { status: number; d: { error?: string; message?: string } }) => {
      expect(r.status).toBe(403);
      expect(r.d).toMatchObject({
        error: ApiErrorCode.reauthRequired,
        message: passkeyMessages.confirmRequired,
      });
    };
    stale(await registrationRequest(me.token));
    stale(await t.call('auth', 'WebAuthnRegistration', late, { token: me.token }));
    stale(await rename(me.token, id, 'Stolen'));
    stale(await remove(me.token, id));
    // Nothing changed: the passkey is there under its name, and the thief's key signs nobody in.
    expect((await list(me.token)).map((p) => p.name)).toEqual(['Passkey 1']);
    expect((await signInWith(thief)).d.status).toBe('failed');

    const confirmed = await t.call('auth', 'ConfirmIdentity', { Password: PASSWORD }, { token: me.token });
    expect(confirmed.d.status).toBe('success');
    // The same registration, sent again after confirming, goes through (its challenge was kept,
    // still within its own 5 minutes).
    expect((await t.call('auth', 'WebAuthnRegistration', late, { token: me.token })).d.status).toBe(
      'success',
    );
    expect((await rename(me.token, id, 'Phone')).d.status).toBe('success');
    expect((await list(me.token)).map((p) => p.name)).toEqual(['Phone', 'Passkey 2']);
    expect((await signInWith(thief)).d.status).toBe('success');
  });

  it('refuses a stale session to link a wallet for sign-in until it is confirmed', async () => {
    const me = await person();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const req = await t.call<Web3SigningRequestReply>(
      'auth',
      'GetWeb3SigningRequest',
      { hostingDomainUrl: ORIGIN, loginName: wallet.address },
      { token: me.token },
    );
    const body = {
      requestJSON: req.d.data!.requestJSON,
      resultJSON: JSON.stringify({ signature: await wallet.signMessage({ message: req.d.data!.message }) }),
    };
    t.clock.advance(5 * 60_000 + 30_000);
    const stale = await t.call('auth', 'Web3Registration', body, { token: me.token });
    expect(stale.status).toBe(403);
    expect(stale.d).toMatchObject({
      error: ApiErrorCode.reauthRequired,
      message: passkeyMessages.confirmRequired,
    });
    const me2 = await t.call<{ wallets: string[] }>('auth', 'GetCurrentUsrInfo', {}, { token: me.token });
    expect(me2.d.data!.wallets).toEqual([]);

    expect(
      (await t.call('auth', 'ConfirmIdentity', { Password: PASSWORD }, { token: me.token })).d.status,
    ).toBe('success');
    // The wallet's message has expired meanwhile (5 minutes): sign a new one.
    const again = await t.call<Web3SigningRequestReply>(
      'auth',
      'GetWeb3SigningRequest',
      { hostingDomainUrl: ORIGIN, loginName: wallet.address },
      { token: me.token },
    );
    const linked = await t.call(
      'auth',
      'Web3Registration',
      {
        requestJSON: again.d.data!.requestJSON,
        resultJSON: JSON.stringify({
          signature: await wallet.signMessage({ message: again.d.data!.message }),
        }),
      },
      { token: me.token },
    );
    expect(linked.d.status).toBe('success');
  });

  it('needs a session for every passkey method', async () => {
    for (const method of ['GetPasskeys', 'RenamePasskey', 'DelPasskey'])
      expect((await t.call('auth', method, { credentialId: 'abc', name: 'x' })).status).toBe(401);
  });
}
