// GetRewards (EthTxHistoryWs): the dashboard's rewards card. Sums of the caller's history at one
// wallet address over the last day, week, 30 days and the whole life (LTD), each with its share of
// the balance that earned it; LTD also annualised over the time staked (rewardReturn.ts). Exact
// numeric in SQL.
//
// Fast at any history size: whole UTC days come from the per-wallet per-day summary eth_tx_daily
// (kept by a trigger on eth_tx_history, migration 0210); a rolling window adds only the history rows
// of its first, partial day. "Now" is the later of the server clock and the beacon chain's time at
// the last sync (the dev chain's clock can be moved ahead).
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rewardsRow } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { parsedRows } from '../framework/sqlText.ts';
import { forbidden } from '../wire/errors.ts';
import { earningEffectiveSql } from './effectiveBalance.ts';
import { StakingMessages } from './messages.ts';
import { annualisedPct, earningBalance, periodPct, type EarningSpan } from './rewardReturn.ts';

const kinds = [
  ['StakeReward', 'stake_reward_amt'],
  ['MEVReward', 'mev_reward_amt'],
  ['MiningReward', 'mining_reward_amt'],
] as const;
const DAY_MS = 86_400_000;
export const rewardPeriods = [
  ['Daily_', DAY_MS],
  ['Weekly_', 7 * DAY_MS],
  ['Monthly_', 30 * DAY_MS],
  ['', null],
] as const;

type RewardName = (typeof kinds)[number][0] | 'TotalReward';
type AmountColumn = `${(typeof rewardPeriods)[number][0]}${RewardName}Amt`;
const amountColumn = (prefix: (typeof rewardPeriods)[number][0], name: RewardName): AmountColumn =>
  `${prefix}${name}Amt`;

/** The statement's row: each period's sums (exact numeric text, `Daily_StakeRewardAmt`...). */
const sumsRow = z.object(
  Object.fromEntries(
    rewardPeriods.flatMap(([prefix]) =>
      [...kinds.map(([name]) => name), 'TotalReward' as const].map((name) => [
        amountColumn(prefix, name),
        z.string(),
      ]),
    ),
  ) as Record<AmountColumn, z.ZodString>,
);

const total = (alias: string) =>
  `${alias}.stake_reward_amt + ${alias}.mev_reward_amt + ${alias}.mining_reward_amt`;

/**
 * The caller's wallets at `walletAddress` (403 when there is none) as an SQL id list, and "now": the
 * later of the server's clock and the chain's time the wallets were last synced to, in ms.
 */
export async function callerWalletsAt(
  db: Db,
  clock: Clock,
  caller: Caller,
  walletAddress: string,
): Promise<{ ids: SQL; now: number }> {
  const wallets = await db
    .select({ id: eth2Wallet.eth2WalletId, beaconHeadUtc: eth2Wallet.beaconHeadUtc })
    .from(eth2Wallet)
    .where(
      and(
        eq(eth2Wallet.usrId, caller.usrId),
        sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
      ),
    );
  if (!wallets.length) throw forbidden(StakingMessages.noWallet);
  const ids = sql.join(
    wallets.map((w) => sql`${w.id}`),
    sql`, `,
  );
  const chainNow = Math.max(0, ...wallets.map((w) => w.beaconHeadUtc?.getTime() ?? 0));
  return { ids, now: Math.max(clock.now().getTime(), chainNow) };
}

export async function getRewards(db: Db, clock: Clock, caller: Caller, walletAddress: string) {
  const { ids, now } = await callerWalletsAt(db, clock, caller, walletAddress);

  // One statement: per period, whole days after the window's first day from the summary plus that
  // first day's history rows after `since` (scalar subqueries on the (wallet, time) index).
  const cols = [...kinds.map(([name, col]) => [name, col] as const), ['TotalReward', null] as const];
  const parts = [];
  for (const [prefix, span] of rewardPeriods) {
    const since = span === null ? null : new Date(now - span).toISOString();
    for (const [name, col] of cols) {
      const whole =
        since === null
          ? sql`coalesce(sum(${sql.raw(col ? `s.${col}` : total('s'))}), 0)`
          : sql`coalesce(sum(${sql.raw(col ? `s.${col}` : total('s'))}) FILTER (WHERE s.day > (${since}::timestamptz AT TIME ZONE 'UTC')::date), 0)`;
      const firstDay =
        since === null
          ? sql`0`
          : sql`(SELECT coalesce(sum(${sql.raw(col ? `h.${col}` : total('h'))}), 0) FROM eth_tx_history h
                 WHERE h.eth2_wallet_id IN (${ids}) AND h.usr_id = ${caller.usrId}
                   AND h.time_stamp > ${since}::timestamptz
                   AND h.time_stamp < ((${since}::timestamptz AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC')`;
      parts.push(
        sql`(${whole} + ${firstDay})::numeric(38, 18)::text AS ${sql.raw(`"${amountColumn(prefix, name)}"`)}`,
      );
    }
  }
  const [sums] = await parsedRows(
    db,
    sql`SELECT ${sql.join(parts, sql`, `)} FROM eth_tx_daily s WHERE s.eth2_wallet_id IN (${ids})`,
    sumsRow,
  );

  // Percentages of the balance that earned the rewards (rewardReturn.ts), exact to 18 places.
  const spans = await earningSpans(db, caller.usrId, ids);
  const out: Record<string, string> = {};
  for (const [prefix, span] of rewardPeriods) {
    const balance = earningBalance(spans, span === null ? null : now - span, now);
    for (const [name] of cols) {
      const amt = sums![amountColumn(prefix, name)];
      out[amountColumn(prefix, name)] = amt;
      out[`${prefix}${name}Pct`] = fromUnits(periodPct(toUnits(amt), balance));
      if (prefix === '') out[`${name}PctAnnualized`] = fromUnits(annualisedPct(toUnits(amt), balance));
    }
  }
  // Every figure of every period is set above: the reply's row checks that they all are.
  return { Dtl: [rewardsRow.parse(out)] };
}

const SCALE = 10n ** 18n;

/** A numeric text with up to 18 places as an integer of 10^-18 units. */
export function toUnits(text: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d{0,18}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const v = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(18, '0'));
  return m[1] ? -v : v;
}

/** 10^-18 units as a numeric text with 18 places. */
export function fromUnits(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / SCALE}.${(a % SCALE).toString().padStart(18, '0')}`;
}

/**
 * When each validator of the wallets earned (activated ones only; the queue earns nothing) and on
 * how much: its latest effective balance above 0 (a withdrawn validator's is 0, but it earned on
 * the one before), else what it was deposited with, capped by its kind.
 */
async function earningSpans(db: Db, usrId: number, ids: SQL): Promise<EarningSpan[]> {
  const rows = await db
    .select({
      activation: eth2Validator.activationUtc,
      exit: eth2Validator.exitUtc,
      gwei: sql<string>`(${earningEffectiveSql('eth2_validator')})::text`,
    })
    .from(eth2Validator)
    .where(
      and(
        eq(eth2Validator.usrId, usrId),
        sql`${eth2Validator.eth2WalletId} IN (${ids})`,
        isNotNull(eth2Validator.activationUtc),
      ),
    );
  return rows.map((r) => ({
    activation: r.activation!.getTime(),
    exit: r.exit ? r.exit.getTime() : null,
    eth: BigInt(r.gwei) / 1_000_000_000n,
  }));
}
