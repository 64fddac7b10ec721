// OnChainKycRegistry against a real chain 88 (the devnet in process) with KycManager deployed
// the way the deploy script does it on chain 88: server admin = Hardhat's account #1.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { kycManagerAbi } from '@payd/contracts/abi';
import { startDevnet, type Devnet } from '../../../devnet/src/devnet.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry } from './kycRegistry.ts';

const contractsDir = fileURLToPath(new URL('../../../contracts', import.meta.url));

/** KycManager's creation code, compiled with the npm solc as contracts/hardhat.config.ts does. */
function kycManagerBytecode(): Hex {
  const require = createRequire(import.meta.url);
  const solc = require(require.resolve('solc', { paths: [contractsDir] })) as {
    compile(input: string, opts: object): string;
  };
  const source = 'src/access/KycManager.sol';
  const input = {
    language: 'Solidity',
    sources: { [source]: { content: readFileSync(join(contractsDir, source), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { KycManager: ['evm.bytecode.object'] } },
    },
  };
  const findImports = (path: string) => {
    const file = join(contractsDir, path);
    return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` };
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = out.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return `0x${out.contracts[source]!.KycManager!.evm.bytecode.object}`;
}

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
      bytecode: kycManagerBytecode(),
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
