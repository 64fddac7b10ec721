// Deploys payd's contracts to a chain and writes contracts/deployments/<chainId>.json.
//
//   npx tsx contracts/scripts/deploy.ts --rpc http://127.0.0.1:8545            (chain 88, Hardhat accounts)
//   DEPLOYER_PRIVATE_KEY=0x.. npx tsx contracts/scripts/deploy.ts --rpc <url> --server-admin 0x.. \
//     --multisig-owners 0x..,0x..,0x.. [--multisig-required 2] [--human-admin 0x..] [--treasury 0x..]
//   npx hardhat run scripts/deploy.ts --network localhost                       (what `npm start` runs)
// Environment: RPC_URL, DEPLOYER_PRIVATE_KEY, DEPLOYMENT_FILE (output path override).
//
// Idempotent: when the deployment file exists and every contract in it has code on the chain, it is
// reused. On chain 88 the test price feed and payd's own beacon deposit contract are deployed; on
// chains 1 and 5 the real Chainlink ETH/USD aggregator and beacon deposit contract are used.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Account,
  type Address,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { contractsRoot, hasArtifact } from './artifacts';
import { deployArtifact, deployLending, type LendingAddresses } from './deployLending';
import { deployLiquid, type LiquidAddresses } from './deployLiquid';
import { setDevFeeWallets } from './feeWallets';
import { deployPeriphery, type PeripheryAddresses } from './deployPeriphery';

export const DEV_CHAIN_ID = 88;
const DAY = 86_400n;

/** Real contracts payd uses on public chains (parameters of deploy; overridable). */
export const KNOWN_CHAINS: Record<number, { priceAggregator: Address; depositContract: Address }> = {
  // Chainlink ETH/USD and the beacon deposit contract
  1: {
    priceAggregator: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
    depositContract: '0x00000000219ab540356cBB839Cbe05303d7705Fa',
  },
  5: {
    priceAggregator: '0xD4a33860578De61DBAbDc8BFdb98FD742fA7028e',
    depositContract: '0xff50ed3d0ec03aC01D4C79aAd74928BFF48a7b2b',
  },
};

export interface DeployOptions {
  rpcUrl: string;
  /** Talk to the node through this transport instead of HTTP to rpcUrl (tests pass Hardhat's in-process provider). */
  transport?: Transport;
  /** Expected chain id; the node's is used (and must match) when given. */
  chainId?: number;
  /** Default contracts/deployments/<chainId>.json. */
  outFile?: string;
  /** An address the node has unlocked, or a private key; default DEPLOYER_PRIVATE_KEY, else the node's first account. */
  deployer?: Address | Hex;
  /** Default: the node's second account on chain 88, else required. */
  serverAdmin?: Address;
  /** Default: the multi-signature wallet deployed here. */
  humanAdmin?: Address;
  /** Owners of the multi-signature wallet (the human admin); default the node's first 3 accounts. */
  multisigOwners?: readonly Address[];
  /** Confirmations the multi-signature wallet needs; default 2. */
  multisigRequired?: bigint;
  /**
   * Receives fees until the admins set the fee wallets; default the deployer. On chain 88 without a
   * treasury given, each fee and charity wallet is its own address at once (feeWallets.ts).
   */
  treasury?: Address;
  /** Chainlink ETH/USD aggregator (chains other than 88); default KNOWN_CHAINS. */
  priceAggregator?: Address;
  fallbackAggregator?: Address;
  /** Beacon deposit contract (chains other than 88); default KNOWN_CHAINS. */
  depositContract?: Address;
  /** Seconds before redemptions open; default 0 on chain 88, 14 days elsewhere. */
  bootstrapPeriod?: bigint;
  /** Chain 88 only: the test price feed's first price (USD, 18 decimals); default 2000. */
  initialPrice?: bigint;
  /** Deploy again even when the file matches the chain. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface Deployment {
  chainId: number;
  version: string;
  /** Unix time in milliseconds. */
  deploymentDate: number;
  /** Seconds after deploymentDate before redemptions open. */
  bootstrapPeriod: number;
  startBlock: number;
  _priceFeedIsTestnet: boolean;
  addresses: LendingAddresses &
    LiquidAddresses &
    Omit<PeripheryAddresses, 'serverAdmin' | 'humanAdmin'> & { priceFeed: Address; ftxPriceFeed?: Address };
  /** Accounts (not contracts): the admin pair, the owner, the treasury and (chain 88) the fee and charity wallets. */
  wallets: Record<string, Address>;
}

const ZERO: Address = '0x0000000000000000000000000000000000000000';

export async function deploy(options: DeployOptions): Promise<Deployment> {
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = options.transport ?? http(options.rpcUrl);
  const probe = createPublicClient({ transport: transport });
  const chainId = await probe.getChainId();
  if (options.chainId !== undefined && options.chainId !== chainId) {
    throw new Error(`The node at ${options.rpcUrl} is chain ${chainId}, not ${options.chainId}`);
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: transport }) as PublicClient;
  const outFile =
    options.outFile ??
    process.env.DEPLOYMENT_FILE ??
    path.join(contractsRoot, 'deployments', `${chainId}.json`);

  if (!options.force && (await isDeployed(publicClient, outFile))) {
    log(`contracts: reusing ${path.relative(process.cwd(), outFile)}`);
    return JSON.parse(readFileSync(outFile, 'utf8')) as Deployment;
  }
  if (!hasArtifact('CacheManager')) {
    log('contracts: compiling');
    execFileSync('npx', ['hardhat', 'compile', '--quiet'], { cwd: contractsRoot, stdio: 'inherit' });
  }

  const nodeAccounts: Address[] = await createWalletClient({ chain, transport: transport })
    .getAddresses()
    .catch(() => []);
  const deployerSpec =
    options.deployer ?? (process.env.DEPLOYER_PRIVATE_KEY as Hex | undefined) ?? nodeAccounts[0];
  if (!deployerSpec) throw new Error('No deployer: pass deployer or set DEPLOYER_PRIVATE_KEY');
  const account: Account | Address =
    deployerSpec.length === 66 ? privateKeyToAccount(deployerSpec as Hex) : (deployerSpec as Address);
  const walletClient = createWalletClient({ account, chain, transport: transport });
  const deployer = walletClient.account.address;
  const clients = { walletClient, publicClient };

  const isDev = chainId === DEV_CHAIN_ID;
  const serverAdmin = options.serverAdmin ?? (isDev ? nodeAccounts[1] : undefined);
  if (!serverAdmin) throw new Error(`serverAdmin is required on chain ${chainId}`);
  const known = KNOWN_CHAINS[chainId];
  const depositContract = options.depositContract ?? known?.depositContract;
  const priceAggregator = options.priceAggregator ?? known?.priceAggregator;
  if (!isDev && (!depositContract || !priceAggregator)) {
    throw new Error(`priceAggregator and depositContract are required on chain ${chainId}`);
  }

  const startBlock = Number(await publicClient.getBlockNumber()) + 1;
  log(`contracts: deploying to chain ${chainId} from ${deployer}`);
  const periphery = await deployPeriphery({
    ...clients,
    serverAdmin,
    humanAdmin: options.humanAdmin,
    multisigOwners: options.multisigOwners,
    multisigRequired: options.multisigRequired,
    depositContract: isDev ? undefined : depositContract,
    chainId,
  });
  const humanAdmin = periphery.humanAdmin;
  const priceFeed = isDev
    ? await deployArtifact(clients, 'TestPriceFeed', [options.initialPrice ?? 2000n * 10n ** 18n])
    : await deployArtifact(clients, 'PriceFeed', [
        serverAdmin,
        humanAdmin,
        priceAggregator,
        options.fallbackAggregator ?? ZERO,
      ]);
  // Credit top-ups by FTX (issue 12) read FTX/USD from a settable test feed on chain 88 (0.5 USD).
  const ftxPriceFeed = isDev ? await deployArtifact(clients, 'TestPriceFeed', [5n * 10n ** 17n]) : undefined;
  const bootstrapPeriod = options.bootstrapPeriod ?? (isDev ? 0n : 14n * DAY);
  const treasury = options.treasury ?? deployer;
  const lending = await deployLending(clients, {
    serverAdmin,
    humanAdmin,
    treasury,
    kycManager: periphery.kycManager,
    ftxStaking: periphery.ftxStaking,
    priceFeed,
    bootstrapPeriod,
  });
  // Chain 88: a wallet per fee, set by the server admin (a node account), so /system shows what each received.
  const admin = { ...clients, walletClient: createWalletClient({ account: serverAdmin, chain, transport }) };
  const feeWallets =
    isDev && !options.treasury ? await setDevFeeWallets(admin, lending.lendingSettings) : undefined;
  const liquid = await deployLiquid(clients, {
    serverAdmin,
    humanAdmin,
    lendingSettings: lending.lendingSettings,
    rewardsPool: lending.rewardsPool,
    depositContract: periphery.depositContract,
  });

  const { serverAdmin: _s, humanAdmin: _h, ...peripheryContracts } = periphery;
  const deployment: Deployment = {
    chainId,
    version: JSON.parse(readFileSync(path.join(contractsRoot, 'package.json'), 'utf8')).version,
    deploymentDate: Date.now(),
    bootstrapPeriod: Number(bootstrapPeriod),
    startBlock,
    _priceFeedIsTestnet: isDev,
    addresses: checksummed({
      ...lending,
      ...liquid,
      ...peripheryContracts,
      priceFeed,
      ...(ftxPriceFeed && { ftxPriceFeed }),
    }),
    wallets: checksummed({ owner: deployer, serverAdmin, humanAdmin, treasury, ...feeWallets }),
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(deployment, null, 2)}\n`);
  log(`contracts: wrote ${path.relative(process.cwd(), outFile)}`);
  return deployment;
}

function checksummed<T extends Record<string, Address>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, getAddress(v)])) as T;
}

/** Contracts a deployment file must name (a file from before the liquid staking contracts is redeployed). */
const REQUIRED_ADDRESSES = ['cacheManager', 'rewardsPool', 'validatorPool', 'fethToken'] as const;

/** True when `file` exists, names every required contract, and every contract address in it has code on the chain. */
export async function isDeployed(publicClient: PublicClient, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const d = JSON.parse(readFileSync(file, 'utf8')) as Partial<Deployment>;
  if (d.chainId !== (await publicClient.getChainId()) || !d.addresses) return false;
  if (REQUIRED_ADDRESSES.some((k) => !(k in d.addresses!))) return false;
  for (const address of Object.values(d.addresses)) {
    const code = await publicClient.getCode({ address });
    if (!code || code === '0x') return false;
  }
  return true;
}

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) out[a.slice(2)] = 'true';
      else out[a.slice(2)] = argv[++i];
    }
  }
  return out;
}

if (require.main === module) {
  const args = parseArgs(process.argv.slice(2));
  deploy({
    rpcUrl: args.rpc ?? process.env.RPC_URL ?? 'http://127.0.0.1:8545',
    chainId: args['chain-id'] ? Number(args['chain-id']) : undefined,
    outFile: args.out,
    deployer: args.deployer as Address | undefined,
    serverAdmin: args['server-admin'] as Address | undefined,
    humanAdmin: args['human-admin'] as Address | undefined,
    treasury: args.treasury as Address | undefined,
    multisigOwners: args['multisig-owners']?.split(',') as Address[] | undefined,
    multisigRequired: args['multisig-required'] ? BigInt(args['multisig-required']) : undefined,
    priceAggregator: args['price-aggregator'] as Address | undefined,
    fallbackAggregator: args['fallback-aggregator'] as Address | undefined,
    depositContract: args['deposit-contract'] as Address | undefined,
    bootstrapPeriod: args['bootstrap-period'] ? BigInt(args['bootstrap-period']) : undefined,
    force: args.force === 'true',
  }).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
