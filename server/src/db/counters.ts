// Fixed-window counters in the database: per-account rate limits and failed-login counts that
// hold across server instances (the per-IP limits live in @fastify/rate-limit).
import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { counters } from './schema.ts';

export class Counters {
  constructor(private readonly db: Db) {}

  /** Adds one to `key` in a window of `windowMs` that starts at its first hit; returns the count. */
  async hit(key: string, windowMs: number, now: Date): Promise<number> {
    const staleBefore = new Date(now.getTime() - windowMs);
    const rows = await this.db
      .insert(counters)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          count: sql`CASE WHEN ${counters.windowStart} <= ${staleBefore} THEN 1 ELSE ${counters.count} + 1 END`,
          windowStart: sql`CASE WHEN ${counters.windowStart} <= ${staleBefore} THEN ${now} ELSE ${counters.windowStart} END`,
        },
      })
      .returning({ count: counters.count });
    return rows[0]?.count ?? 1;
  }

  /** Current count of `key` in its window (0 when the window has passed). */
  async peek(key: string, windowMs: number, now: Date): Promise<number> {
    const rows = await this.db.select().from(counters).where(eq(counters.key, key));
    const row = rows[0];
    if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
    return row.count;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(counters).where(eq(counters.key, key));
  }
}
