// OnChainKycRegistry against a real chain 88 (the devnet in process, @payd/protocol/testing) with
// KycManager deployed the way the deploy script does it: server admin = Hardhat's account #1. It marks
// only an address whose owner's signed registration proof verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';
import { connectReadOnly, getKycStatus } from '@payd/protocol';
import { startKycChain, type KycChain } from '@payd/protocol/testing';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry, kycDeployment } from './kycRegistry.ts';
import type { WalletOwnershipProof } from './walletProof.ts';

describe('OnChainKycRegistry on chain 88', { timeout: 60_000 }, () => {
  let chain: KycChain;
  let kycManager: Address;

  beforeAll(async () => {
    chain = await startKycChain();
    kycManager = chain.deployment.addresses.kycManager;
  }, 120_000);
  afterAll(async () => {
    await chain?.close();
  });

  const statusOf = async (a: Address) =>
    getKycStatus(
      await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment }),
      a,
    );

  const registry = (serverAdminKey: Hex) =>
    new OnChainKycRegistry({ rpcUrl: chain.url, chainId: 88, kycManager, serverAdminKey });
  /** A registration proof for account 7 signed by `signer`, naming `address`. */
  const proof = async (signer: PrivateKeyAccount, address: Address): Promise<WalletOwnershipProof> => {
    const a = address.toLowerCase();
    const signedAt = new Date().toISOString();
    const message = walletRegistrationMessage({ address: a, usrId: 7, signedAt });
    return { address: a, usrId: 7, signedAt, signature: await signer.signMessage({ message }) };
  };

  it('marks a registered wallet Approved with the server admin key', async () => {
    const customer = privateKeyToAccount(generatePrivateKey());
    expect(await statusOf(customer.address)).toBe('None');
    await registry(DEV_SERVER_ADMIN_KEY).markApproved(await proof(customer, customer.address));
    expect(await statusOf(customer.address)).toBe('Approved');
  });

  it('sends nothing for an address its owner did not sign for', async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = await proof(stranger, other);
    await expect(registry(DEV_SERVER_ADMIN_KEY).markApproved(forged)).rejects.toThrow(
      /no valid ownership proof/,
    );
    const unsigned = { ...forged, signature: `0x${'00'.repeat(65)}` };
    await expect(registry(DEV_SERVER_ADMIN_KEY).markApproved(unsigned)).rejects.toThrow(
      /no valid ownership proof/,
    );
    // A valid proof for another account or time does not fit this one either.
    const own = await proof(privateKeyToAccount(generatePrivateKey()), other);
    await expect(registry(DEV_SERVER_ADMIN_KEY).markApproved({ ...own, usrId: 8 })).rejects.toThrow();
    expect(await statusOf(other)).toBe('None');
  });

  it('fails with a key that is not an admin, leaving the status alone', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const stranger = `0x${'7a'.repeat(32)}` as Hex;
    await chain.devnet.chain.fund(privateKeyToAccount(stranger).address, 10n ** 20n);
    await expect(registry(stranger).markApproved(await proof(owner, owner.address))).rejects.toThrow();
    expect(await statusOf(owner.address)).toBe('None');
  });

  it('writes to the configured KycManager, in the chain deployment or alone', () => {
    const o = { rpcUrl: chain.url, chainId: 88, kycManager, serverAdminKey: DEV_SERVER_ADMIN_KEY };
    expect(kycDeployment(o)).toMatchObject({ chainId: 88, addresses: { kycManager } });
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const withFile = kycDeployment({
      ...o,
      deployment: { ...chain.deployment, addresses: { ...chain.deployment.addresses, kycManager: other } },
    });
    expect(withFile.addresses).toMatchObject({
      kycManager,
      multicall3: chain.deployment.addresses.multicall3,
    });
  });
});
