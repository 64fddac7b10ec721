// One customer must never stop billing for everyone (issue 24): the charge and statement jobs run
// each customer's work apart, and a failure is reported here and the job goes on with the others.
// A report is logged and mailed to staff (SUPPORT_EMAIL, the mailbox staff already read) with the
// customer's id and the error's code and first line only: never the query or its parameters, which
// may carry e-mail addresses or amounts of other customers. Staff are mailed once per customer,
// job and UTC day per server instance, not every run.
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';

export type BillingJob = 'charge' | 'credit review' | 'statement';

export interface CustomerFailure {
  job: BillingJob;
  usrId: number;
  /** What failed for this customer, safe to log (failureText). */
  error: string;
}

export type ReportFailure = (job: BillingJob, usrId: number, err: unknown) => void;

export const FAILURE_MAIL_SUBJECT = 'payd: a billing job failed for one customer';

/** The error's database code (when it has one) and first line, at most 200 characters. */
export function failureText(err: unknown): string {
  // drizzle wraps the driver's error ('Failed query: <sql> params: <values>') with it as the cause.
  const inner = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = (inner as { code?: unknown } | null)?.code;
  const message = inner instanceof Error ? inner.message : String(inner);
  const line = message.startsWith('Failed query') ? 'database query failed' : message.split('\n')[0]!;
  return `${typeof code === 'string' ? `${code} ` : ''}${line}`.slice(0, 200);
}

export function failureMail(to: string, f: CustomerFailure): OutgoingMail {
  return {
    to,
    subject: FAILURE_MAIL_SUBJECT,
    text:
      `The ${f.job} job failed for customer ${f.usrId}: ${f.error}.\n\n` +
      `Every other customer was processed. The job tries this customer again on its next run; ` +
      `please look at their records (the server log has the same line).`,
  };
}

export interface FailureReporterDeps {
  mailer: Mailer;
  /** Where staff are told (SUPPORT_EMAIL). */
  staffEmail: string;
  log: (fields: Record<string, unknown>, message: string) => void;
  now: () => Date;
}

/** Logs every failure, mails staff once per customer, job and UTC day. */
export function failureReporter(d: FailureReporterDeps): ReportFailure {
  const told = new Set<string>();
  return (job, usrId, err) => {
    const f: CustomerFailure = { job, usrId, error: failureText(err) };
    d.log({ job, usrId, error: f.error }, `${job} job failed for one customer; the others go on`);
    const key = `${job}:${usrId}:${d.now().toISOString().slice(0, 10)}`;
    if (told.has(key)) return;
    told.add(key);
    d.mailer.send(failureMail(d.staffEmail, f));
  };
}
