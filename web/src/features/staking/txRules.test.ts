import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  EXPORT_SHEET,
  exportFileName,
  exportRows,
  txAmountFull,
  txAmountShort,
  txExplorerUrl,
  txStatusBadge,
  txGroupNote,
  txType,
  txValidator,
  txWhen,
} from './txRules.ts';
import { formatDecimal } from '../../ui/decimal.ts';
import { formatPct, rewardView } from './rewardsFormat.ts';

const Z = '0.000000000000000000';
const row = (over: Record<string, unknown>) => ({
  StakeAmt22: Z,
  WithdrawAmt22: Z,
  StakeRewardAmt22: Z,
  MiningRewardAmt22: Z,
  MEVRewardAmt22: Z,
  TxStatusCd22Text: 'Successful',
  TimeStamp22: '2026-11-20T08:30:00.000Z',
  ...over,
});

describe('transaction type, in the spec order', () => {
  it('derives Deposit, Withdrawal, Staking Reward, Fees Reward, else MEV Reward', () => {
    expect(txType(row({ StakeAmt22: '32.000000000000000000' }))).toBe('Deposit');
    expect(txType(row({ WithdrawAmt22: '-0.010000000000000000' }))).toBe('Withdraw');
    expect(txType(row({ StakeRewardAmt22: '0.000001458000000000' }))).toBe('Staking Reward');
    expect(txType(row({ MiningRewardAmt22: '0.00009', MEVRewardAmt22: '0.00013' }))).toBe('Fees Reward');
    expect(txType(row({ MEVRewardAmt22: '0.00013' }))).toBe('MEV Reward');
    expect(txType(row({}))).toBe('MEV Reward');
    expect(txType(row({ StakeRewardAmt22: '-0.000000001000000000' }))).toBe('MEV Reward');
  });
});

describe('status badge', () => {
  it('is green for Successful, red for Failed, grey otherwise with N/A when empty', () => {
    expect(txStatusBadge(row({}))).toEqual({ color: 'green', text: 'Successful' });
    expect(txStatusBadge(row({ TxStatusCd22Text: 'Failed' }))).toEqual({ color: 'red', text: 'Failed' });
    expect(txStatusBadge(row({ TxStatusCd22Text: 'Pending' }))).toEqual({ color: 'gray', text: 'Pending' });
    expect(txStatusBadge(row({ TxStatusCd22Text: null }))).toEqual({ color: 'gray', text: 'N/A' });
  });
});

describe('amounts', () => {
  it('shows 8 decimals (cut) and 18 in full, exactly', () => {
    const r = row({ MiningRewardAmt22: '0.000090000000000001', MEVRewardAmt22: '0.000130000000000009' });
    expect(txAmountShort(r)).toBe('0.00022000');
    expect(txAmountFull(r)).toBe('0.000220000000000010');
    expect(formatDecimal('1234567.5', 2)).toBe('1,234,567.50');
    expect(formatDecimal('-0.000000001', 8)).toBe('0.00000000');
    expect(formatPct('3.141592653589793238')).toBe('3.1415%');
  });
  it('shows a withdrawal as the amount the withdrawal address received, without a sign', () => {
    const w = row({ WithdrawAmt22: '-0.002624400000000000' });
    expect(`${txType(w)} ${txAmountShort(w)} ETH`).toBe('Withdraw 0.00262440 ETH');
    expect(txAmountShort(row({ WithdrawAmt22: '-32.123456789123456789' }))).toBe('32.12345678');
    expect(txAmountFull(row({ WithdrawAmt22: '-32.123456789123456789' }))).toBe('32.123456789123456789');
  });
});

describe('explorer links', () => {
  it('links a transaction hash to the block explorer and rewards to the beacon explorer; chain 5 is the testnet', () => {
    expect(txExplorerUrl(row({ TxHash22: '0xabc' }), 1)).toBe('https://etherscan.io/tx/0xabc');
    expect(txExplorerUrl(row({ TxHash22: '0xabc' }), 5)).toBe('https://goerli.etherscan.io/tx/0xabc');
    expect(txExplorerUrl(row({ TxHash22: '0xabc' }), 560048)).toBe('https://hoodi.etherscan.io/tx/0xabc');
    expect(txExplorerUrl(row({ SlotNbr22: 7 }), 17000)).toBe('https://holesky.beaconcha.in/slot/7');
    expect(txExplorerUrl(row({ SlotNbr22: 1234, EpochNbr22: 154 }), 1)).toBe(
      'https://beaconcha.in/slot/1234',
    );
    expect(txExplorerUrl(row({ EpochNbr22: 154 }), 5)).toBe('https://prater.beaconcha.in/epoch/154');
    expect(txExplorerUrl(row({}), 1)).toBeNull();
  });
  it('links no chain-88 row: neither to a mainnet explorer nor to the raw JSON of the Beacon API', () => {
    const beacon = 'http://127.0.0.1:5052/';
    expect(txExplorerUrl(row({ TxHash22: '0xabc' }), 88, beacon)).toBeNull();
    expect(txExplorerUrl(row({ SlotNbr22: 1234, EpochNbr22: 154 }), 88, beacon)).toBeNull();
    expect(txExplorerUrl(row({ EpochNbr22: 154 }), 88, beacon)).toBeNull();
    expect(txExplorerUrl(row({ SlotNbr22: 1 }), 88)).toBeNull();
    expect(txExplorerUrl(row({ TxHash22: '0xabc' }), 424242)).toBeNull();
  });
});

describe('export', () => {
  it("names the file 'LTD Transactions {yyyymmdd}.xlsx' with the spec's sheet and columns", () => {
    expect(exportFileName(new Date(2026, 0, 5, 10))).toBe('LTD Transactions 20260105.xlsx');
    expect(EXPORT_SHEET).toBe('Transactions');
    expect([...EXPORT_COLUMNS]).toEqual([
      'Status',
      'Transaction',
      'Date',
      'Amount',
      'Full Amount',
      'Currency',
      'Explorer',
      'Validator',
    ]);
    const [r] = exportRows(
      [row({ StakeAmt22: '32.000000000000000000', TxHash22: '0xdead', ValidatorIndex: '12' })],
      1,
    );
    expect(r).toEqual([
      'Successful',
      'Deposit',
      '2026-11-20 08:30 UTC',
      '32.00000000',
      '32.000000000000000000',
      'ETH',
      'https://etherscan.io/tx/0xdead',
      'Validator 12',
    ]);
  });
});

describe('daily view', () => {
  const day = row({
    StakeRewardAmt22: '0.000004374000000000',
    Day: '2026-11-20',
    Entries: 3,
    FirstEpoch: '200',
    LastEpoch: '202',
    ValidatorIndex: null,
    PubKey: `0x${'ab'.repeat(48)}`,
    EpochNbr22: null,
  });
  it("names each row's validator and the day a reward row sums, with its entries", () => {
    expect(txValidator(day)).toBe('0xabababab…ababab');
    expect(txValidator(row({ ValidatorIndex: '7' }))).toBe('Validator 7');
    expect(txWhen(day)).toBe('2026-11-20 UTC');
    expect(txWhen(row({}))).toBe('2026-11-20 08:30 UTC');
    expect(txGroupNote(day)).toBe('3 entries, epochs 200–202');
    expect(txGroupNote(row({}))).toBeNull();
    expect(exportRows([day], 88, 'http://127.0.0.1:5052')[0]).toEqual([
      'Successful',
      'Staking Reward',
      '2026-11-20 UTC',
      '0.00000437',
      '0.000004374000000000',
      'ETH',
      '',
      '0xabababab…ababab',
    ]);
  });
});

describe('rewards card', () => {
  const record = {
    Daily_TotalRewardAmt: '0.000000000000000001',
    Daily_TotalRewardPct: '0.000000000000000002',
    Daily_StakeRewardAmt: '0.000000000000000001',
    Weekly_TotalRewardAmt: Z,
    TotalRewardAmt: '3.750000000000000001',
    TotalRewardPct: '5.859375000000000002',
    TotalRewardPctAnnualized: '53.466796875000000018',
  };
  it('reads each tab by its prefix, LTD unprefixed with the annualised percentage', () => {
    const daily = rewardView(record, 'Daily');
    expect(daily.empty).toBe(false);
    expect(daily.total.amount).toBe('0.000000000000000001');
    expect(formatDecimal(daily.total.amount, 8)).toBe('0.00000000');
    expect(daily.annualizedPct).toBeNull();
    expect(rewardView(record, 'Weekly').empty).toBe(true);
    const ltd = rewardView(record, 'LTD');
    expect(ltd.total.pct).toBe('5.859375000000000002');
    expect(ltd.annualizedPct).toBe('53.466796875000000018');
    expect(ltd.lines.map((l) => l.label)).toEqual(['Staking Rewards', 'Fees Rewards', 'MEV Rewards']);
  });
  it('is empty when the rewards call failed', () => {
    expect(rewardView(null, 'LTD').empty).toBe(true);
  });
});
