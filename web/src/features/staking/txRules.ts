// Pure rules of the dashboard's transactions (spec 001 sections 4 and 9): the derived type, the
// status badge, the amount (exact decimals: 8 shown, 18 in full) and the explorer links.
import { networkLinks } from './networkLinks.ts';
import { addDecimals, formatDecimal, isPositive, isNegative } from '../../ui/decimal.ts';

export type TxRow = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

/**
 * StakeAmt>0 'Deposit'; WithdrawAmt<0 'Withdraw'; StakeRewardAmt>0 'Staking Reward';
 * MiningRewardAmt>0 'Fees Reward'; else 'MEV Reward'. The type says the direction: amounts are
 * shown as the customer reads them, without a sign.
 */
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

/** Whether the row is a day of one validator's rewards (GetDailyHistory's daily view). */
export const isDailyGroup = (r: TxRow): boolean => r.Day !== null && r.Day !== undefined && r.Day !== '';

/** The validator a row belongs to: 'Validator 12' by its index, else its shortened public key. */
export function txValidator(r: TxRow): string {
  const index = r.ValidatorIndex;
  if (index !== null && index !== undefined && index !== '') return `Validator ${String(index)}`;
  const key = String(r.PubKey ?? '');
  return key.length > 17 ? `${key.slice(0, 10)}…${key.slice(-6)}` : key;
}

/** When: the UTC day of a daily reward row ('2026-11-20 UTC'), else the row's time. */
export function txWhen(r: TxRow): string {
  return isDailyGroup(r) ? `${String(r.Day)} UTC` : txDate(r.TimeStamp22);
}

/** What a daily row stands for: '3 entries, epochs 200–202' (null for a single row). */
export function txGroupNote(r: TxRow): string | null {
  if (!isDailyGroup(r)) return null;
  const n = Number(r.Entries ?? 0);
  const first = r.FirstEpoch === null || r.FirstEpoch === undefined ? '' : String(r.FirstEpoch);
  const last = r.LastEpoch === null || r.LastEpoch === undefined ? '' : String(r.LastEpoch);
  const epochs = first && last ? (first === last ? `, epoch ${first}` : `, epochs ${first}–${last}`) : '';
  return `${n} ${n === 1 ? 'entry' : 'entries'}${epochs}`;
}

/** 'YYYY-MM-DD HH:mm' (UTC) of a timestamp, or '' when missing. */
export function txDate(v: unknown): string {
  if (!v) return '';
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** The export file name: 'LTD Transactions {yyyymmdd}.xlsx' (local date; `title` translated). */
export function exportFileName(now: Date, title = 'LTD Transactions'): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${title} ${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}.xlsx`;
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
  'Validator',
] as const;

/** The export's words in the reader's language: its sheet, file title, header and row texts. */
export interface TxExportWords {
  sheetName: string;
  fileTitle: string;
  header: readonly string[];
  status: (r: TxRow) => string;
  type: (r: TxRow) => string;
  validator: (r: TxRow) => string;
}

/** The spec's English words of the export. */
export const ENGLISH_EXPORT_WORDS: TxExportWords = {
  sheetName: EXPORT_SHEET,
  fileTitle: 'LTD Transactions',
  header: EXPORT_COLUMNS,
  status: (r) => txStatusBadge(r).text,
  type: txType,
  validator: txValidator,
};

/** The export's rows, in the order of EXPORT_COLUMNS (the spec's, then the validator). */
export function exportRows(
  rows: readonly TxRow[],
  chainId: number | string | null | undefined,
  beaconUrl?: string | null,
  words: TxExportWords = ENGLISH_EXPORT_WORDS,
): string[][] {
  return rows.map((r) => [
    words.status(r),
    words.type(r),
    txWhen(r),
    txAmountShort(r),
    txAmountFull(r),
    'ETH',
    isDailyGroup(r) ? '' : (txExplorerUrl(r, chainId, beaconUrl) ?? ''),
    words.validator(r),
  ]);
}
