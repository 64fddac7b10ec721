// What the dashboard counts of each validator's ETH (issue 25): since 0x02 validators hold 32 to
// 2048 ETH, Total Staked is the sum of the validators' balances as the beacon chain reports them
// (Balance5), not 32 × count; each validator shows its kind (0x01 or 0x02, as the beacon chain holds
// its credentials once synced) and its effective balance (EffectiveGwei5, what earns and what the
// daily fee is per 32 ETH of).
import { addDecimals, formatDecimal } from '../../ui/decimal.ts';
import { rowEffectiveGwei } from './stakeFees.ts';
import { code, STAKED_CODES, type ValidatorRow } from './validatorsRules.ts';

const GWEI = 1_000_000_000n;

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** 'x.y' ETH of a gwei count. */
function gweiToEth(gwei: bigint): string {
  return `${gwei / GWEI}.${(gwei % GWEI).toString().padStart(9, '0')}`;
}

/** The validator's balance in ETH: the beacon's, else what it was deposited with. */
export function balanceEth(v: ValidatorRow): string {
  if (present(v.Balance5)) return String(v.Balance5);
  return gweiToEth(present(v.DepositGwei5) ? BigInt(String(v.DepositGwei5)) : 32n * GWEI);
}

/** Sum of the balances of the validators that count toward Total Staked (pending, active, exiting). */
export function stakedBalance(all: readonly ValidatorRow[]): string {
  return addDecimals(all.filter((v) => STAKED_CODES.includes(code(v))).map(balanceEth));
}

/** Sum of their effective balances in whole ETH. */
export function stakedEffectiveEth(all: readonly ValidatorRow[]): string {
  const gwei = all
    .filter((v) => STAKED_CODES.includes(code(v)))
    .reduce((s, v) => s + rowEffectiveGwei(v), 0n);
  return (gwei / GWEI).toString();
}

/** An amount as the headline shows it: up to 4 decimals, no trailing zeros ('64', '32.0012'). */
export function headlineEth(eth: string): string {
  const s = formatDecimal(eth, 4);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** '0x02' or '0x01': the kind the beacon chain holds, else the one its deposit was signed for. */
export function validatorKind(v: ValidatorRow): '0x01' | '0x02' {
  return (present(v.ChainKind5) ? v.ChainKind5 : v.WithdrawalKind5) === '0x02' ? '0x02' : '0x01';
}

/** What the kind means, in one line (the badge's label for assistive technology and its tooltip). */
export function kindDescription(kind: '0x01' | '0x02'): string {
  return kind === '0x02'
    ? 'Compounding (0x02): rewards stay in the balance, up to 2048 ETH'
    : 'Regular (0x01): 32 ETH, rewards above it are paid to the withdrawal address';
}

/** The effective balance as '64 ETH'; '-' before the beacon chain has the validator. */
export function effectiveText(v: ValidatorRow): string {
  if (!present(v.EffectiveGwei5)) return '-';
  return `${BigInt(String(v.EffectiveGwei5)) / GWEI} ETH`;
}
