// Credits running out within the warning window (CREDIT_WARNING_DAYS): the same standing of each
// customer the charge job's low-credit review reads (billing's creditStandings: balance, the daily
// cost of the live validators, days left), so the alert and the low-credit e-mail agree. The
// condition clears when a top-up lifts the credits above the window.
import { creditStandings } from '../../billing/index.ts';
import type { Db } from '../../db/database.ts';
import type { Finding } from '../record.ts';

export interface CreditsOptions {
  now: Date;
  dailyCharge: string;
  warningDays: number;
  graceDays: number;
}

export async function findLowCredits(db: Db, o: CreditsOptions): Promise<Finding[]> {
  const found = await creditStandings(db, o);
  return found
    .filter((s) => s.low || s.cannotPay)
    .map((s) => ({
      usrId: s.usrId,
      subject: 'credits',
      facts: { balance: s.balance, dailyCost: s.dailyCost, daysLeft: s.daysLeft, validators: s.validators },
    }));
}
