// Database errors a caller answers with a message of its own rather than a 500.

/** PostgreSQL's unique_violation (23505), as pg and PGlite raise it, or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
