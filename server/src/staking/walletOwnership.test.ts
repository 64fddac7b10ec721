// A registered wallet address cannot be swapped for one its owner never proved: SaveData with
// another StakeWalletAddr2 is refused with one neutral field message (also for an address another
// customer registered, never a 500), by customers and staff alike, and the on-chain KycManager is
// only ever told about an address whose signed ownership proof was recorded at registration, even
// when the row's address was changed some other way. Runs against a real chain 88 (the devnet in
// process, @payd/protocol/testing's startKycChain) with KycManager deployed as the deploy script does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { connectReadOnly, getKycStatus } from '@payd/protocol';
import { startKycChain, type KycChain } from '@payd/protocol/testing';
import { walletRegistrationMessage } from '@payd/schemas';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { Role } from '../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry } from './kycRegistry.ts';
import { createStakingFeature } from './plugin.ts';
import { RegistrationMessages } from './registration.ts';

type Row = Record<string, unknown>;
type Wallet = ReturnType<typeof privateKeyToAccount>;
const S = 'StakeWalletAddress';
const fresh = () => privateKeyToAccount(generatePrivateKey());

let chain: KycChain;
let kycManager: Address;

beforeAll(async () => {
  chain = await startKycChain();
  kycManager = chain.deployment.addresses.kycManager;
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

/** KycManager.statusOf through @payd/protocol: 'None' or 'Approved' here. */
const statusOf = async (a: string) =>
  getKycStatus(
    await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment }),
    a as Address,
  );

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

const register = async (who: TestUser, wallet: Wallet) => {
  const signedAt = t.clock.now().toISOString();
  const address = wallet.address.toLowerCase();
  const message = walletRegistrationMessage({ address, usrId: who.usrId, signedAt });
  const options = { WalletSignedAt: signedAt, WalletSignature: await wallet.signMessage({ message }) };
  const r = await t.call<{ mst: Row }>(
    S,
    'SaveData',
    { mst: { StakeWalletAddr2: address }, options },
    who.as,
  );
  expect(r.d.status).toBe('success');
  return r.d.data!.mst;
};

const approveKyc = (who: TestUser) =>
  t.database.query(`INSERT INTO kyc_person (name, input_for, internal_status) VALUES ('K', $1, 'AP')`, [
    who.usrId,
  ]);

const storedAddress = async (key: unknown) =>
  (
    await t.database.query<{ a: string }>(
      `SELECT stake_wallet_addr AS a FROM stake_wallet_address WHERE stake_wallet_addr_id = $1`,
      [Number(key)],
    )
  )[0]!.a;

/** SaveData of an existing registration with `mst` changes, as `who`. */
const update = async (who: TestUser, key: unknown, mst: Row) => {
  const cur = await t.call<Row>(S, 'GetStakeWalletAddress2ById', { keyId: key }, who.as);
  expect(cur.status).toBe(200);
  return t.call<{ mst: Row }>(
    S,
    'SaveData',
    { mst: { StakeWalletAddrId2: key, RowVersion2: cur.d.data!.RowVersion2, ...mst } },
    who.as,
  );
};

describe.each(testDatabaseKinds)('wallet ownership on %s', { timeout: 60_000 }, (kind) => {
  beforeAll(async () => {
    const kyc = new OnChainKycRegistry({
      rpcUrl: chain.url,
      chainId: 88,
      kycManager,
      serverAdminKey: DEV_SERVER_ADMIN_KEY,
    });
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.lender);
    admin = await makeUser(t, 'admin@payd.test', Role.admin);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses another address through SaveData and sets nothing on chain for it', async () => {
    const walletA = fresh();
    const walletB = fresh();
    const victim = fresh().address.toLowerCase();
    const mine = await register(alice, walletA);
    const bobs = await register(bob, walletB);

    // Alice's own record, another (unregistered) address, no proof: refused by field.
    const swap = await update(alice, mine.StakeWalletAddrId2, { StakeWalletAddr2: victim });
    expect(swap.status).toBe(400);
    expect(swap.d.validationErrors).toEqual([
      { field: 'mst.StakeWalletAddr2', message: RegistrationMessages.addressFixed },
    ]);
    // An address another customer registered: the same answer, so it reveals nothing (no 500).
    const taken = await update(alice, mine.StakeWalletAddrId2, { StakeWalletAddr2: bobs.StakeWalletAddr2 });
    expect(taken.status).toBe(400);
    expect(taken.d.validationErrors).toEqual(swap.d.validationErrors);
    // Staff editing the record cannot swap it either.
    const byStaff = await update(admin, mine.StakeWalletAddrId2, { StakeWalletAddr2: victim });
    expect(byStaff.status).toBe(400);
    expect(byStaff.d.validationErrors).toEqual(swap.d.validationErrors);
    expect(await storedAddress(mine.StakeWalletAddrId2)).toBe(walletA.address.toLowerCase());

    // The same address (another spelling) with a description is an ordinary update.
    const same = await update(alice, mine.StakeWalletAddrId2, {
      StakeWalletAddr2: walletA.address,
      StakeWalletAddrDesc2: 'my ledger',
    });
    expect(same.d.status).toBe('success');
    expect(same.d.data!.mst).toMatchObject({
      StakeWalletAddr2: walletA.address.toLowerCase(),
      StakeWalletAddrDesc2: 'my ledger',
    });

    // Once KYC is approved, the proven address (and only it) is marked on chain.
    await approveKyc(alice);
    const status = await t.call<Row>(S, 'GetWalletStatus', { walletAddress: walletA.address }, alice.as);
    expect(status.d.data).toMatchObject({ StakeWalletStatusCd2: 'A', SwitchWallet: 'N' });
    expect(await statusOf(walletA.address)).toBe('Approved');
    expect(await statusOf(victim)).toBe('None');
  });

  it('marks nothing on chain for an address whose ownership was not proven, whatever changed it', async () => {
    const carol = await makeUser(t, 'carol@example.com', Role.borrower);
    const walletC = fresh();
    const other = fresh();
    const reg = await register(carol, walletC);
    const key = Number(reg.StakeWalletAddrId2);
    // The row's address changed by a road that skips SaveData (here plain SQL).
    const unproven = other.address.toLowerCase();
    await t.database.query(
      `UPDATE stake_wallet_address SET stake_wallet_addr = $1 WHERE stake_wallet_addr_id = $2`,
      [unproven, key],
    );
    await approveKyc(carol);
    const status = await t.call<Row>(S, 'GetWalletStatus', { walletAddress: unproven }, carol.as);
    expect(status.d.data).toMatchObject({ StakeWalletStatusCd2: 'A' });
    expect(await statusOf(unproven)).toBe('None');
    expect(await statusOf(walletC.address)).toBe('None');
    const marked = async () =>
      (
        await t.database.query<{ on: unknown }>(
          `SELECT kyc_marked_on AS on FROM stake_wallet_address WHERE stake_wallet_addr_id = $1`,
          [key],
        )
      )[0]!.on;
    expect(await marked()).toBeNull();

    // A signature by another wallet proves nothing; the registered wallet's own signature does,
    // and only then is it marked.
    const signedAt = t.clock.now().toISOString();
    const message = walletRegistrationMessage({ address: unproven, usrId: carol.usrId, signedAt });
    const wrong = { WalletSignedAt: signedAt, WalletSignature: await walletC.signMessage({ message }) };
    const cur = await t.call<Row>(S, 'GetStakeWalletAddress2ById', { keyId: key }, carol.as);
    const mst = { StakeWalletAddrId2: key, StakeWalletAddr2: unproven, RowVersion2: cur.d.data!.RowVersion2 };
    const refused = await t.call(S, 'SaveData', { mst, options: wrong }, carol.as);
    expect(refused.d.message).toBe(RegistrationMessages.proofRequired);
    expect(await statusOf(unproven)).toBe('None');
    const right = { WalletSignedAt: signedAt, WalletSignature: await other.signMessage({ message }) };
    const proven = await t.call(S, 'SaveData', { mst, options: right }, carol.as);
    expect(proven.d.status).toBe('success');
    expect(await statusOf(unproven)).toBe('Approved');
    expect(await marked()).not.toBeNull();
  });
});
