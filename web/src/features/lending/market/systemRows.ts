// The figures of the /system page (spec 000 section 1), grouped, as label and text, computed from
// the protocol store state. Each fee wallet row is that wallet's balance: on chain 88 every wallet
// is its own address from deployment, so the balance is what it received.
import { Decimal, type StoreState } from '@payd/protocol';

export interface SystemRow {
  key: string;
  label: string;
  value: string;
  /** The figure `value` words in English, for the page to write in the reader's language. */
  figure?: { amount: Decimal; unit: string; digits: number } | { ratio: Decimal } | { count: number };
}
export interface SystemGroup {
  title: string;
  rows: SystemRow[];
}

/** The state fields the page reads. */
export type SystemInput = Pick<
  StoreState,
  | 'price'
  | 'total'
  | 'fees'
  | 'numberOfCaches'
  | 'paydInRewardsPool'
  | 'borrowingRate'
  | 'redemptionRate'
  | 'ftxInventoryBalance'
  | 'totalLifetimeLiquidations'
  | 'openCacheFeeBalance'
  | 'topupCacheFeeBalance'
  | 'paydSwapFeeBalance'
  | 'fethSwapFeeBalance'
  | 'liquidationFeeBalance'
  | 'liquidationDepositBalance'
  | 'stakingFeeBalance'
  | 'miningFeeBalance'
  | 'charityWalletFETH'
  | 'charityWalletPAYD'
  | 'blockNumber'
  | 'haveUndercollateralizedCaches'
>;

/** The haveUndercollateralizedCaches row (spec 000 section 4), in words. */
export function undercollateralizedText(have: boolean): string {
  return have ? 'Yes: the riskiest cache is under 115%' : 'No: every cache is at 115% or more';
}

const amount = (d: Decimal, unit: string, precision = 2) => ({
  value: `${d.prettify(precision)} ${unit}`,
  figure: { amount: d, unit, digits: precision },
});
const percent = (d: Decimal) => ({ value: d.isInfinite ? '∞' : d.toPercent(), figure: { ratio: d } });

export function systemGroups(s: SystemInput): SystemGroup[] {
  const ratio = s.total.collateralRatio(s.price);
  return [
    {
      title: 'System',
      rows: [
        { key: 'price', label: 'ETH price', ...amount(s.price, 'PAYD') },
        { key: 'collateral', label: 'Total collateral', ...amount(s.total.collateral, 'ETH', 4) },
        { key: 'debt', label: 'Total debt', ...amount(s.total.debt, 'PAYD') },
        {
          key: 'tcr',
          label: 'Total collateral ratio',
          ...percent(ratio),
        },
        {
          key: 'recovery',
          label: 'Recovery mode',
          value: s.fees.recoveryMode ? 'Yes: the total collateral ratio is under 155%' : 'No',
        },
        {
          key: 'caches',
          label: 'Caches',
          value: s.numberOfCaches.toLocaleString('en-US'),
          figure: { count: s.numberOfCaches },
        },
        {
          key: 'undercollateralized',
          label: 'Caches under 115%',
          value: undercollateralizedText(s.haveUndercollateralizedCaches),
        },
        { key: 'pool', label: 'PAYD in the rewards pool', ...amount(s.paydInRewardsPool, 'PAYD') },
        { key: 'ftxStaked', label: 'FTX staked', ...amount(s.ftxInventoryBalance, 'FTX') },
        {
          key: 'liquidations',
          label: 'Lifetime liquidations',
          ...amount(s.totalLifetimeLiquidations, 'ETH', 4),
        },
      ],
    },
    {
      title: 'Fee rates',
      rows: [
        { key: 'borrowingRate', label: 'Borrowing rate', ...percent(s.borrowingRate) },
        { key: 'redemptionRate', label: 'Redemption rate', ...percent(s.redemptionRate) },
        { key: 'baseRate', label: 'Base rate (decays every minute)', ...percent(s.fees.baseRate()) },
      ],
    },
    {
      title: 'Fee wallets and charity',
      rows: [
        { key: 'openCacheFee', label: 'Opening fees', ...amount(s.openCacheFeeBalance, 'PAYD') },
        {
          key: 'topupCacheFee',
          label: 'Extra borrowing fees',
          ...amount(s.topupCacheFeeBalance, 'PAYD'),
        },
        { key: 'paydSwapFee', label: 'Redemption fees', ...amount(s.paydSwapFeeBalance, 'ETH', 4) },
        { key: 'fethSwapFee', label: 'FETH swap fees', ...amount(s.fethSwapFeeBalance, 'ETH', 4) },
        {
          key: 'liquidationFee',
          label: 'Liquidation fees',
          ...amount(s.liquidationFeeBalance, 'ETH', 4),
        },
        {
          key: 'liquidationDeposit',
          label: 'Liquidation deposits',
          ...amount(s.liquidationDepositBalance, 'ETH', 4),
        },
        { key: 'stakingFee', label: 'Staking fees', ...amount(s.stakingFeeBalance, 'ETH', 4) },
        { key: 'miningFee', label: 'Mining fees', ...amount(s.miningFeeBalance, 'ETH', 4) },
        { key: 'charityFETH', label: 'Charity wallet (ETH)', ...amount(s.charityWalletFETH, 'ETH', 4) },
        { key: 'charityPAYD', label: 'Charity wallet (PAYD)', ...amount(s.charityWalletPAYD, 'PAYD') },
      ],
    },
  ];
}
