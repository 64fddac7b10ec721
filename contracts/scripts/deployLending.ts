// Deploys and wires the lending core (pools, cache manager, borrower operations, sorted caches,
// rewards pool, PAYD, hint helper, multi-cache getter, settings) with any viem wallet client.
import {
  getContractAddress,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { artifact } from './artifacts';

export interface LendingParams {
  /** Server admin key (the payd server) and human admin (the multisig) of every admin-controlled contract. */
  serverAdmin: Address;
  humanAdmin: Address;
  /** Receives every fee until the admins set the fee wallets one by one. */
  treasury: Address;
  kycManager: Address;
  /** Zero address: no FTX discounts. */
  ftxStaking: Address;
  /** An IPriceFeed (PriceFeed, or TestPriceFeed on chain 88). */
  priceFeed: Address;
  /** Seconds after deployment before redemptions open. */
  bootstrapPeriod: bigint;
  /** Largest number of open caches. */
  maxCaches?: bigint;
}

export interface LendingAddresses {
  lendingSettings: Address;
  activePool: Address;
  defaultPool: Address;
  collSurplusPool: Address;
  gasPool: Address;
  sortedCaches: Address;
  cacheManager: Address;
  borrowerOperations: Address;
  rewardsPool: Address;
  paydToken: Address;
  hintHelpers: Address;
  multiCacheGetter: Address;
}

export interface Clients {
  walletClient: WalletClient;
  publicClient: PublicClient;
}

const ZERO = '0x0000000000000000000000000000000000000000';

/** Deploys contract `name` from its artifact and waits for it. */
export async function deployArtifact(
  { walletClient, publicClient }: Clients,
  name: string,
  args: readonly unknown[] = [],
): Promise<Address> {
  const a = artifact(name);
  const hash = await walletClient.deployContract({
    abi: a.abi,
    bytecode: a.bytecode,
    args,
    account: walletClient.account!,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`Deploying ${name} failed`);
  return receipt.contractAddress;
}

/** Sends a call to a deployed contract and waits for it to succeed. */
export async function send(
  { walletClient, publicClient }: Clients,
  name: string,
  address: Address,
  functionName: string,
  args: readonly unknown[] = [],
): Promise<Hex> {
  const hash = await walletClient.writeContract({
    address,
    abi: artifact(name).abi as Abi,
    functionName,
    args,
    account: walletClient.account!,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${name}.${functionName} failed`);
  return hash;
}

export async function deployLending(clients: Clients, p: LendingParams): Promise<LendingAddresses> {
  const admins = [p.serverAdmin, p.humanAdmin] as const;
  // CacheManager, BorrowerOperations and the pools take the addresses they use in their constructors
  // (immutables), so the addresses of the contracts deployed after them come from the deployer's
  // nonce: the k-th deployment below lands at getContractAddress(deployer, nonce + k), checked as
  // each one lands.
  const from = clients.walletClient.account!.address;
  const nonce = await clients.publicClient.getTransactionCount({ address: from, blockTag: 'pending' });
  const order = [
    'lendingSettings',
    'sortedCaches',
    'cacheManager',
    'borrowerOperations',
    'rewardsPool',
    'activePool',
    'defaultPool',
    'collSurplusPool',
    'gasPool',
    'paydToken',
  ] as const;
  const at = Object.fromEntries(
    order.map((key, k) => [key, getContractAddress({ from, nonce: BigInt(nonce + k) })]),
  ) as Record<(typeof order)[number], Address>;
  const d = async (key: (typeof order)[number], name: string, args: readonly unknown[] = []) => {
    const address = await deployArtifact(clients, name, args);
    if (address.toLowerCase() !== at[key].toLowerCase()) {
      throw new Error(
        `${name} landed at ${address}, expected ${at[key]} (another transaction from ${from}?)`,
      );
    }
    return address;
  };
  const wiring = {
    borrowerOperations: at.borrowerOperations,
    cacheManager: at.cacheManager,
    activePool: at.activePool,
    defaultPool: at.defaultPool,
    rewardsPool: at.rewardsPool,
    gasPool: at.gasPool,
    collSurplusPool: at.collSurplusPool,
    priceFeed: p.priceFeed,
    sortedCaches: at.sortedCaches,
    paydToken: at.paydToken,
    settings: at.lendingSettings,
  };
  const lendingSettings = await d('lendingSettings', 'LendingSettings', [
    ...admins,
    p.treasury,
    p.kycManager,
  ]);
  const sortedCaches = await d('sortedCaches', 'SortedCaches', [p.maxCaches ?? 2n ** 64n, at.cacheManager]);
  const cacheManager = await d('cacheManager', 'CacheManager', [...admins, p.bootstrapPeriod, wiring]);
  const borrowerOperations = await d('borrowerOperations', 'BorrowerOperations', [...admins, wiring]);
  const rewardsPool = await d('rewardsPool', 'RewardsPool', [
    ...admins,
    at.borrowerOperations,
    at.cacheManager,
    at.activePool,
    at.paydToken,
    at.sortedCaches,
    p.priceFeed,
    at.lendingSettings,
  ]);
  const activePool = await d('activePool', 'ActivePool', [
    at.borrowerOperations,
    at.cacheManager,
    at.rewardsPool,
    at.defaultPool,
  ]);
  const defaultPool = await d('defaultPool', 'DefaultPool', [at.cacheManager, at.activePool]);
  const collSurplusPool = await d('collSurplusPool', 'CollSurplusPool', [
    at.borrowerOperations,
    at.cacheManager,
    at.activePool,
  ]);
  const gasPool = await d('gasPool', 'GasPool');
  const paydToken = await d('paydToken', 'PAYDToken', [borrowerOperations, cacheManager, rewardsPool]);
  const hintHelpers = await deployArtifact(clients, 'HintHelpers', [sortedCaches, cacheManager]);
  const multiCacheGetter = await deployArtifact(clients, 'MultiCacheGetter', [cacheManager, sortedCaches]);

  const s = (name: string, address: Address, fn: string, args: readonly unknown[]) =>
    send(clients, name, address, fn, args);
  if (p.ftxStaking !== ZERO) await s('LendingSettings', lendingSettings, 'setFTXStaking', [p.ftxStaking]);

  return {
    lendingSettings,
    activePool,
    defaultPool,
    collSurplusPool,
    gasPool,
    sortedCaches,
    cacheManager,
    borrowerOperations,
    rewardsPool,
    paydToken,
    hintHelpers,
    multiCacheGetter,
  };
}
