// Deploys the lending core and the liquid staking contracts (FETH, validator pool, chain 88's beacon
// deposit contract) once per test file with a test-only KYC manager, and restores that state before
// each test with evm_snapshot / evm_revert.
import hre from 'hardhat';
import { parseEther, type Address, type WalletClient } from 'viem';
import { deployArtifact, deployLending, type LendingAddresses } from '../../scripts/deployLending';
import { deployLiquid, type LiquidAddresses } from '../../scripts/deployLiquid';
import { validatorDeposits, type ValidatorDeposit } from '../../scripts/validatorDeposits';
import { DEC, GAS_COMP, MAX_FEE, ZERO, mined } from '../lending/fixture';

export const ETH32 = parseEther('32');
export const KYC = { None: 0, Pending: 1, Approved: 2, Suspended: 3, Closed: 4 } as const;
/** IValidatorPool.ValidatorStatus */
export const VS = { None: 0, Added: 1, Staked: 2, Exiting: 3, Exited: 4, Removed: 5 } as const;
/** FaultyFETHToken.Failure */
export const Failure = { None: 0, ErrorString: 1, Panic: 2, CustomError: 3, OutOfGas: 4 } as const;

export type TokenKind = 'FETHToken' | 'FaultyFETHToken';

async function deployAll(token: TokenKind) {
  const wallets = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const [deployer, serverAdmin, humanAdmin, treasury] = wallets;
  const clients = { walletClient: deployer, publicClient };
  const kyc = await hre.viem.deployContract('MockKycManager', []);
  const ftx = await hre.viem.deployContract('MockFTXStaking', []);
  const priceFeed = await deployArtifact(clients, 'TestPriceFeed', [2000n * DEC]);
  const lending = await deployLending(clients, {
    serverAdmin: serverAdmin.account.address,
    humanAdmin: humanAdmin.account.address,
    treasury: treasury.account.address,
    kycManager: kyc.address,
    ftxStaking: ftx.address,
    priceFeed,
    bootstrapPeriod: 0n,
  });
  const depositContract = await deployArtifact(clients, 'DepositContract');
  const liquid = await deployLiquid(clients, {
    serverAdmin: serverAdmin.account.address,
    humanAdmin: humanAdmin.account.address,
    lendingSettings: lending.lendingSettings,
    rewardsPool: lending.rewardsPool,
    depositContract,
    fethTokenArtifact: token,
  });
  for (const w of wallets) await kyc.write.setStatus([w.account.address, KYC.Approved]);
  return { lending, liquid, kyc: kyc.address, depositContract, priceFeed };
}

let snapshot: string | undefined;
let deployed: (Awaited<ReturnType<typeof deployAll>> & { token: TokenKind }) | undefined;

/** The deployed system in its freshly deployed state (deployed on first use, or when the token kind changes). */
export async function loadLiquid(token: TokenKind = 'FETHToken') {
  const provider = hre.network.provider;
  if (snapshot === undefined || deployed?.token !== token) {
    deployed = { ...(await deployAll(token)), token };
  } else {
    await provider.request({ method: 'evm_revert', params: [snapshot] });
  }
  snapshot = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;
  const wallets = await hre.viem.getWalletClients();
  const at = hre.viem.getContractAt;
  const a: LendingAddresses & LiquidAddresses = { ...deployed.lending, ...deployed.liquid };
  return {
    addrs: a,
    wallets,
    deployer: wallets[0],
    serverAdmin: wallets[1],
    humanAdmin: wallets[2],
    treasury: wallets[3].account.address,
    /** users: wallets 4.. */
    users: wallets.slice(4),
    pool: await at('ValidatorPool', a.validatorPool),
    feth: await at('FETHToken', a.fethToken),
    faulty: await at('FaultyFETHToken', a.fethToken),
    settings: await at('LendingSettings', a.lendingSettings),
    rewardsPool: await at('RewardsPool', a.rewardsPool),
    borrowerOperations: await at('BorrowerOperations', a.borrowerOperations),
    cacheManager: await at('CacheManager', a.cacheManager),
    sortedCaches: await at('SortedCaches', a.sortedCaches),
    hintHelpers: await at('HintHelpers', a.hintHelpers),
    payd: await at('PAYDToken', a.paydToken),
    kyc: await at('MockKycManager', deployed.kyc),
    depositContract: await at('DepositContract', deployed.depositContract),
  };
}

export type Liquid = Awaited<ReturnType<typeof loadLiquid>>;

/** Forget the deployment (each test file deploys afresh: other files may have reverted past it). */
export function resetLiquid(): void {
  snapshot = undefined;
  deployed = undefined;
}

/** Signed deposit data of validators start..start+count-1 for this pool. */
export function deposits(s: Liquid, start: number, count: number): ValidatorDeposit[] {
  return validatorDeposits(s.addrs.validatorPool, start, count);
}

/** The server admin registers `count` validators (indices from `start`). */
export async function addValidators(s: Liquid, start: number, count: number) {
  return mined(s.pool.write.addValidators([deposits(s, start, count)], { account: s.serverAdmin.account }));
}

export async function depositValidators(s: Liquid, user: WalletClient, count: number) {
  return mined(
    s.pool.write.depositMultipleValidators([BigInt(count)], {
      account: user.account!,
      value: ETH32 * BigInt(count),
    }),
  );
}

/** Adds `wei` to an address's balance without running code (as an EIP-4895 withdrawal does). */
export async function credit(address: Address, wei: bigint): Promise<void> {
  const publicClient = await hre.viem.getPublicClient();
  const balance = await publicClient.getBalance({ address });
  const testClient = await hre.viem.getTestClient();
  await testClient.setBalance({ address, value: balance + wei });
}

/** Opens a cache and puts `amount` PAYD (whole units) of it in the rewards pool. */
export async function provideToRewardsPool(s: Liquid, user: WalletClient, amount: bigint) {
  const borrow = amount * DEC + 2000n * DEC;
  const coll = parseEther('20');
  const fee = await s.cacheManager.read.getBorrowingFeeWithDecay([borrow]);
  const nicr = await s.hintHelpers.read.computeNominalCR([coll, borrow + fee + GAS_COMP]);
  const [upper, lower] = await s.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
  await mined(
    s.borrowerOperations.write.openCache([MAX_FEE, borrow, upper, lower], {
      account: user.account!,
      value: coll,
    }),
  );
  await mined(s.rewardsPool.write.provideToSP([amount * DEC, ZERO], { account: user.account! }));
}

/** The accounting identities of IValidatorPool, read in one block. */
export async function accounting(s: Liquid) {
  const publicClient = await hre.viem.getPublicClient();
  const blockNumber = await publicClient.getBlockNumber();
  const r = { blockNumber };
  const [
    supply,
    free,
    staked,
    inTransit,
    claimable,
    pending,
    unaccounted,
    balance,
    unfilled,
    queuedFETH,
    feesOwed,
  ] = await Promise.all([
    s.feth.read.totalSupply(r),
    s.pool.read.freeETH(r),
    s.pool.read.totalStakedETH(r),
    s.pool.read.deactivatedETHInProgress(r),
    s.pool.read.claimableETH(r),
    s.pool.read.pendingRewardsETH(r),
    s.pool.read.unaccountedETH(r),
    publicClient.getBalance({ address: s.addrs.validatorPool, blockNumber }),
    s.pool.read.unfilledFETHInQueue(r),
    s.feth.read.balanceOf([s.addrs.validatorPool], r),
    s.pool.read.feesOwedETH(r),
  ]);
  return {
    supply,
    free,
    staked,
    inTransit,
    claimable,
    pending,
    unaccounted,
    balance,
    unfilled,
    queuedFETH,
    feesOwed,
  };
}
