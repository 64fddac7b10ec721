// Test support: a real chain 88 (the devnet's in-process Hardhat node behind its JSON-RPC server on a
// free port) with every payd contract deployed, and KYC-approved test accounts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '@payd/devnet';
import {
  createWalletClient,
  defineChain,
  http,
  type Address,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { createProtocolClient } from '../connection/client.ts';
import { connectSigner } from '../connection/connection.ts';
import type { ProtocolDeployment } from '../connection/deployment.ts';
import { setKycStatuses } from '../writes/kyc.ts';

type Deploy = (options: { rpcUrl: string; outFile: string; log: (line: string) => void }) => Promise<unknown>;
// Loaded by name so that this package's type check does not take in the contracts' scripts, which
// are checked under the contracts' own (CommonJS) settings.
const DEPLOY_MODULE: string = '@payd/contracts/deploy';

export interface LocalChain {
  devnet: Devnet;
  deployment: ProtocolDeployment;
  publicClient: PublicClient;
  /** The node's unlocked accounts: 0 deploys and holds all FTX, 1 is the server admin. */
  accounts: Address[];
  wallet(index: number): WalletClient;
  close(): Promise<void>;
}

export async function startLocalChain(): Promise<LocalChain> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payd-protocol-'));
  const devnet = await startDevnet({ dataDir, port: 0 });
  const { deploy } = (await import(DEPLOY_MODULE)) as { deploy: Deploy };
  const deployment = (await deploy({
    rpcUrl: devnet.url,
    outFile: join(dataDir, '88.json'),
    log: () => undefined,
  })) as unknown as ProtocolDeployment;
  const publicClient = createProtocolClient({ deployment, rpcUrl: devnet.url });
  const chain = defineChain({
    id: 88,
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.url] } },
  });
  const accounts = (await publicClient.request({ method: 'eth_accounts' } as never)) as Address[];
  const wallet = (index: number) =>
    createWalletClient({ account: accounts[index] as Address, chain, transport: http(devnet.url) });
  const admin = await connectSigner({ walletClient: wallet(1), publicClient, deployment });
  const approve = await setKycStatuses(
    admin,
    accounts.map((account) => ({ account, status: 'Approved' as const })),
  );
  await approve.waitForSuccess();
  return {
    devnet,
    deployment,
    publicClient,
    accounts,
    wallet,
    async close() {
      await devnet.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
