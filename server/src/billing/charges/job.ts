// The charge job: charges the days that have passed (chargeRun.ts), then reviews the customers'
// credits (termination.ts). Started by the plugin every intervalMs; runs never overlap within a
// process, and several processes are safe (see both modules). A failure of one customer's charges
// or review is reported (onCustomerFailure: logged, staff mailed, ../customerFailures.ts) and the
// run goes on with the others (issue 24).
import type { Db } from '../../db/database.ts';
import type { ReportFailure } from '../customerFailures.ts';
import { chargeValidators } from './chargeRun.ts';
import { reviewCredits, type ReviewResult, type TerminationDeps } from './termination.ts';
import { repeatEvery, type Repeating } from '../../jobs/repeat.ts';

export interface ChargeJobDeps extends TerminationDeps {
  db: Db;
  /** The billing clock (on chain 88 embedded, the dev chain's clock). */
  now: () => Promise<Date>;
  /** Credits per validator and day (Rates.CR). */
  dailyCharge: () => string;
  warningDays: number;
  /** CREDIT_GRACE_DAYS (termination.ts). */
  graceDays: number;
  /** Where a single customer's failure goes; without it the failure ends the run. */
  report?: ReportFailure;
}

export interface ChargeJobResult extends ReviewResult {
  charged: number;
}

export async function runChargeJob(d: ChargeJobDeps): Promise<ChargeJobResult> {
  const now = await d.now();
  const dailyCharge = d.dailyCharge();
  const report = d.report;
  const charged = await chargeValidators(d.db, {
    now,
    dailyCharge,
    ...(report ? { onCustomerFailure: (usrId: number, err: unknown) => report('charge', usrId, err) } : {}),
  });
  const review = await reviewCredits(
    report ? { ...d, onCustomerFailure: (usrId, err) => report('credit review', usrId, err) } : d,
    { now, dailyCharge, warningDays: d.warningDays, graceDays: d.graceDays },
  );
  return { charged, ...review };
}

/** Runs the job now and then every `intervalMs`; stop() waits for a run in progress. */
export function startChargeJob(
  d: ChargeJobDeps,
  intervalMs: number,
  onError: (err: unknown) => void,
): Repeating {
  return repeatEvery(() => runChargeJob(d).catch(onError), intervalMs);
}
