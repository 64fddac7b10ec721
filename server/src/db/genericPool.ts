// A PostgreSQL pool's companion: sessions of the same database that plan every prepared statement
// once for all values (`plan_cache_mode = force_generic_plan`), so a statement that asks for a
// generic plan runs in one round trip instead of a SET, the statement and a RESET.
import pg from 'pg';

const companions = new WeakMap<pg.Pool, pg.Pool>();

/** Opens the companion of `pool` (same connection settings plus the plan mode, `max` sessions). */
export function openGenericPool(pool: pg.Pool, max: number): pg.Pool {
  const { options } = pool.options as pg.PoolConfig;
  const generic = new pg.Pool({
    ...(pool.options as pg.PoolConfig),
    max,
    options: [options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' '),
  });
  companions.set(pool, generic);
  return generic;
}

/** The companion of `pool`, when its owner opened one. */
export function genericPoolOf(pool: pg.Pool): pg.Pool | undefined {
  return companions.get(pool);
}
