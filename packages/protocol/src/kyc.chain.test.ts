// KYC-manager reads and writes on a real chain 88 (the devnet in process, KycManager deployed as the
// deploy script does it: server admin = Hardhat's account #1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, defineChain, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { connectReadOnly, connectSigner, type SignerConnection } from './connection/connection.ts';
import { DEV_SERVER_ADMIN_KEY, startKycChain, type KycChain } from './testing/kycChain.ts';
import { getKycStatus, isKycApproved, setKycStatus, setKycStatuses } from './writes/kyc.ts';

let chain: KycChain;
const signerWith = async (key: `0x${string}`): Promise<SignerConnection> => {
  const walletClient = createWalletClient({
    account: privateKeyToAccount(key),
    chain: defineChain({
      id: 88,
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.url] } },
    }),
    transport: http(chain.url),
  });
  return connectSigner({ walletClient, publicClient: chain.publicClient, deployment: chain.deployment });
};
const someone = () => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  chain = await startKycChain();
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

describe('KYC manager', { timeout: 60_000 }, () => {
  it("reads 'None' for an address never seen, and it may not act", async () => {
    const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
    const a = someone();
    expect(await getKycStatus(reader, a)).toBe('None');
    expect(await isKycApproved(reader, a)).toBe(false);
  });

  it('the server admin approves one address, then suspends it', async () => {
    const admin = await signerWith(DEV_SERVER_ADMIN_KEY);
    const a = someone();
    await (await setKycStatus(admin, a, 'Approved')).waitForSuccess();
    expect(await getKycStatus(admin, a)).toBe('Approved');
    expect(await isKycApproved(admin, a)).toBe(true);
    await (await setKycStatus(admin, a, 'Suspended')).waitForSuccess();
    expect(await getKycStatus(admin, a)).toBe('Suspended');
    expect(await isKycApproved(admin, a)).toBe(false);
  });

  it('sets several statuses in one transaction', async () => {
    const admin = await signerWith(DEV_SERVER_ADMIN_KEY);
    const [a, b] = [someone(), someone()];
    const tx = await setKycStatuses(admin, [
      { account: a, status: 'Approved' },
      { account: b, status: 'Pending' },
    ]);
    await tx.waitForSuccess();
    expect(await getKycStatus(admin, a)).toBe('Approved');
    expect(await getKycStatus(admin, b)).toBe('Pending');
  });

  it('refuses a key that is not an admin, and a read-only connection, leaving the status alone', async () => {
    const strangerKey = generatePrivateKey();
    await chain.devnet.chain.fund(privateKeyToAccount(strangerKey).address, 10n ** 20n);
    const stranger = await signerWith(strangerKey);
    const a = someone();
    await expect(setKycStatus(stranger, a, 'Approved')).rejects.toThrow();
    const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
    expect(() => setKycStatus(reader, a, 'Approved')).toThrow('Must be connected through a Signer');
    expect(await getKycStatus(reader, a)).toBe('None');
  });
});
