// Pure rules of the dashboard's transactions (spec 001 sections 4 and 9): the derived type, the
// status badge, the amount (exact decimals: 8 shown, 18 in full) and the explorer links.
import { networkLinks } from './networkLinks.ts';
import { addDecimals, formatDecimal, isPositive, isNegative } from './rewardsFormat.ts';

export type TxRow = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

/**
 * StakeAmt>0 'Deposit'; WithdrawAmt<0 'Withdrawal'; StakeRewardAmt>0 'Staking Reward';
 * MiningRewardAmt>0 'Fees Reward'; else 'MEV Reward'. The type says the direction: amounts are
 * shown as the customer reads them, without a sign (spec 001 names the withdrawal type 'Withdraw').
 */
export function txType(r: TxRow): string {
  if (isPositive(str(r.StakeAmt22))) return 'Deposit';
  if (isNegative(str(r.WithdrawAmt22))) return 'Withdrawal';
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

/**
 * The row's amount in ETH, 18 places, as the customer reads it: what was deposited, received by the
 * withdrawal address or earned. The history keeps withdrawals negative (WithdrawAmt22 < 0, money
 * leaving the beacon chain); a withdrawal row shows the amount received.
 */
export function txAmount(r: TxRow): string {
  const withdraw = str(r.WithdrawAmt22);
  const received = isNegative(withdraw) ? withdraw.trim().replace(/^-/, '') : withdraw;
  return addDecimals([
    str(r.StakeAmt22),
    received,
    ...[r.StakeRewardAmt22, r.MiningRewardAmt22, r.MEVRewardAmt22].map(str),
  ]);
}

export const txAmountShort = (r: TxRow) => formatDecimal(txAmount(r), 8);
export const txAmountFull = (r: TxRow) => formatDecimal(txAmount(r), 18);

/**
 * Explorer link of the network: the block explorer for a transaction hash, else the beacon chain's
 * slot or epoch (on chain 88, the dev beacon node's API at `beaconUrl`; null when none).
 */
export function txExplorerUrl(
  r: TxRow,
  chainId: number | string | null | undefined,
  beaconUrl?: string | null,
): string | null {
  const links = networkLinks(chainId, beaconUrl);
  const hash = r.TxHash22 ? String(r.TxHash22) : '';
  if (hash) return links.tx(hash);
  if (r.SlotNbr22 !== null && r.SlotNbr22 !== undefined && r.SlotNbr22 !== '')
    return links.slot(String(r.SlotNbr22));
  if (r.EpochNbr22 !== null && r.EpochNbr22 !== undefined && r.EpochNbr22 !== '')
    return links.epoch(String(r.EpochNbr22));
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
export function exportRows(
  rows: readonly TxRow[],
  chainId: number | string | null | undefined,
  beaconUrl?: string | null,
): string[][] {
  return rows.map((r) => [
    txStatusBadge(r).text,
    txType(r),
    txDate(r.TimeStamp22),
    txAmountShort(r),
    txAmountFull(r),
    'ETH',
    txExplorerUrl(r, chainId, beaconUrl) ?? '',
  ]);
}
