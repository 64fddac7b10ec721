// What happens when a customer's credits run low (issue 12): a warning e-mail when the credits pay
// no more than `warningDays` days of the customer's live validators (once per episode; a day of them
// costs their daily fees, per 32 ETH of each one's effective balance, issue 25), and, when
// they no longer pay the next day and the warning went out at least `warningDays` before, the
// termination: the wallet status becomes D (the wallet status page shows 'Account Has Been
// Terminated'), every active validator gets a signed voluntary exit, and an e-mail says so. A
// top-up that lifts the credits above `warningDays` days again ends the episode (the next one warns
// again). Each mail is claimed in stake_credit_state with an UPDATE ... WHERE ... IS NULL, so two
// server instances send it once.
//
// The first days of billing: a customer is reviewed only once a charge is due (a validator has been
// charged a day, chargeRun.ts) and their first live validator has been active for `graceDays`
// (CREDIT_GRACE_DAYS): a customer who stakes before topping up is not told their balance is 0 while
// the validators are still pending, and has that long to top up before the first warning. The
// notice (`warningDays` after the warning) comes on top of it.
import { and, eq, exists, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { eth2Validator, stakeCreditState, stakeWalletAddress } from '../../db/schema.ts';
import { parsedRows, type Executor } from '../../framework/sqlText.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { currentEffectiveSql, dailyFeeSql } from './effectiveBalance.ts';
import { lowCreditMail, terminatedMail } from './mails.ts';

/** Exits a customer's active validators (WalletActions.exitAllOf). */
export type ExitValidators = (
  usrId: number,
  reason: string,
) => Promise<{ exited: string[]; refused: string[] }>;

export interface TerminationDeps {
  db: Db;
  mailer: Mailer;
  exits: ExitValidators;
  publicUrl: string;
  log?: (message: string) => void;
  /** A customer whose review failed (issue 24); without it the failure ends the review. */
  onCustomerFailure?: (usrId: number, err: unknown) => void;
}

export interface ReviewOptions {
  now: Date;
  dailyCharge: string;
  warningDays: number;
  /** Days a customer's first live validator is active before their credits are reviewed. */
  graceDays: number;
}

export interface ReviewResult {
  warned: number[];
  terminated: number[];
  recovered: number[];
}

export const TERMINATION_REMARK = 'Exited: insufficient credits';

export interface Standing {
  usrId: number;
  email: string;
  /** The customer's language (users.culture_id): the mails are written in it. */
  cultureId: number;
  validators: number;
  /** Credits a day of the live validators (their fees per 32 ETH of effective balance). */
  dailyCost: string;
  balance: string;
  daysLeft: number;
  low: boolean;
  cannotPay: boolean;
  warnedOn: Date | null;
}

const standingRow = z.object({
  usr_id: z.number(),
  usr_name: z.string(),
  culture_id: z.coerce.number(),
  n: z.number(),
  need: z.string(),
  balance: z.string(),
  days_left: z.number(),
  low: z.boolean(),
  cannot_pay: z.boolean(),
  warned_on: z.coerce.date().nullable(),
});

/**
 * Customers with live validators (active or exiting, not yet exited by tomorrow) whose wallet is
 * not terminated, and their credits as of `now`, that are low or already warned. The alerts'
 * credits evaluator (alerts/evaluators/credits.ts) reads the same, through billing/index.ts.
 */
export async function standings(db: Executor, o: ReviewOptions): Promise<Standing[]> {
  const now = o.now.toISOString();
  const graceStart = new Date(o.now.getTime() - o.graceDays * 86_400_000).toISOString();
  const found = await parsedRows(
    db,
    sql`WITH live AS (
          SELECT v.usr_id, count(*)::int AS n, min(v.activation_utc) AS first_active,
            sum(${dailyFeeSql(o.dailyCharge, currentEffectiveSql('v'))}) AS need,
            bool_or(EXISTS (SELECT 1 FROM stake_charge c WHERE c.eth2_validator_id = v.eth2_validator_id)) AS due
          FROM eth2_validator v
          WHERE v.validator_status_cd IN ('3', '4') AND v.activation_utc <= ${now}::timestamptz
            AND (v.exit_utc IS NULL OR v.exit_utc > ${now}::timestamptz + interval '1 day')
            AND NOT EXISTS (SELECT 1 FROM stake_wallet_address w
                            WHERE w.usr_id = v.usr_id AND w.stake_wallet_status_cd = 'D')
          GROUP BY v.usr_id),
        bal AS (
          SELECT l.usr_id, l.n, l.need,
            coalesce((SELECT sum(p.credit_amt) FROM stake_payment p WHERE p.usr_id = l.usr_id
                      AND p.pmt_status_cd = 'S' AND p.paid_on <= ${now}::timestamptz), 0)
            - coalesce((SELECT sum(c.credit_amt) FROM stake_charge c WHERE c.usr_id = l.usr_id), 0) AS balance
          FROM live l WHERE l.due AND l.first_active <= ${graceStart}::timestamptz AND l.need > 0)
        SELECT b.usr_id, u.usr_name, u.culture_id, b.n, b.need::numeric(40, 2)::text AS need, b.balance::numeric(40, 2)::text AS balance,
               greatest(floor(b.balance / b.need), 0)::int AS days_left,
               b.balance <= b.need * ${o.warningDays} AS low, b.balance < b.need AS cannot_pay, s.warned_on
        FROM bal b JOIN users u ON u.usr_id = b.usr_id
        LEFT JOIN stake_credit_state s ON s.usr_id = b.usr_id
        WHERE b.balance <= b.need * greatest(${o.warningDays}, 1) OR s.warned_on IS NOT NULL`,
    standingRow,
  );
  return found.map((r) => ({
    usrId: r.usr_id,
    email: r.usr_name,
    cultureId: r.culture_id,
    validators: r.n,
    dailyCost: r.need,
    balance: r.balance,
    daysLeft: r.days_left,
    low: r.low,
    cannotPay: r.cannot_pay,
    warnedOn: r.warned_on,
  }));
}

/** Claims a state change of `usrId`; true for the one caller that made it. */
async function claim(db: Db, usrId: number, column: 'warnedOn' | 'terminatedOn', now: Date) {
  const excluded = sql`excluded.${sql.identifier(stakeCreditState[column].name)}`;
  const done = await db
    .insert(stakeCreditState)
    .values({
      usrId,
      ...(column === 'warnedOn' ? { warnedOn: now } : { terminatedOn: now }),
      modifiedOn: now,
    })
    .onConflictDoUpdate({
      target: stakeCreditState.usrId,
      set: {
        ...(column === 'warnedOn' ? { warnedOn: excluded } : { terminatedOn: excluded }),
        modifiedOn: sql`excluded.modified_on`,
      },
      setWhere: isNull(stakeCreditState[column]),
    })
    .returning({ usrId: stakeCreditState.usrId });
  return done.length === 1;
}

/** Warns, terminates or clears the warning of every customer that needs it; see the file comment. */
export async function reviewCredits(d: TerminationDeps, o: ReviewOptions): Promise<ReviewResult> {
  const result: ReviewResult = { warned: [], terminated: [], recovered: [] };
  for (const s of await standings(d.db, o)) {
    try {
      await reviewOne(d, o, s, result);
    } catch (err) {
      // One customer's failure (a refused exit, a bad row) must not stop the others' review.
      if (!d.onCustomerFailure) throw err;
      d.onCustomerFailure(s.usrId, err);
    }
  }
  await retryExits(d);
  return result;
}

async function reviewOne(d: TerminationDeps, o: ReviewOptions, s: Standing, result: ReviewResult) {
  const noticeMs = o.warningDays * 86_400_000;
  if (!s.low && !s.cannotPay) {
    await d.db.execute(
      sql`UPDATE stake_credit_state SET warned_on = NULL, modified_on = ${o.now.toISOString()}::timestamptz
          WHERE usr_id = ${s.usrId} AND terminated_on IS NULL`,
    );
    result.recovered.push(s.usrId);
    return;
  }
  const noticed = s.warnedOn !== null && o.now.getTime() - s.warnedOn.getTime() >= noticeMs;
  if (s.cannotPay && (noticed || o.warningDays === 0)) {
    if (await terminate(d, s, o.now)) result.terminated.push(s.usrId);
    return;
  }
  if (s.warnedOn === null && (await claim(d.db, s.usrId, 'warnedOn', o.now))) {
    d.mailer.send(lowCreditMail(d.publicUrl, s.email, s, s.cultureId));
    result.warned.push(s.usrId);
  }
}

async function terminate(d: TerminationDeps, s: Standing, now: Date): Promise<boolean> {
  if (!(await claim(d.db, s.usrId, 'terminatedOn', now))) return false;
  await d.db.execute(
    sql`UPDATE stake_wallet_address SET stake_wallet_status_cd = 'D', modified_on = ${now.toISOString()}::timestamptz,
          row_version = row_version + 1
        WHERE usr_id = ${s.usrId}`,
  );
  let exits = s.validators;
  try {
    const { exited, refused } = await d.exits(s.usrId, TERMINATION_REMARK);
    exits = exited.length + refused.length;
    if (refused.length)
      d.log?.(`termination of user ${s.usrId}: ${refused.length} exit(s) refused, retried later`);
  } finally {
    d.mailer.send(terminatedMail(d.publicUrl, s.email, { exited: exits }, s.cultureId));
  }
  return true;
}

/** Exits again the validators of terminated customers that the beacon node refused before. */
async function retryExits(d: TerminationDeps): Promise<void> {
  const declined = d.db
    .select({ one: sql`1` })
    .from(stakeWalletAddress)
    .where(
      and(eq(stakeWalletAddress.usrId, eth2Validator.usrId), eq(stakeWalletAddress.stakeWalletStatusCd, 'D')),
    );
  const pending = await d.db
    .selectDistinct({ usrId: eth2Validator.usrId })
    .from(eth2Validator)
    .innerJoin(
      stakeCreditState,
      and(eq(stakeCreditState.usrId, eth2Validator.usrId), isNotNull(stakeCreditState.terminatedOn)),
    )
    .where(
      and(
        eq(eth2Validator.validatorStatusCd, '3'),
        isNotNull(eth2Validator.validatorIndex),
        exists(declined),
      ),
    );
  for (const r of pending) {
    try {
      await d.exits(r.usrId, TERMINATION_REMARK);
    } catch (err) {
      if (!d.onCustomerFailure) throw err;
      d.onCustomerFailure(r.usrId, err);
    }
  }
}
