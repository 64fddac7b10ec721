// Deploys and wires the lending core (pools, cache manager, borrower operations, sorted caches,
// rewards pool, PAYD, hint helper, multi-cache getter, settings) with any viem wallet client.
import type { Abi, Address, Hex, PublicClient, WalletClient } from 'viem';
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
  const d = (name: string, args: readonly unknown[] = []) => deployArtifact(clients, name, args);
  const lendingSettings = await d('LendingSettings', [...admins, p.treasury, p.kycManager]);
  const sortedCaches = await d('SortedCaches');
  const cacheManager = await d('CacheManager', [...admins, p.bootstrapPeriod]);
  const borrowerOperations = await d('BorrowerOperations', admins);
  const rewardsPool = await d('RewardsPool', admins);
  const activePool = await d('ActivePool');
  const defaultPool = await d('DefaultPool');
  const collSurplusPool = await d('CollSurplusPool');
  const gasPool = await d('GasPool');
  const paydToken = await d('PAYDToken', [borrowerOperations, cacheManager, rewardsPool]);
  const hintHelpers = await d('HintHelpers', [sortedCaches, cacheManager]);
  const multiCacheGetter = await d('MultiCacheGetter', [cacheManager, sortedCaches]);

  const s = (name: string, address: Address, fn: string, args: readonly unknown[]) =>
    send(clients, name, address, fn, args);
  await s('SortedCaches', sortedCaches, 'setParams', [
    p.maxCaches ?? 2n ** 64n,
    cacheManager,
    borrowerOperations,
  ]);
  const common = {
    activePool,
    defaultPool,
    rewardsPool,
    gasPool,
    collSurplusPool,
    priceFeed: p.priceFeed,
    paydToken,
    sortedCaches,
    settings: lendingSettings,
  };
  await s('CacheManager', cacheManager, 'setAddresses', [{ borrowerOperations, ...common }]);
  await s('BorrowerOperations', borrowerOperations, 'setAddresses', [{ cacheManager, ...common }]);
  await s('RewardsPool', rewardsPool, 'setAddresses', [
    borrowerOperations,
    cacheManager,
    activePool,
    paydToken,
    sortedCaches,
    p.priceFeed,
    lendingSettings,
  ]);
  await s('ActivePool', activePool, 'setAddresses', [
    borrowerOperations,
    cacheManager,
    rewardsPool,
    defaultPool,
  ]);
  await s('DefaultPool', defaultPool, 'setAddresses', [cacheManager, activePool]);
  await s('CollSurplusPool', collSurplusPool, 'setAddresses', [borrowerOperations, cacheManager, activePool]);
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
