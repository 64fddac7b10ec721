// OnChainKycRegistry against a real chain 88 (the devnet in process) with KycManager deployed
// the way the deploy script does it on chain 88: server admin = Hardhat's account #1. It marks
// only an address whose owner's signed registration proof verifies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';
import { kycManagerAbi } from '@payd/contracts/abi';
import { startDevnet, type Devnet } from '../../../devnet/src/devnet.ts';
import { contractBytecode } from '../../../devnet/src/beacon/testing.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry } from './kycRegistry.ts';
import type { WalletOwnershipProof } from './walletProof.ts';

describe('OnChainKycRegistry on chain 88', { timeout: 60_000 }, () => {
  let devnet: Devnet;
  let dataDir: string;
  let kycManager: Address;
  const serverAdmin = privateKeyToAccount(DEV_SERVER_ADMIN_KEY);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'payd-kyc-'));
    devnet = await startDevnet({ dataDir, port: 0 });
    const deployer = privateKeyToAccount(`0x${'6d'.repeat(32)}`);
    await devnet.chain.fund(deployer.address, 10n ** 20n);
    await devnet.chain.fund(serverAdmin.address, 10n ** 20n);
    const chain = defineChain({
      id: 88,
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.url] } },
    });
    const wallet = createWalletClient({ account: deployer, chain, transport: http(devnet.url) });
    const client = createPublicClient({ chain, transport: http(devnet.url) });
    const hash = await wallet.deployContract({
      abi: kycManagerAbi,
      bytecode: contractBytecode('src/access/KycManager.sol', 'KycManager'),
      args: [serverAdmin.address, deployer.address],
    });
    kycManager = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
  }, 120_000);
  afterAll(async () => {
    await devnet?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const statusOf = async (a: Address) =>
    createPublicClient({ transport: http(devnet.url) }).readContract({
      address: kycManager,
      abi: kycManagerAbi,
      functionName: 'statusOf',
      args: [a],
    });

  const registry = (serverAdminKey: Hex) =>
    new OnChainKycRegistry({ rpcUrl: devnet.url, chainId: 88, kycManager, serverAdminKey });
  /** A registration proof for account 7 signed by `signer`, naming `address`. */
  const proof = async (signer: PrivateKeyAccount, address: Address): Promise<WalletOwnershipProof> => {
    const a = address.toLowerCase();
    const signedAt = new Date().toISOString();
    const message = walletRegistrationMessage({ address: a, usrId: 7, signedAt });
    return { address: a, usrId: 7, signedAt, signature: await signer.signMessage({ message }) };
  };

  it('marks a registered wallet Approved with the server admin key', async () => {
    const customer = privateKeyToAccount(generatePrivateKey());
    expect(await statusOf(customer.address)).toBe(0);
    await registry(DEV_SERVER_ADMIN_KEY).markApproved(await proof(customer, customer.address));
    expect(await statusOf(customer.address)).toBe(2);
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
    expect(await statusOf(other)).toBe(0);
  });

  it('fails with a key that is not an admin, leaving the status alone', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const stranger = `0x${'7a'.repeat(32)}` as Hex;
    await devnet.chain.fund(privateKeyToAccount(stranger).address, 10n ** 20n);
    await expect(registry(stranger).markApproved(await proof(owner, owner.address))).rejects.toThrow();
    expect(await statusOf(owner.address)).toBe(0);
  });
});
