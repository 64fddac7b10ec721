// E-mailed confirmation codes of sign-up and password reset: 8 characters, single use, valid
// 10 minutes, at most 5 wrong tries, stored only as keyed hashes.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CONFIRMATION_CODE_LENGTH } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { emailCodes } from '../db/schema.ts';
import { hmac, randomCode, randomToken, safeEqual, subKey } from '../secrets.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = 'signup' | 'reset';

export interface IssuedCode {
  nounce: string;
  ticketLeft: string;
  /** The code to mail; never stored or logged in clear. */
  code: string;
  /** Secret of the /NewPassword link (reset only). */
  linkSecret: string;
}

export class EmailCodes {
  private readonly key: string;
  constructor(
    private readonly db: Db,
    tokenSecret: string,
  ) {
    this.key = subKey(tokenSecret, 'email-code');
  }

  private hash(id: string, value: string): string {
    return hmac(this.key, `${id}:${value}`);
  }

  /** Stores a new code. With `mailable` false the code is never sent, so it can never match. */
  async issue(purpose: CodePurpose, email: string, usrId: number | null, now: Date): Promise<IssuedCode> {
    const nounce = randomToken(18);
    const ticketLeft = randomToken(18);
    const code = randomCode(CONFIRMATION_CODE_LENGTH);
    const linkSecret = randomToken(24);
    await this.db.insert(emailCodes).values({
      id: nounce,
      purpose,
      email,
      usrId,
      ticketLeft,
      codeHash: this.hash(nounce, code),
      linkHash: purpose === 'reset' ? this.hash(nounce, `link:${linkSecret}`) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return { nounce, ticketLeft, code, linkSecret };
  }

  /**
   * Checks a code and, when right, uses it up (atomically, so it works once). Returns the row's
   * user id (null for a sign-up) or false. A wrong code counts as a try.
   */
  async consume(
    purpose: CodePurpose,
    input: { nounce: string; ticketLeft: string; email: string; code: string },
    now: Date,
  ): Promise<{ usrId: number | null } | false> {
    const rows = await this.db.select().from(emailCodes).where(eq(emailCodes.id, input.nounce));
    const row = rows[0];
    if (
      !row ||
      row.purpose !== purpose ||
      row.usedAt ||
      row.expiresAt <= now ||
      row.attempts >= CODE_MAX_ATTEMPTS ||
      !safeEqual(row.ticketLeft, input.ticketLeft) ||
      row.email !== input.email
    )
      return false;
    if (!safeEqual(row.codeHash, this.hash(row.id, input.code))) {
      await this.db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, row.id));
      return false;
    }
    return (await this.useUp(row.id, now)) ? { usrId: row.usrId } : false;
  }

  /** Checks a /NewPassword link (j = nounce, p = link secret) and uses it up. */
  async consumeLink(j: string, p: string, now: Date): Promise<{ usrId: number } | false> {
    const rows = await this.db.select().from(emailCodes).where(eq(emailCodes.id, j));
    const row = rows[0];
    if (!row || row.purpose !== 'reset' || row.usedAt || row.expiresAt <= now || !row.linkHash || !row.usrId)
      return false;
    if (!safeEqual(row.linkHash, this.hash(row.id, `link:${p}`))) return false;
    return (await this.useUp(row.id, now)) ? { usrId: row.usrId } : false;
  }

  private async useUp(id: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    return used.length === 1;
  }
}
