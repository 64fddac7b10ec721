// OnChainKycRegistry against a real chain 88 (the devnet in process) with KycManager deployed
// the way the deploy script does it on chain 88: server admin = Hardhat's account #1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { kycManagerAbi } from '@payd/contracts/abi';
import { startDevnet, type Devnet } from '../../../devnet/src/devnet.ts';
import { contractBytecode } from '../../../devnet/src/beacon/testing.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry } from './kycRegistry.ts';

describe('OnChainKycRegistry on chain 88', { timeout: 60_000 }, () => {
  let devnet: Devnet;
  let dataDir: string;
  let kycManager: Address;
  const serverAdmin = privateKeyToAccount(DEV_SERVER_ADMIN_KEY);
  const customer: Address = '0x00000000000000000000000000000000000c0ffe';

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

  it('marks a registered wallet Approved with the server admin key', async () => {
    expect(await statusOf(customer)).toBe(0);
    await new OnChainKycRegistry({
      rpcUrl: devnet.url,
      chainId: 88,
      kycManager,
      serverAdminKey: DEV_SERVER_ADMIN_KEY,
    }).markApproved(customer);
    expect(await statusOf(customer)).toBe(2);
  });

  it('fails with a key that is not an admin, leaving the status alone', async () => {
    const other: Address = '0x00000000000000000000000000000000000c0ff0';
    const stranger = `0x${'7a'.repeat(32)}` as Hex;
    await devnet.chain.fund(privateKeyToAccount(stranger).address, 10n ** 20n);
    const registry = new OnChainKycRegistry({
      rpcUrl: devnet.url,
      chainId: 88,
      kycManager,
      serverAdminKey: stranger,
    });
    await expect(registry.markApproved(other)).rejects.toThrow();
    expect(await statusOf(other)).toBe(0);
  });
});
