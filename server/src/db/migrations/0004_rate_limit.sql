-- Per-IP request limits (@fastify/rate-limit's store, protocol/rateLimitStore.ts), counted here so
-- that every server instance on this database shares them: one row per route and client address,
-- a fixed window that starts at its first request.
CREATE TABLE rate_limit (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_expires_at ON rate_limit (expires_at);
