// For tests (devnet's and the server's): a real chain 88 in process with the beacon deposit
// contract deployed and a dev beacon node over it, plus a funded wallet that makes deposits.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../devnet.ts';
import { startDevBeacon, type DevBeacon } from './devBeacon.ts';

const contractsDir = fileURLToPath(new URL('../../../contracts', import.meta.url));

const DEPOSIT_ABI = parseAbi([
  'function deposit(bytes pubkey, bytes withdrawal_credentials, bytes signature, bytes32 deposit_data_root) payable',
]);

/**
 * Creation code of one payd contract (`sourcePath` under contracts/, e.g. 'src/deposits/DepositContract.sol'):
 * from Hardhat's artifacts when they are there, else compiled here with the npm solc-js 0.8.28 and the
 * settings of contracts/hardhat.config.ts, so tests need no `hardhat compile` run.
 */
export function contractBytecode(sourcePath: string, contractName: string): Hex {
  const artifact = join(contractsDir, 'artifacts', sourcePath, `${contractName}.json`);
  if (existsSync(artifact)) return (JSON.parse(readFileSync(artifact, 'utf8')) as { bytecode: Hex }).bytecode;
  const require = createRequire(import.meta.url);
  const solc = require(require.resolve('solc', { paths: [contractsDir] })) as {
    compile(input: string, opts: object): string;
  };
  const input = {
    language: 'Solidity',
    sources: { [sourcePath]: { content: readFileSync(join(contractsDir, sourcePath), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { [contractName]: ['evm.bytecode.object'] } },
    },
  };
  const findImports = (path: string) => {
    const file = join(contractsDir, path);
    return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return `0x${output.contracts[sourcePath]![contractName]!.evm.bytecode.object}`;
}

/** A deposit as `createDepositData` returns it (hex without 0x, amount in gwei). */
export interface DepositEntry {
  pubkey: string;
  withdrawal_credentials: string;
  amount: number | bigint;
  signature: string;
  deposit_data_root: string;
}

export interface BeaconTestbed {
  devnet: Devnet;
  beacon: DevBeacon;
  depositContract: Address;
  client: PublicClient;
  /** Sends `entry` to the deposit contract from the testbed's wallet; resolves with the tx hash. */
  deposit(entry: DepositEntry): Promise<Hex>;
  /** Moves the chain clock forward (what `POST /dev/time` does). */
  advance(seconds: number): Promise<void>;
  /** Starts a fresh dev beacon node over the same chain (what a restart of the node does). */
  restartBeacon(): Promise<DevBeacon>;
  /** Stops the chain and the node, then starts both again from the chain's journal (`npm start` again). */
  restartAll(): Promise<void>;
  close(): Promise<void>;
}

const hex0x = (s: string): Hex => (s.startsWith('0x') ? s : `0x${s}`) as Hex;

export async function startBeaconTestbed(): Promise<BeaconTestbed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payd-beacon-'));
  const devnet = await startDevnet({ dataDir, port: 0 });
  const account = privateKeyToAccount(`0x${'5e'.repeat(32)}`);
  const clientsFor = (url: string) => {
    const chain = defineChain({
      id: 88,
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
    return {
      client: createPublicClient({ chain, transport: http(url), pollingInterval: 50 }) as PublicClient,
      wallet: createWalletClient({ account, chain, transport: http(url) }),
    };
  };
  let { client, wallet } = clientsFor(devnet.url);
  await devnet.chain.fund(account.address, 10_000n * 10n ** 18n);
  const deployHash = await wallet.deployContract({
    abi: [] as Abi,
    bytecode: contractBytecode('src/deposits/DepositContract.sol', 'DepositContract'),
  });
  const depositContract = (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
  let devnetNow = devnet;
  let beacon = await startDevBeacon({
    rpcUrl: devnet.url,
    depositContract,
    port: 0,
    dataDir,
    withdrawalIntervalMs: 0,
  });
  return {
    get devnet() {
      return devnetNow;
    },
    get beacon() {
      return beacon;
    },
    depositContract,
    get client() {
      return client;
    },
    async deposit(entry) {
      const hash = await wallet.writeContract({
        address: depositContract,
        abi: DEPOSIT_ABI,
        functionName: 'deposit',
        args: [
          hex0x(entry.pubkey),
          hex0x(entry.withdrawal_credentials),
          hex0x(entry.signature),
          hex0x(entry.deposit_data_root),
        ],
        value: BigInt(entry.amount) * 10n ** 9n,
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`deposit ${hash} reverted`);
      return hash;
    },
    async advance(seconds) {
      await devnetNow.chain.advanceTime(seconds);
    },
    async restartBeacon() {
      await beacon.close();
      beacon = await startDevBeacon({
        rpcUrl: devnetNow.url,
        depositContract,
        port: 0,
        dataDir,
        withdrawalIntervalMs: 0,
      });
      return beacon;
    },
    async restartAll() {
      await beacon.close();
      await devnetNow.close();
      devnetNow = await startDevnet({ dataDir, port: 0 });
      ({ client, wallet } = clientsFor(devnetNow.url));
      beacon = await startDevBeacon({
        rpcUrl: devnetNow.url,
        depositContract,
        port: 0,
        dataDir,
        withdrawalIntervalMs: 0,
      });
    },
    async close() {
      await beacon.close();
      await devnetNow.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
