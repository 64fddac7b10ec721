// The store of @fastify/rate-limit's per-IP limits in the database (PostgreSQL, or the embedded
// PGlite), instead of its default per-process memory: several server instances behind a load
// balancer count the same requests. One upsert per request: a fixed window per key that starts at
// its first hit and restarts once it has passed (the semantics of the default LocalStore).
import { eq, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { rateLimit } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Executor } from '../framework/sqlText.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

class DbRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Names the route, so each route counts its own requests (as the default store does). */
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - timeWindow);
    const expiresAt = new Date(now.getTime() + timeWindow);
    // A window that started at or before staleBefore has passed: the hit starts a new one.
    const stale = sql`${rateLimit.windowStart} <= ${staleBefore}`;
    this.db
      .insert(rateLimit)
      .values({ key: this.prefix + key, count: 1, windowStart: now, expiresAt })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`CASE WHEN ${stale} THEN 1 ELSE ${rateLimit.count} + 1 END`,
          windowStart: sql`CASE WHEN ${stale} THEN ${now} ELSE ${rateLimit.windowStart} END`,
          expiresAt: sql`CASE WHEN ${stale} THEN ${expiresAt} ELSE ${rateLimit.expiresAt} END`,
        },
      })
      .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart })
      .then(
        (found) => {
          const row = found[0]!;
          callback(null, {
            current: row.count,
            ttl: Math.max(0, row.windowStart.getTime() + timeWindow - now.getTime()),
          });
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = this.clock.now();
    this.db
      .select({ count: rateLimit.count, windowStart: rateLimit.windowStart })
      .from(rateLimit)
      .where(eq(rateLimit.key, this.prefix + key))
      .then(
        (found) => {
          const row = found[0];
          const start = row ? row.windowStart.getTime() : 0;
          if (!row || start + timeWindow <= now.getTime()) return callback(null, { current: 0, ttl: 0 });
          callback(null, { current: row.count, ttl: start + timeWindow - now.getTime() });
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
  }

  /** The plugin passes the route's merged limit settings, whose `routeInfo` is the route (its
   * typings say the route options themselves). */
  child(routeOptions: object): FastifyRateLimitStore {
    const info =
      (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
    return new DbRateLimitStore(this.db, this.clock, `${this.prefix}${method} ${info.url ?? ''}|`);
  }
}

/** A @fastify/rate-limit `store` option that counts in `db`'s rate_limit table. */
export function dbRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  return class extends DbRateLimitStore {
    constructor() {
      super(db, clock, '');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Removes the windows that have passed (the hourly purge). */
export async function purgeRateLimits(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit WHERE expires_at < ${now}`);
}
