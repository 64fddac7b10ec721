// Pure rules of the dashboard's transactions (spec 001 sections 4 and 9): the derived type, the
// status badge, the amount (exact decimals: 8 shown, 18 in full) and the explorer links.
import { addDecimals, formatDecimal, isPositive, isNegative } from './rewardsFormat.ts';

export type TxRow = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

/** StakeAmt>0 'Deposit'; WithdrawAmt<0 'Withdraw'; StakeRewardAmt>0 'Staking Reward'; MiningRewardAmt>0 'Fees Reward'; else 'MEV Reward'. */
export function txType(r: TxRow): string {
  if (isPositive(str(r.StakeAmt22))) return 'Deposit';
  if (isNegative(str(r.WithdrawAmt22))) return 'Withdraw';
  if (isPositive(str(r.StakeRewardAmt22))) return 'Staking Reward';
  if (isPositive(str(r.MiningRewardAmt22))) return 'Fees Reward';
  return 'MEV Reward';
}

/** Successful green, Failed red, anything else grey (text 'N/A' when empty). */
export function txStatusBadge(r: TxRow): { color: 'green' | 'red' | 'gray'; text: string } {
  const text = String(r.TxStatusCd22Text ?? '').trim();
  if (text === 'Successful') return { color: 'green', text };
  if (text === 'Failed') return { color: 'red', text };
  return { color: 'gray', text: text || 'N/A' };
}

/** The row's amount in ETH, 18 places: the sum of its amount columns (one is set, or fees + MEV). */
export function txAmount(r: TxRow): string {
  return addDecimals(
    [r.StakeAmt22, r.WithdrawAmt22, r.StakeRewardAmt22, r.MiningRewardAmt22, r.MEVRewardAmt22].map(str),
  );
}

export const txAmountShort = (r: TxRow) => formatDecimal(txAmount(r), 8);
export const txAmountFull = (r: TxRow) => formatDecimal(txAmount(r), 18);

/** Explorer link: a block explorer for a transaction hash, else the beacon-chain explorer's slot or epoch; testnet on chain 5. */
export function txExplorerUrl(r: TxRow, chainId: number | string | null | undefined): string | null {
  const testnet = Number(chainId) === 5;
  const hash = r.TxHash22 ? String(r.TxHash22) : '';
  if (hash) return `${testnet ? 'https://goerli.etherscan.io' : 'https://etherscan.io'}/tx/${hash}`;
  const beacon = testnet ? 'https://prater.beaconcha.in' : 'https://beaconcha.in';
  if (r.SlotNbr22 !== null && r.SlotNbr22 !== undefined && r.SlotNbr22 !== '')
    return `${beacon}/slot/${String(r.SlotNbr22)}`;
  if (r.EpochNbr22 !== null && r.EpochNbr22 !== undefined && r.EpochNbr22 !== '')
    return `${beacon}/epoch/${String(r.EpochNbr22)}`;
  return null;
}

/** 'YYYY-MM-DD HH:mm' (UTC) of a timestamp, or '' when missing. */
export function txDate(v: unknown): string {
  if (!v) return '';
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** The export file name: 'LTD Transactions {yyyymmdd}.xlsx' (local date). */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `LTD Transactions ${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}.xlsx`;
}

export const EXPORT_SHEET = 'Transactions';
export const EXPORT_COLUMNS = [
  'Status',
  'Transaction',
  'Date',
  'Amount',
  'Full Amount',
  'Currency',
  'Explorer',
] as const;

/** The export's rows, in the order of EXPORT_COLUMNS. */
export function exportRows(rows: readonly TxRow[], chainId: number | string | null | undefined): string[][] {
  return rows.map((r) => [
    txStatusBadge(r).text,
    txType(r),
    txDate(r.TimeStamp22),
    txAmountShort(r),
    txAmountFull(r),
    'ETH',
    txExplorerUrl(r, chainId) ?? '',
  ]);
}
