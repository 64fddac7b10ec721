-- Failed sign-ins per account name (issue 15 item 4): the challenge's cost and the back-off
-- grow with them. Keyed by a hash of the lower-cased user name, whether or not it exists.
CREATE TABLE login_failures (
  account_key text PRIMARY KEY,
  failures integer NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL
);
CREATE INDEX login_failures_last ON login_failures (last_at);
