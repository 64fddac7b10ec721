// Deploys the lending core once per test file on the Hardhat chain (chain 88) with test-only KYC and
// discount contracts, and restores that state before each test with evm_snapshot / evm_revert.
import { expect } from 'chai';
import hre from 'hardhat';
import {
  decodeEventLog,
  parseEther,
  type Abi,
  type Address,
  type Hash,
  type Log,
  type WalletClient,
} from 'viem';
import { deployArtifact, deployLending, type LendingAddresses } from '../../scripts/deployLending';

export const DEC = 10n ** 18n;
export const MCR = 1_150_000_000_000_000_000n;
export const CCR = 1_550_000_000_000_000_000n;
export const GAS_COMP = 200n * DEC;
export const MIN_NET_DEBT = 2500n * DEC;
export const FEE_FLOOR = 5n * 10n ** 15n;
export const MAX_FEE = DEC; // 100%: accept any borrowing rate in tests that do not test the limit
export const ZERO: Address = '0x0000000000000000000000000000000000000000';
export const KYC = { None: 0, Pending: 1, Approved: 2, Suspended: 3, Closed: 4 } as const;

async function deployAll() {
  const wallets = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const [deployer, serverAdmin, humanAdmin, treasury, charity] = wallets;
  const clients = { walletClient: deployer, publicClient };
  const kyc = await hre.viem.deployContract('MockKycManager', []);
  const ftx = await hre.viem.deployContract('MockFTXStaking', []);
  const priceFeedAddress = await deployArtifact(clients, 'TestPriceFeed', [2000n * DEC]);
  const addrs = await deployLending(clients, {
    serverAdmin: serverAdmin.account.address,
    humanAdmin: humanAdmin.account.address,
    treasury: treasury.account.address,
    kycManager: kyc.address,
    ftxStaking: ftx.address,
    priceFeed: priceFeedAddress,
    bootstrapPeriod: 0n,
  });
  for (const w of wallets) await kyc.write.setStatus([w.account.address, KYC.Approved]);
  return { addrs, kycAddress: kyc.address, ftxAddress: ftx.address, priceFeedAddress, charity };
}

async function contractsAt(addrs: LendingAddresses, kyc: Address, ftx: Address, priceFeed: Address) {
  const at = hre.viem.getContractAt;
  return {
    settings: await at('LendingSettings', addrs.lendingSettings),
    activePool: await at('ActivePool', addrs.activePool),
    defaultPool: await at('DefaultPool', addrs.defaultPool),
    collSurplusPool: await at('CollSurplusPool', addrs.collSurplusPool),
    sortedCaches: await at('SortedCaches', addrs.sortedCaches),
    cacheManager: await at('CacheManager', addrs.cacheManager),
    borrowerOperations: await at('BorrowerOperations', addrs.borrowerOperations),
    rewardsPool: await at('RewardsPool', addrs.rewardsPool),
    payd: await at('PAYDToken', addrs.paydToken),
    hintHelpers: await at('HintHelpers', addrs.hintHelpers),
    multiCacheGetter: await at('MultiCacheGetter', addrs.multiCacheGetter),
    kyc: await at('MockKycManager', kyc),
    ftx: await at('MockFTXStaking', ftx),
    priceFeed: await at('TestPriceFeed', priceFeed),
  };
}

export type System = Awaited<ReturnType<typeof contractsAt>> & {
  addrs: LendingAddresses;
  wallets: WalletClient[];
  treasury: Address;
};

let snapshot: string | undefined;
let deployed: {
  addrs: LendingAddresses;
  kycAddress: Address;
  ftxAddress: Address;
  priceFeedAddress: Address;
};

/** The deployed system in its freshly deployed state. */
export async function loadSystem(): Promise<System> {
  const provider = hre.network.provider;
  if (snapshot === undefined) {
    deployed = await deployAll();
  } else {
    await provider.request({ method: 'evm_revert', params: [snapshot] });
  }
  snapshot = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;
  const wallets = await hre.viem.getWalletClients();
  const c = await contractsAt(
    deployed.addrs,
    deployed.kycAddress,
    deployed.ftxAddress,
    deployed.priceFeedAddress,
  );
  return { ...c, addrs: deployed.addrs, wallets, treasury: wallets[3].account.address };
}

/** Forget the snapshot (each test file deploys afresh: other files may have reverted past it). */
export function resetSystem(): void {
  snapshot = undefined;
}

export async function mined(hash: Promise<Hash> | Hash) {
  const publicClient = await hre.viem.getPublicClient();
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).to.equal('success');
  return receipt;
}

export async function expectRevert(promise: Promise<unknown>, reason: string): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `expected a revert with ${reason}`).to.be.instanceOf(Error);
  if (!(error as Error).message.includes(reason))
    console.log(String((error as Error).message).slice(0, 3000));
  expect((error as Error).message).to.include(reason);
}

export function eventsNamed(abi: Abi, logs: readonly Log[], eventName: string) {
  const out: Record<string, unknown>[] = [];
  for (const log of logs) {
    try {
      const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
      if (decoded.eventName === eventName) out.push(decoded.args as unknown as Record<string, unknown>);
    } catch {
      // another contract's or event's log
    }
  }
  return out;
}

export async function increaseTime(seconds: number): Promise<void> {
  const testClient = await hre.viem.getTestClient();
  await testClient.increaseTime({ seconds });
  await testClient.mine({ blocks: 1 });
}

/** Mines the next block at exactly `timestamp` (with `tx` in it when given) and returns its number. */
export async function mineAt(timestamp: bigint, tx?: () => Promise<Hash>): Promise<bigint> {
  const testClient = await hre.viem.getTestClient();
  await testClient.setNextBlockTimestamp({ timestamp });
  if (tx) return (await mined(tx())).blockNumber;
  await testClient.mine({ blocks: 1 });
  return (await hre.viem.getPublicClient()).getBlockNumber();
}

export async function ethBalance(address: Address): Promise<bigint> {
  const publicClient = await hre.viem.getPublicClient();
  return publicClient.getBalance({ address });
}

/** Gas cost of a receipt in wei. */
export function gasCost(receipt: { gasUsed: bigint; effectiveGasPrice: bigint }): bigint {
  return receipt.gasUsed * receipt.effectiveGasPrice;
}

/** Opens a cache for `wallet` with `collEth` ETH and `borrow` PAYD (whole units), with exact hints. */
export async function openCache(sys: System, wallet: WalletClient, collEth: string, borrow: bigint) {
  const amount = borrow * DEC;
  const fee = sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
  const debt = amount + (await fee) + GAS_COMP;
  const nicr = await sys.hintHelpers.read.computeNominalCR([parseEther(collEth), debt]);
  const [upper, lower] = await sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
  return mined(
    sys.borrowerOperations.write.openCache([MAX_FEE, amount, upper, lower], {
      account: wallet.account!,
      value: parseEther(collEth),
    }),
  );
}

export async function setPrice(sys: System, priceUsd: bigint): Promise<void> {
  await mined(sys.priceFeed.write.setPrice([priceUsd * DEC]));
}

export async function entire(sys: System, who: Address) {
  const [debt, coll] = await sys.cacheManager.read.getEntireDebtAndColl([who]);
  return { debt, coll };
}
