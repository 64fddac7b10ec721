import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import type { TokenSet, Web3SigningRequestReply } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';

describe.each(testDatabaseKinds)('web3 sign-in on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const wallet = privateKeyToAccount(generatePrivateKey());
  const origin = 'http://localhost:5173';
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signUp(t, 'web3@example.com', 'Granite-Finch-29!');
    token = (await logIn(t, 'web3@example.com', 'Granite-Finch-29!')).access_token;
  });
  afterAll(() => t.close());

  async function signed(account = wallet, o: { token?: string; tamper?: (m: string) => string } = {}) {
    const req = await t.call<Web3SigningRequestReply>(
      'auth',
      'GetWeb3SigningRequest',
      { hostingDomainUrl: `${origin}/login`, loginName: account.address },
      { token: o.token },
    );
    expect(req.d.status).toBe('success');
    const message = o.tamper ? o.tamper(req.d.data!.message) : req.d.data!.message;
    const signature = await account.signMessage({ message });
    return {
      requestJSON: o.tamper ? JSON.stringify({ message }) : req.d.data!.requestJSON,
      resultJSON: JSON.stringify({ signature }),
      message,
    };
  }

  it('writes an EIP-4361 message bound to this domain, chain, nonce and expiry', async () => {
    const { message } = await signed();
    const m = parseSiweMessage(message);
    expect(m).toMatchObject({
      domain: 'localhost:5173',
      uri: origin,
      chainId: 88,
      address: wallet.address,
      version: '1',
    });
    expect(m.expirationTime!.getTime() - m.issuedAt!.getTime()).toBe(5 * 60_000);
  });

  it('refuses an origin this server does not serve', async () => {
    const r = await t.call('auth', 'GetWeb3SigningRequest', {
      hostingDomainUrl: 'https://evil.example',
      loginName: wallet.address,
    });
    expect(r.status).toBe(400);
    expect(r.d.validationErrors![0]!.field).toBe('hostingDomainUrl');
  });

  it('links a wallet to the signed-in user, then signs that user in with it, and refuses replays', async () => {
    const notLinked = await t.call('auth', 'Web3Assertion', await signed());
    expect(notLinked.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    const reg = await t.call('auth', 'Web3Registration', await signed(wallet, { token }), { token });
    expect(reg.d).toMatchObject({ status: 'success', data: { address: wallet.address.toLowerCase() } });
    const body = await signed();
    const login = await t.call<TokenSet>('auth', 'Web3Assertion', body);
    expect(login.d.status).toBe('success');
    const me = await t.call<{ UsrName: string; wallets: string[]; signInMethod: string }>(
      'auth',
      'GetCurrentUsrInfo',
      {},
      { token: login.d.data!.access_token },
    );
    expect(me.d.data).toMatchObject({
      UsrName: 'web3@example.com',
      wallets: [wallet.address.toLowerCase()],
      signInMethod: 'web3',
    });
    const replay = await t.call('auth', 'Web3Assertion', body);
    expect(replay.d).toMatchObject({ status: 'failed', error: 'access_denied' });
  });

  it('refuses a registration without a session, or with a request made by nobody', async () => {
    expect((await t.call('auth', 'Web3Registration', await signed(wallet, { token }))).status).toBe(401);
    const anonymous = await signed();
    expect((await t.call('auth', 'Web3Registration', anonymous, { token })).d.status).toBe('failed');
  });

  it('refuses an expired message, a changed message and a signature by another key', async () => {
    const late = await signed();
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.call('auth', 'Web3Assertion', late)).d.status).toBe('failed');
    const changed = await signed(wallet, { tamper: (m) => m.replace('localhost:5173', 'evil.example') });
    expect((await t.call('auth', 'Web3Assertion', changed)).d.status).toBe('failed');
    const other = privateKeyToAccount(generatePrivateKey());
    const good = await signed();
    const forged = {
      ...good,
      resultJSON: JSON.stringify({ signature: await other.signMessage({ message: good.message }) }),
    };
    expect((await t.call('auth', 'Web3Assertion', forged)).d.status).toBe('failed');
  });

  it('names bad bodies', async () => {
    const r = await t.call('auth', 'Web3Assertion', { requestJSON: 'not json', resultJSON: '{}' });
    expect(r.status).toBe(400);
    expect(r.d.validationErrors![0]!.field).toBe('requestJSON');
    const n = await t.call('auth', 'GetWeb3SigningRequest', { hostingDomainUrl: origin, loginName: '0x12' });
    expect(n.d.validationErrors).toContainEqual({
      field: 'loginName',
      message: 'Please enter a valid wallet address',
    });
  });
});
