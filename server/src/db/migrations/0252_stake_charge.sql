-- Daily charges per validator and the termination for unpaid fees (issue 12, spec 001 section 9:
-- 'Daily charge per validator ... a day counts as fully charged after 00:00 UTC').
--
-- stake_charge: one row per validator and UTC day charged, in credits. The unique pair makes the
-- charge job safe with several runners (INSERT ... ON CONFLICT DO NOTHING): a validator-day is
-- charged once, whoever gets there first. A customer's credit balance is the sum of successful
-- stake_payment credits minus the sum of these charges (billing/charges/ledger.ts). Charges are
-- money records: deleting a user or a validator that has charges is refused (no cascade).
CREATE TABLE stake_charge (
  charge_id serial PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id),
  eth2_validator_id integer NOT NULL REFERENCES eth2_validator(eth2_validator_id),
  charge_day date NOT NULL,
  credit_amt numeric(20, 2) NOT NULL CHECK (credit_amt > 0),
  charged_on timestamptz NOT NULL DEFAULT now(),
  UNIQUE (eth2_validator_id, charge_day)
);
-- Balance and month totals of a customer; a month's charges for statements.
CREATE INDEX stake_charge_usr_day ON stake_charge (usr_id, charge_day);
CREATE INDEX stake_charge_day ON stake_charge (charge_day);

-- The termination state of a customer whose credits run low (one row per customer once it
-- happens). warned_on: the low-credit warning e-mail of the current episode was sent (cleared when
-- a top-up lifts the balance above the warning horizon, so a later episode warns again);
-- terminated_on: the validators were exited and the wallet status set to D for unpaid fees (the
-- termination e-mail went out). Claimed with UPDATE ... WHERE ... IS NULL so that two server
-- instances send each mail once.
CREATE TABLE stake_credit_state (
  usr_id integer PRIMARY KEY REFERENCES users(usr_id),
  warned_on timestamptz,
  terminated_on timestamptz,
  modified_on timestamptz NOT NULL DEFAULT now()
);
