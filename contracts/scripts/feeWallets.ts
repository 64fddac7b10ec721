// The fee and charity wallets of LendingSettings by their spec 000 names, and the distinct wallets
// chain 88 gets at deployment (issue 27): with every fee sent to the deployer, /system's rows showed
// the deployer's balance eight times instead of what each wallet received.
import { getAddress, keccak256, toHex, type Address } from 'viem';
import { send, type Clients } from './deployLending';

/** The wallets of LendingSettings.setFeeWallet, in the order of the store's fee wallet balances. */
export const FEE_WALLET_NAMES = [
  'openCacheFee',
  'topupCacheFee',
  'paydSwapFee',
  'fethSwapFee',
  'liquidationFee',
  'liquidationDeposit',
  'stakingFee',
  'miningFee',
  'charityWalletFETH',
  'charityWalletPAYD',
] as const;
export type FeeWalletName = (typeof FEE_WALLET_NAMES)[number];

/**
 * Chain 88's fee wallets: an address per name, fixed by the name (keccak256 of 'payd devnet <name>',
 * its last 20 bytes), with no key anyone holds and no ETH or PAYD before its first fee, so a
 * wallet's balance is what it received.
 */
export function devFeeWallets(): Record<FeeWalletName, Address> {
  return Object.fromEntries(
    FEE_WALLET_NAMES.map((name) => [
      name,
      getAddress(`0x${keccak256(toHex(`payd devnet ${name}`)).slice(-40)}`),
    ]),
  ) as Record<FeeWalletName, Address>;
}

/** Sets each wallet with LendingSettings.setFeeWallet, sent by `admin` (an admin of the settings). */
export async function setFeeWallets(
  admin: Clients,
  lendingSettings: Address,
  wallets: Record<FeeWalletName, Address>,
): Promise<void> {
  for (const name of FEE_WALLET_NAMES) {
    await send(admin, 'LendingSettings', lendingSettings, 'setFeeWallet', [name, wallets[name]]);
  }
}

/** Chain 88: sets devFeeWallets() with `admin` and returns them. */
export async function setDevFeeWallets(
  admin: Clients,
  lendingSettings: Address,
): Promise<Record<FeeWalletName, Address>> {
  const wallets = devFeeWallets();
  await setFeeWallets(admin, lendingSettings, wallets);
  return wallets;
}
