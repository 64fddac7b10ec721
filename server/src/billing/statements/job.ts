// The statement job: every `everyMs` (first after 30 s), each customer's missing statements of the
// last two ended months (generate.ts generateMonth; the combined ones, combined/generate.ts). One
// customer's failure is logged and mailed to staff (../customerFailures.ts) and the others'
// statements are made all the same (issue 24).
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../featureDeps.ts';
import { failureReporter } from '../customerFailures.ts';
import type { BillingNow } from './billingClock.ts';
import { generateMonth } from './generate.ts';
import { generateCombinedMonth, type CombinedSources } from './combined/generate.ts';
import { monthOf } from './months.ts';

/** The last two ended months: a statement that was waiting for its records is made a month late at worst. */
function recentMonths(now: Date): string[] {
  const current = monthOf(now);
  const prev = monthOf(new Date(new Date(`${current}T00:00:00Z`).getTime() - 1));
  const before = monthOf(new Date(new Date(`${prev}T00:00:00Z`).getTime() - 1));
  return [before, prev];
}

export function startStatementJob(
  fastify: FastifyInstance,
  deps: FeatureDeps,
  now: BillingNow,
  everyMs: number,
  combined: CombinedSources | null = null,
): void {
  const { db, clock, config } = deps;
  let running = false;
  const report = failureReporter({
    mailer: deps.mailer,
    staffEmail: config.supportEmail,
    log: (fields, message) => fastify.log.error(fields, message),
    now: () => clock.now(),
  });
  const onFailure = (usrId: number, err: unknown) => report('statement', usrId, err);
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const at = await now();
      for (const month of recentMonths(at)) {
        await generateMonth(db, month, at, 4, onFailure);
        if (combined) await generateCombinedMonth(db, combined, month, at, onFailure);
      }
    } catch (err) {
      fastify.log.error({ err }, 'statement job failed');
    } finally {
      running = false;
    }
  };
  // run logs its own failures: nothing for the timers to wait for or catch
  const first = setTimeout(() => void run(), 30_000);
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
