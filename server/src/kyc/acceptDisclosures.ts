// KycPersonWs AcceptDisclosures, step 4 of 4: the customer accepts the risks and disclosures
// (DisclosuresChked15 = Y, audited) on their own record, also once it is locked for review or
// approved (spec 002 section 4: an approved customer with disclosures pending is sent to
// /disclosures), never when declined.
import { and, eq, sql } from 'drizzle-orm';
import { acceptDisclosures } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { kycPerson } from '../db/schema.ts';
import { writeAudit } from '../framework/audit.ts';
import { accessDenied, failed, forbidden } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { AuthUser, MethodDefinition } from '../wire/method.ts';

/** Message of AcceptDisclosures before the personal details are saved. */
export const DETAILS_FIRST_MESSAGE = 'Please complete your personal details first.';

/** Marks the caller's record (the first, or `key`) as accepted; its id and the flag. */
async function accept(db: Db, user: AuthUser, key: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: kycPerson.kycPersonId,
        internalStatus: kycPerson.internalStatus,
        disclosuresChked: kycPerson.disclosuresChked,
      })
      .from(kycPerson)
      .where(
        and(eq(kycPerson.inputFor, user.usrId), key === null ? undefined : eq(kycPerson.kycPersonId, key)),
      )
      .orderBy(kycPerson.kycPersonId)
      .limit(1)
      .for('update');
    const row = found[0];
    // Another customer's id and a missing one answer alike.
    if (!row) throw forbidden();
    const status = row.internalStatus ?? '';
    if (status === 'DE') throw forbidden();
    if (status === '') throw failed('details_missing', DETAILS_FIRST_MESSAGE);
    if (row.disclosuresChked !== 'Y') {
      await tx.execute(
        sql`UPDATE kyc_person SET disclosures_chked = 'Y', modified_by = ${user.usrId},
              modified_on = ${now}, row_version = row_version + 1
            WHERE kyc_person_id = ${row.id}`,
      );
      await writeAudit(tx, {
        screenId: 2,
        table: 'kyc_person',
        rowKey: String(row.id),
        column: 'DisclosuresChked15',
        before: row.disclosuresChked,
        after: 'Y',
        by: user,
        on: now,
      });
    }
    return { KycPersonId15: row.id, DisclosuresChked15: 'Y' as const };
  });
}

export function acceptDisclosuresMethod({ db, clock }: { db: Db; clock: Clock }): MethodDefinition {
  return implement(acceptDisclosures, async (b, ctx) => {
    const user = ctx.user;
    if (!user) throw accessDenied();
    const keyIn = b.keyId;
    const own = keyIn === undefined || keyIn === null || keyIn === '' || keyIn === '!';
    const key = own ? null : Number(keyIn);
    if (key !== null && !Number.isSafeInteger(key)) throw forbidden();
    const result = await accept(db, user, key, clock.now());
    ctx.setMessage('Saved');
    return result;
  });
}
