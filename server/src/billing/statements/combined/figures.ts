// The combined monthly statement's lines (issue 29 item 4): everything a customer holds with payd in
// one UTC month, each line an amount in its own unit with its value in ETH and in USD at the ETH/USD
// price of its day (dailyPrices.ts). From the records: validator deposits, rewards by kind
// (consensus, execution fees, MEV) and withdrawals per day (eth_tx_history), credits bought
// (stake_payment) and charged per day (stake_charge). From the chain, for the customer's registered
// wallets (stake_wallet_address, status A): the cache, fees paid, the rewards pool, FTX staking
// and FETH (chainReader.ts). Valuation: ETH and FETH (1 FETH is a claim on 1 ETH) at the day's price;
// PAYD at its 1 USD face value; credits at CREDIT_USD; FTX at the FTX/USD price of the day when one
// is known. USD is rounded to cents per line and a section's total is the sum of its lines.
// The words are catalogue messages (srv.combined.*, issue 28) that pdf.ts and csv.ts say in the
// owner's language.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { I18n } from '@payd/i18n';
import type { AccountActivity, ActivityKind } from '@payd/protocol';
import type { Address } from 'viem';
import { parsedRows, type Executor } from '../../../framework/sqlText.ts';
import { nextMonth } from '../months.ts';
import type { CombinedChain } from './chainReader.ts';
import { dailyPrices, type DayPrice } from './dailyPrices.ts';
import { divFixed, formatFixed, mulFixed, parseFixed, roundFixed } from './fixed18.ts';

export type LineUnit = 'ETH' | 'FETH' | 'PAYD' | 'FTX' | 'CR';

/** The sections in order; each one's title is the message `srv.combined.section.<id>`. */
export const SECTIONS = ['validators', 'credits', 'cache', 'fees', 'pool', 'ftx', 'feth'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** A text of the statement: a catalogue message with its values, or a text said as it is (a hash). */
export type StatementText = string | { id: string; values?: Record<string, string | number> };

/** A statement text in the language of `i18n`. */
export const say = (i18n: I18n, text: StatementText): string =>
  typeof text === 'string' ? text : i18n._(text.id, text.values).trim();

const msg = (id: string, values?: Record<string, string | number>): StatementText => ({
  id: `srv.combined.${id}`,
  values,
});
/** A count of things in a reference ('2 record(s)'): the number as the records give it. */
const counted = (id: string, n: number) => msg(id, { count: n, n: String(n) });

export interface StatementLine {
  /** YYYY-MM-DD (UTC). */
  day: string;
  label: StatementText;
  /** Signed, in `unit`, as exact decimal text (credits 2 decimals, tokens 18). */
  amount: string;
  unit: LineUnit;
  /** Value in ETH (18 decimals) and USD (2 decimals); null when no price was known. */
  eth: string | null;
  usd: string | null;
  /** The day's ETH/USD price used (as exact as the feed gives it); null when none was known. */
  ethUsd: string | null;
  /** Where it comes from: a transaction hash, a payment, the number of records. */
  ref: StatementText;
}

export interface StatementSection {
  id: SectionId;
  lines: StatementLine[];
  /** Sums of the lines' values (a line without a value adds nothing; see unvalued). */
  eth: string;
  usd: string;
  /** Lines without a value. */
  unvalued: number;
}

export interface CombinedFigures {
  month: string;
  wallets: string[];
  ethUsdSource: StatementText;
  ftxUsdSource: StatementText | null;
  creditUsd: string;
  sections: StatementSection[];
  prices: { day: string; price: string | null }[];
}

/** Description of each chain change by the sign of its amount (`srv.combined.line.<text>`). */
const KIND_TEXT: Record<ActivityKind, [SectionId, string, string]> = {
  cacheCollateral: ['cache', 'collateralAdded', 'collateralWithdrawn'],
  cacheDebt: ['cache', 'borrowed', 'repaid'],
  redistributionCollateral: ['cache', 'redistributionCollateral', 'redistributionCollateral'],
  redistributionDebt: ['cache', 'redistributionDebt', 'redistributionDebt'],
  redemptionCollateral: ['cache', 'redeemed', 'redeemed'],
  redemptionDebt: ['cache', 'redemptionDebt', 'redemptionDebt'],
  liquidationCollateral: ['cache', 'liquidated', 'liquidated'],
  liquidationDebt: ['cache', 'liquidationDebt', 'liquidationDebt'],
  borrowingFee: ['fees', 'borrowingFee', 'borrowingFee'],
  swapFee: ['fees', 'swapFee', 'swapFee'],
  poolDeposit: ['pool', 'poolDeposit', 'poolWithdrawal'],
  poolLoss: ['pool', 'poolLoss', 'poolLoss'],
  poolGain: ['pool', 'poolGain', 'poolGain'],
  ftxStaked: ['ftx', 'ftxStaked', 'ftxStaked'],
  ftxUnstaked: ['ftx', 'ftxUnstaked', 'ftxUnstaked'],
  fethMinted: ['feth', 'fethMinted', 'fethMinted'],
  fethQueued: ['feth', 'fethQueued', 'fethQueued'],
  fethFilled: ['feth', 'fethFilled', 'fethFilled'],
  fethCancelled: ['feth', 'fethCancelled', 'fethCancelled'],
  ethClaimed: ['feth', 'ethClaimed', 'ethClaimed'],
};

/** The currency a payment of each type was made in ('' for another type). */
const PAYMENT_CURRENCY: Record<string, string> = { C: 'USD', T: 'FTX', E: 'ETH' };

/** A price as exact as the feed gives it, at least 2 decimals: '2000.00', '1999.123456'. */
const priceText = (price: bigint) => formatFixed(price, 18).replace(/(\.\d\d\d*?)0+$/, '$1');

const dayOfUnix = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

interface Pricing {
  eth: Map<string, bigint | null>;
  ftx: Map<string, bigint | null> | null;
  creditUsd: bigint;
}

/** The line of `amount` (18 decimals) of `unit` on `day`, valued. */
function valued(
  p: Pricing,
  day: string,
  label: StatementText,
  amount: bigint,
  unit: LineUnit,
  ref: StatementText,
): StatementLine {
  const price = p.eth.get(day) ?? null;
  let usd: bigint | null;
  let eth: bigint | null;
  if (unit === 'ETH' || unit === 'FETH') {
    eth = amount;
    usd = price === null ? null : mulFixed(amount, price);
  } else {
    const unitUsd = unit === 'PAYD' ? 10n ** 18n : unit === 'CR' ? p.creditUsd : (p.ftx?.get(day) ?? null);
    usd = unitUsd === null ? null : mulFixed(amount, unitUsd);
    eth = usd === null || price === null || price === 0n ? null : divFixed(usd, price);
  }
  return {
    day,
    label,
    amount: formatFixed(amount, unit === 'CR' ? 2 : 18),
    unit,
    eth: eth === null ? null : formatFixed(eth, 18),
    usd: usd === null ? null : formatFixed(usd, 2),
    ethUsd: price === null ? null : priceText(price),
    ref,
  };
}

const historyDays = z.object({
  day: z.string(),
  n: z.number(),
  deposits: z.string(),
  consensus: z.string(),
  fees: z.string(),
  mev: z.string(),
  withdrawals: z.string(),
});

async function recordLines(db: Executor, usrId: number, month: string, p: Pricing) {
  const from = `${month}T00:00:00Z`;
  const to = `${nextMonth(month)}T00:00:00Z`;
  const days = await parsedRows(
    db,
    sql`SELECT to_char(h.time_stamp AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
          coalesce(sum(h.stake_amt), 0)::numeric(38, 18)::text AS deposits,
          coalesce(sum(h.stake_reward_amt), 0)::numeric(38, 18)::text AS consensus,
          coalesce(sum(h.mining_reward_amt), 0)::numeric(38, 18)::text AS fees,
          coalesce(sum(h.mev_reward_amt), 0)::numeric(38, 18)::text AS mev,
          coalesce(sum(h.withdraw_amt), 0)::numeric(38, 18)::text AS withdrawals
        FROM eth_tx_history h
        JOIN eth2_validator v ON v.eth2_validator_id = h.eth2_validator_id
        WHERE v.usr_id = ${usrId} AND h.time_stamp >= ${from}::timestamptz AND h.time_stamp < ${to}::timestamptz
        GROUP BY 1 ORDER BY 1`,
    historyDays,
  );
  const validators: StatementLine[] = [];
  for (const d of days) {
    const ref = counted('ref.records', d.n);
    for (const [label, amount] of [
      ['deposits', d.deposits],
      ['consensus', d.consensus],
      ['executionFees', d.fees],
      ['mev', d.mev],
      ['withdrawals', d.withdrawals],
    ] as const) {
      const v = parseFixed(amount);
      if (v !== 0n) validators.push(valued(p, d.day, msg(`line.${label}`), v, 'ETH', ref));
    }
  }
  const payments = await parsedRows(
    db,
    sql`SELECT to_char(paid_on AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, pmt_id AS id, pmt_type_cd AS type,
          pmt_amt::text AS paid, credit_amt::numeric(40, 2)::text AS credits
        FROM stake_payment
        WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
          AND paid_on >= ${from}::timestamptz AND paid_on < ${to}::timestamptz
        ORDER BY paid_on, pmt_id`,
    z.object({ day: z.string(), id: z.number(), type: z.string(), paid: z.string(), credits: z.string() }),
  );
  const charges = await parsedRows(
    db,
    sql`SELECT charge_day::text AS day, count(*)::int AS n, sum(credit_amt)::numeric(40, 2)::text AS credits
        FROM stake_charge
        WHERE usr_id = ${usrId} AND charge_day >= ${month}::date AND charge_day < ${nextMonth(month)}::date
        GROUP BY charge_day ORDER BY charge_day`,
    z.object({ day: z.string(), n: z.number(), credits: z.string() }),
  );
  const credits: StatementLine[] = [
    ...payments.map((t) => {
      const ref = msg('ref.payment', {
        id: String(t.id),
        paid: t.paid,
        currency: PAYMENT_CURRENCY[t.type] ?? '',
      });
      const label = msg('line.creditsBought', { how: t.type });
      return valued(p, t.day, label, parseFixed(t.credits), 'CR', ref);
    }),
    ...charges.map((c) =>
      valued(p, c.day, msg('line.charges'), -parseFixed(c.credits), 'CR', counted('ref.validatorDays', c.n)),
    ),
  ].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { validators, credits };
}

function chainLines(activity: readonly AccountActivity[], p: Pricing): Map<SectionId, StatementLine[]> {
  const out = new Map<SectionId, StatementLine[]>();
  for (const a of activity) {
    const [section, up, down] = KIND_TEXT[a.kind];
    // Fees are listed as what was paid: positive.
    const amount = section === 'fees' && a.amount < 0n ? -a.amount : a.amount;
    const line = valued(
      p,
      dayOfUnix(a.timestamp),
      msg(`line.${amount < 0n ? down : up}`),
      amount,
      a.asset,
      a.transactionHash,
    );
    out.set(section, [...(out.get(section) ?? []), line]);
  }
  return out;
}

function section(id: SectionId, lines: StatementLine[]): StatementSection {
  let eth = 0n;
  let usd = 0n;
  let unvalued = 0;
  for (const l of lines) {
    if (l.usd === null || l.eth === null) unvalued++;
    if (l.eth !== null) eth += parseFixed(l.eth);
    if (l.usd !== null) usd += parseFixed(l.usd);
  }
  return { id, lines, eth: formatFixed(eth, 18), usd: formatFixed(roundFixed(usd, 2), 2), unvalued };
}

/** The customer's registered wallets (stake_wallet_address, status A). */
export async function registeredWallets(db: Executor, usrId: number): Promise<Address[]> {
  const rows = await parsedRows(
    db,
    sql`SELECT stake_wallet_addr AS addr FROM stake_wallet_address
        WHERE usr_id = ${usrId} AND stake_wallet_status_cd = 'A' ORDER BY stake_wallet_addr_id`,
    z.object({ addr: z.string() }),
  );
  return rows.map((r) => r.addr as Address);
}

export async function combinedFigures(
  db: Executor,
  chain: CombinedChain,
  usrId: number,
  month: string,
  creditUsd: string,
): Promise<CombinedFigures> {
  const from = Date.parse(`${month}T00:00:00Z`) / 1000;
  const to = Date.parse(`${nextMonth(month)}T00:00:00Z`) / 1000;
  const wallets = await registeredWallets(db, usrId);
  const [ethUsd, ftxUsd, activity] = await Promise.all([
    chain.ethUsd(to),
    chain.ftxUsd(to),
    chain.activity(wallets, from, to),
  ]);
  const ethDays = dailyPrices(ethUsd.points, month);
  const byDay = (days: DayPrice[]) => new Map(days.map((d) => [d.day, d.price]));
  const pricing: Pricing = {
    eth: byDay(ethDays),
    ftx: ftxUsd ? byDay(dailyPrices(ftxUsd.points, month)) : null,
    creditUsd: parseFixed(creditUsd),
  };
  const records = await recordLines(db, usrId, month, pricing);
  const fromChain = chainLines(activity, pricing);
  const lines: Record<SectionId, StatementLine[]> = {
    validators: records.validators,
    credits: records.credits,
    cache: fromChain.get('cache') ?? [],
    fees: fromChain.get('fees') ?? [],
    pool: fromChain.get('pool') ?? [],
    ftx: fromChain.get('ftx') ?? [],
    feth: fromChain.get('feth') ?? [],
  };
  return {
    month,
    wallets,
    ethUsdSource: ethUsd.source,
    ftxUsdSource: ftxUsd?.source ?? null,
    creditUsd,
    sections: SECTIONS.map((id) => section(id, lines[id])),
    prices: ethDays.map((d) => ({ day: d.day, price: d.price === null ? null : priceText(d.price) })),
  };
}
