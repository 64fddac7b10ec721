// Taking the keys away (issue 17): GetDepositData gives the Launchpad's deposit_data-<time>.json of
// a validator exactly as it was made and deposited (roots and BLS signature verify with
// @payd/validator-keys); GetKeystore gives an EIP-2335 keystore that decrypts (with the package
// and, independently, with node:crypto) to the validator's signing key, only to its owner and only
// after a proven sign-in within 5 minutes (ConfirmIdentity).
import { createDecipheriv, createHash, pbkdf2Sync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorCode,
  keyExportMessages,
  type GetDepositDataReply,
  type GetKeystoreReply,
} from '@payd/schemas';
import {
  decryptKeystore,
  explainDepositData,
  secretKeyToPublicKey,
  toHex,
  type Keystore,
} from '@payd/validator-keys';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { createStakingFeature } from './plugin.ts';
import { decodeDepositJson } from './createValidators.ts';
import { StakingMessages } from './messages.ts';
import { approveStaker } from '../testing/testStakers.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const PASSWORD = 'Quartz-Meadow-73!';
const KEYSTORE_PASSWORD = 'keep it offline 8';
/** The field order of a staking-deposit-cli deposit data file (a published fixture). */
const FIXTURE = JSON.parse(
  readFileSync(
    new URL(
      '../../../packages/validator-keys/test-vectors/deposits/published-devnet-20000089.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as Row[];

/** EIP-2335 decryption written apart from @payd/validator-keys: PBKDF2-SHA256, checksum, AES-128-CTR. */
function independentDecrypt(ks: Keystore, password: string): string {
  const kdf = ks.crypto.kdf.params as { c: number; dklen: number; salt: string; prf: string };
  expect(ks.crypto.kdf.function).toBe('pbkdf2');
  const dk = pbkdf2Sync(
    Buffer.from(password.normalize('NFKD')),
    Buffer.from(kdf.salt, 'hex'),
    kdf.c,
    kdf.dklen,
    'sha256',
  );
  const cipherText = Buffer.from(ks.crypto.cipher.message, 'hex');
  const checksum = createHash('sha256')
    .update(Buffer.concat([dk.subarray(16, 32), cipherText]))
    .digest('hex');
  expect(checksum).toBe(ks.crypto.checksum.message);
  const d = createDecipheriv(
    'aes-128-ctr',
    dk.subarray(0, 16),
    Buffer.from(ks.crypto.cipher.params.iv, 'hex'),
  );
  return Buffer.concat([d.update(cipherText), d.final()]).toString('hex');
}

let t: TestApp;
let alice: { token: string; address: string };
let bob: { token: string; address: string };
let deposited: Row[];

async function staker(email: string, address: string, count: number) {
  const usrId = await signUp(t, email, PASSWORD);
  await approveStaker(t, usrId, address);
  const token = (await logIn(t, email, PASSWORD)).access_token;
  const n = await t.call<Row>(W, 'GetNewMst', {}, { token });
  const s = await t.call<{ mst: Row }>(
    W,
    'SaveData',
    {
      mst: {
        ...n.d.data,
        NetworkId6: '88',
        Eth1WithdrawalAddr6: address,
        StartIdx6: 0,
        ValidatorCnt6: count,
      },
      dtl: null,
      options: { CreateValidator: 'Y' },
    },
    { token },
  );
  expect(s.d.status).toBe('success');
  const dtl = await t.call<Row[]>(
    W,
    'GetEth2Wallet5DtlById',
    { keyId: s.d.data!.mst.Eth2WalletId6 },
    { token },
  );
  return { token, address, validators: dtl.d.data! };
}

describe.each(testDatabaseKinds)('taking the keys away on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
    const a = await staker('keys-alice@example.com', '0x8ba1f109551bd432803012645ac136ddd64dba72', 2);
    alice = a;
    // What the stake page sends to the deposit contract: each new validator's DepositJson5.
    deposited = a.validators.map((v) => decodeDepositJson(String(v.DepositJson5)) as unknown as Row);
    bob = await staker('keys-bob@example.com', '0x00000000000000000000000000000000000000b0', 1);
  });

  afterAll(() => t?.close());

  exportCases();
  otherCustomerCases();
});

function exportCases(): void {
  it("gives a validator's deposit data file as deposited, verifying with validator-keys", async () => {
    const pubkey = `0x${String(deposited[1]!.pubkey)}`;
    const r = await t.call<GetDepositDataReply>(
      W,
      'GetDepositData',
      { walletAddress: alice.address, pubkey },
      { token: alice.token },
    );
    expect(r.d.status).toBe('success');
    expect(r.d.data!.FileName).toBe(`deposit_data-${Math.floor(t.clock.now().getTime() / 1000)}.json`);
    const file = r.d.data!.DepositData;
    expect(file).toEqual([deposited[1]]);
    // The staking-deposit-cli file shape, field for field and in its order.
    expect(Object.keys(file[0]!)).toEqual(Object.keys(FIXTURE[0]!));
    expect(file[0]).toMatchObject({
      amount: 32_000_000_000,
      withdrawal_credentials: `010000000000000000000000${alice.address.slice(2)}`,
      deposit_cli_version: '2.7.0',
    });
    for (const e of file) expect(explainDepositData(e, 'payd-devnet')).toBeNull();

    // Without a pubkey: every validator of the wallet, in index order.
    const all = await t.call<GetDepositDataReply>(
      W,
      'GetDepositData',
      { walletAddress: alice.address },
      { token: alice.token },
    );
    expect(all.d.data!.DepositData).toEqual(deposited);
  });

  it("refuses another customer's validator or wallet, and names a bad public key", async () => {
    const alices = `0x${String(deposited[0]!.pubkey)}`;
    for (const body of [
      { walletAddress: bob.address, pubkey: alices },
      { walletAddress: alice.address, pubkey: alices },
      { walletAddress: alice.address },
    ]) {
      const r = await t.call(W, 'GetDepositData', body, { token: bob.token });
      expect(r.d).toMatchObject({ status: 'failed', message: StakingMessages.noWallet });
      expect(r.d.data).toBeUndefined();
    }
    const bad = await t.call(
      W,
      'GetDepositData',
      { walletAddress: alice.address, pubkey: '0x12' },
      { token: alice.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.d.validationErrors![0]!.field).toBe('pubkey');
  });

  it('gives a keystore only after a fresh confirmation; it decrypts to the validator key', async () => {
    const i = 1;
    const pubkey = `0x${String(deposited[i]!.pubkey)}`;
    const body = {
      walletAddress: alice.address,
      pubkey,
      KeystorePassword: KEYSTORE_PASSWORD,
      ConfirmKeystorePassword: KEYSTORE_PASSWORD,
    };
    t.clock.advance(6 * 60_000);
    const stale = await t.call<GetKeystoreReply>(W, 'GetKeystore', body, { token: alice.token });
    expect(stale.status).toBe(403);
    expect(stale.d.error).toBe(ApiErrorCode.reauthRequired);
    expect(stale.d.data).toBeUndefined();

    const confirmed = await t.call('auth', 'ConfirmIdentity', { Password: PASSWORD }, { token: alice.token });
    expect(confirmed.d.status).toBe('success');
    const r = await t.call<GetKeystoreReply>(W, 'GetKeystore', body, { token: alice.token });
    expect(r.d.status).toBe('success');
    const { FileName, Keystore: raw, Kdf } = r.d.data!;
    const ks = raw as unknown as Keystore;
    expect(FileName).toBe(
      `keystore-m_12381_3600_${i}_0_0-${Math.floor(t.clock.now().getTime() / 1000)}.json`,
    );
    expect(Kdf).toBe('pbkdf2');
    expect(ks).toMatchObject({
      version: 4,
      pubkey: pubkey.slice(2),
      path: `m/12381/3600/${i}/0/0`,
      crypto: { kdf: { function: 'pbkdf2', params: { c: 262144, prf: 'hmac-sha256', dklen: 32 } } },
    });
    const secret = await decryptKeystore(ks, KEYSTORE_PASSWORD);
    expect(`0x${toHex(secretKeyToPublicKey(secret))}`).toBe(pubkey);
    expect(independentDecrypt(ks, KEYSTORE_PASSWORD)).toBe(toHex(secret));
    await expect(decryptKeystore(ks, 'another password')).rejects.toThrow('invalid password');
    expect(JSON.stringify(r.d)).not.toContain(toHex(secret));
  });
}

function otherCustomerCases(): void {
  it("refuses another customer's validator even freshly signed in, and a short or unconfirmed password", async () => {
    const alices = `0x${String(deposited[0]!.pubkey)}`;
    const fresh = (await logIn(t, 'keys-bob@example.com', PASSWORD, '10.50.0.2')).access_token;
    const ask = (over: Row, token = fresh) =>
      t.call(
        W,
        'GetKeystore',
        {
          walletAddress: bob.address,
          pubkey: alices,
          KeystorePassword: KEYSTORE_PASSWORD,
          ConfirmKeystorePassword: KEYSTORE_PASSWORD,
          ...over,
        },
        { token },
      );
    for (const over of [{}, { walletAddress: alice.address }]) {
      const r = await ask(over);
      expect(r.d).toMatchObject({ status: 'failed', message: StakingMessages.noWallet });
      expect(r.d.data).toBeUndefined();
    }
    const short = await ask({ KeystorePassword: 'short', ConfirmKeystorePassword: 'short' });
    expect(short.d.validationErrors).toEqual([
      { field: 'KeystorePassword', message: keyExportMessages.passwordTooShort },
    ]);
    const differ = await ask({ ConfirmKeystorePassword: 'something else' });
    expect(differ.d.validationErrors).toEqual([
      { field: 'ConfirmKeystorePassword', message: keyExportMessages.passwordsDiffer },
    ]);
  });
}
