// Test support for code that only needs the KYC manager (the server's KYC registry): a real chain
// 88 in process with just KycManager deployed the way the deploy script does it (server admin =
// Hardhat's account #1), much quicker to start than the whole protocol.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kycManagerAbi } from '@payd/contracts/abi';
import { startDevnet, type Devnet } from '@payd/devnet';
import { contractBytecode } from '@payd/devnet/testing';
import { createWalletClient, defineChain, http, type Address, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createProtocolClient } from '../connection/client.ts';
import type { ProtocolDeployment } from '../connection/deployment.ts';

/** Hardhat's deterministic account #1: the server admin of contracts/scripts/deploy.ts on chain 88. */
export const DEV_SERVER_ADMIN_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface KycChain {
  devnet: Devnet;
  /** JSON-RPC URL of the chain. */
  url: string;
  /** A deployment with only the KYC manager (what the KYC reads and writes use) and Multicall3. */
  deployment: ProtocolDeployment;
  publicClient: PublicClient;
  close(): Promise<void>;
}

export async function startKycChain(): Promise<KycChain> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payd-kyc-'));
  const devnet = await startDevnet({ dataDir, port: 0 });
  const deployer = privateKeyToAccount(`0x${'6d'.repeat(32)}`);
  const serverAdmin = privateKeyToAccount(DEV_SERVER_ADMIN_KEY);
  await devnet.chain.fund(deployer.address, 10n ** 20n);
  await devnet.chain.fund(serverAdmin.address, 10n ** 20n);
  const chain = defineChain({
    id: 88,
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.url] } },
  });
  const wallet = createWalletClient({ account: deployer, chain, transport: http(devnet.url) });
  const bare = { chainId: 88, addresses: {} } as unknown as ProtocolDeployment;
  const probe = createProtocolClient({ deployment: bare, rpcUrl: devnet.url });
  const hash = await wallet.deployContract({
    abi: kycManagerAbi,
    bytecode: contractBytecode('src/access/KycManager.sol', 'KycManager'),
    args: [serverAdmin.address, deployer.address],
  });
  const kycManager = (await probe.waitForTransactionReceipt({ hash })).contractAddress as Address;
  // Multicall3 too: the protocol's client batches its reads through it.
  const multicallHash = await wallet.deployContract({
    abi: [],
    bytecode: contractBytecode('src/multicall/Multicall3.sol', 'Multicall3'),
  });
  const multicall3 = (await probe.waitForTransactionReceipt({ hash: multicallHash }))
    .contractAddress as Address;
  const deployment = {
    chainId: 88,
    version: 'kyc-only',
    deploymentDate: Date.now(),
    bootstrapPeriod: 0,
    startBlock: 0,
    _priceFeedIsTestnet: true,
    addresses: { kycManager, multicall3 },
    wallets: { serverAdmin: serverAdmin.address, owner: deployer.address },
  } as unknown as ProtocolDeployment;
  return {
    devnet,
    url: devnet.url,
    deployment,
    publicClient: createProtocolClient({ deployment, rpcUrl: devnet.url }),
    async close() {
      await devnet.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
