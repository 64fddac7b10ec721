// The store of @fastify/rate-limit's per-IP limits in the database (PostgreSQL, or the embedded
// PGlite), instead of its default per-process memory: several server instances behind a load
// balancer count the same requests. One upsert per request: a fixed window per key that starts at
// its first hit and restarts once it has passed (the semantics of the default LocalStore).
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { rows, type Executor } from '../framework/sqlText.ts';

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
    rows(
      this.db,
      sql`INSERT INTO rate_limit AS r (key, count, window_start, expires_at)
          VALUES (${this.prefix + key}, 1, ${now}, ${expiresAt})
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN r.window_start <= ${staleBefore} THEN 1 ELSE r.count + 1 END,
            window_start = CASE WHEN r.window_start <= ${staleBefore} THEN ${now} ELSE r.window_start END,
            expires_at = CASE WHEN r.window_start <= ${staleBefore} THEN ${expiresAt} ELSE r.expires_at END
          RETURNING count, window_start`,
    ).then(
      (found) => {
        const row = found[0]!;
        const start = new Date(row.window_start as string | Date).getTime();
        callback(null, {
          current: Number(row.count),
          ttl: Math.max(0, start + timeWindow - now.getTime()),
        });
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = this.clock.now();
    rows(this.db, sql`SELECT count, window_start FROM rate_limit WHERE key = ${this.prefix + key}`).then(
      (found) => {
        const row = found[0];
        const start = row ? new Date(row.window_start as string | Date).getTime() : 0;
        if (!row || start + timeWindow <= now.getTime()) return callback(null, { current: 0, ttl: 0 });
        callback(null, { current: Number(row.count), ttl: start + timeWindow - now.getTime() });
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
