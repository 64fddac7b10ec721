// Deploys the periphery of the protocol with any viem wallet client: KYC manager, FTX token and
// staking (with its discount tiers), the multi-signature wallet (the human admin), Multicall3, the
// beacon deposit contract (chain 88 only) and the multiple-deposit contract.
import type { Address } from 'viem';
import { deployArtifact, send, type Clients } from './deployLending';

/** A discount tier of FTXStaking: a stake in [start, end) FTX wei gets `percentage` % off fees. */
export interface DiscountTier {
  tier: bigint;
  start: bigint;
  end: bigint;
  percentage: bigint;
}

const FTX = 10n ** 18n;
const DAY = 86_400n;

/** The tiers a fresh deployment starts with; admins change them with FTXStaking.setDiscountTiers. */
export const DEFAULT_DISCOUNT_TIERS: readonly DiscountTier[] = [
  { tier: 1n, start: 1_000n * FTX, end: 10_000n * FTX, percentage: 10n },
  { tier: 2n, start: 10_000n * FTX, end: 100_000n * FTX, percentage: 25n },
  { tier: 3n, start: 100_000n * FTX, end: 2n ** 256n - 1n, percentage: 50n },
];
export const DEFAULT_STAKE_PERIOD = 30n * DAY;
export const DEFAULT_FTX_SUPPLY = 100_000_000n * FTX;
/** Multicall3's address on public chains (the same everywhere it is deployed). */
export const CANONICAL_MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** The chain where payd deploys its own beacon deposit contract. */
export const DEV_CHAIN_ID = 88;

export interface PeripheryParams {
  /** The payd server's key: sets KYC statuses. */
  serverAdmin: Address;
  /** Human admin of the KYC manager and FTX staking; defaults to the multi-signature wallet deployed here. */
  humanAdmin?: Address;
  /** Owners of the multi-signature wallet; defaults to the first 3 accounts the node manages (Hardhat's). */
  multisigOwners?: readonly Address[];
  /** Confirmations the wallet needs; default 2. */
  multisigRequired?: bigint;
  /** An existing Multicall3 to use instead of deploying one (e.g. the canonical one on public chains). */
  multicall3?: Address;
  /** The beacon deposit contract; required on every chain but 88, where one is deployed. */
  depositContract?: Address;
  /** Receives the whole FTX supply; defaults to the deployer. */
  ftxHolder?: Address;
  ftxSupply?: bigint;
  /** Seconds an FTX stake stays locked; default 30 days. */
  stakePeriod?: bigint;
  discountTiers?: readonly DiscountTier[];
  /** Overrides the chain id read from the node (tests). */
  chainId?: number;
}

export type PeripheryContext = Clients & PeripheryParams;

export interface PeripheryAddresses {
  kycManager: Address;
  ftxToken: Address;
  ftxStaking: Address;
  multiSigWallet: Address;
  multicall3: Address;
  depositContract: Address;
  multipleDeposit: Address;
  /** The admins every admin-controlled contract was given (humanAdmin is the multisig unless overridden). */
  serverAdmin: Address;
  humanAdmin: Address;
}

export async function deployPeriphery(ctx: PeripheryContext): Promise<PeripheryAddresses> {
  const chainId = ctx.chainId ?? (await ctx.publicClient.getChainId());
  if (chainId !== DEV_CHAIN_ID && !ctx.depositContract) {
    throw new Error(`The beacon deposit contract address is required on chain ${chainId}`);
  }
  const deployer = ctx.walletClient.account?.address;
  if (!deployer) throw new Error('The wallet client needs an account');

  let owners = ctx.multisigOwners;
  if (!owners) {
    owners = (await ctx.walletClient.getAddresses()).slice(0, 3);
    if (owners.length < 3) throw new Error('Give multisigOwners: the node does not manage 3 accounts');
  }

  const d = (name: string, args: readonly unknown[] = []) => deployArtifact(ctx, name, args);
  const multiSigWallet = await d('MultiSigWallet', [owners, ctx.multisigRequired ?? 2n]);
  const admins = [ctx.serverAdmin, ctx.humanAdmin ?? multiSigWallet] as const;
  const kycManager = await d('KycManager', admins);
  const ftxToken = await d('FTXToken', [ctx.ftxHolder ?? deployer, ctx.ftxSupply ?? DEFAULT_FTX_SUPPLY]);
  const ftxStaking = await d('FTXStaking', [
    ...admins,
    ftxToken,
    kycManager,
    ctx.stakePeriod ?? DEFAULT_STAKE_PERIOD,
  ]);
  // The deployer is the owner of FTXStaking, which the admin check accepts.
  await send(ctx, 'FTXStaking', ftxStaking, 'setDiscountTiers', [
    ctx.discountTiers ?? DEFAULT_DISCOUNT_TIERS,
  ]);
  const multicall3 = ctx.multicall3 ?? (await d('Multicall3'));
  const depositContract = ctx.depositContract ?? (await d('DepositContract'));
  const multipleDeposit = await d('MultipleDeposit', [depositContract]);

  return {
    kycManager,
    ftxToken,
    ftxStaking,
    multiSigWallet,
    multicall3,
    depositContract,
    multipleDeposit,
    serverAdmin: admins[0],
    humanAdmin: admins[1],
  };
}
