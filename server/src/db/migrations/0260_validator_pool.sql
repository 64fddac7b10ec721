-- The liquid-staking validator pool's server side (issue 13, server/src/liquid): payd's own
-- validator keys that the server admin registers in the on-chain ValidatorPool, their exits and
-- settlements, and the reward reports.
--
-- pool_key: the pool's one BIP-39 mnemonic (row 1), AES-256-GCM under a key derived from DATA_KEY
-- (liquid/poolKeyVault.ts), made once: INSERT ... ON CONFLICT DO NOTHING, then read back, so two
-- instances starting at once keep the same words.
CREATE TABLE pool_key (
  pool_key_id integer PRIMARY KEY CHECK (pool_key_id = 1),
  mnemonic_enc text NOT NULL,
  created_on timestamptz NOT NULL DEFAULT now()
);

-- One row per validator key (m/12381/3600/<key_idx>/0/0 of the pool mnemonic). key_idx and
-- pub_key are unique: a key index is made once whoever makes it, and a pubkey is registered once.
-- status: G generated (deposit data made, not yet registered on chain), A added (available in the
-- pool), S staked (a depositor's ETH deposited it), X exiting (markExiting sent; its voluntary exit
-- is posted when exit_posted_on is set), E exited (settleExits sent: its 32 ETH are free ETH),
-- R removed. pool_validator_no is the contract's id (ids start at 1); beacon_index and
-- beacon_status are what the beacon node said last.
CREATE TABLE pool_validator (
  pool_validator_id serial PRIMARY KEY,
  key_idx integer NOT NULL UNIQUE CHECK (key_idx >= 0),
  pub_key text NOT NULL UNIQUE,
  deposit_json text NOT NULL,
  pool_validator_no bigint UNIQUE,
  status_cd char(1) NOT NULL DEFAULT 'G' CHECK (status_cd IN ('G', 'A', 'S', 'X', 'E', 'R')),
  beacon_index bigint,
  beacon_status text,
  added_on timestamptz,
  staked_on timestamptz,
  exit_requested_on timestamptz,
  exit_posted_on timestamptz,
  exit_error text,
  settled_on timestamptz,
  created_on timestamptz NOT NULL DEFAULT now(),
  modified_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pool_validator_status ON pool_validator (status_cd, pool_validator_no);

-- One row per on-chain report period (block time / reportPeriod): the period is claimed by
-- inserting its row, so two instances never report one period twice. Amounts in wei.
-- status: P being sent, D done (reported, by this row or found reported on chain), F failed (the
-- next run may claim the period again).
CREATE TABLE pool_reward_report (
  period bigint PRIMARY KEY,
  staking_rewards numeric(78, 0) NOT NULL,
  mining_rewards numeric(78, 0) NOT NULL,
  status_cd char(1) NOT NULL DEFAULT 'P' CHECK (status_cd IN ('P', 'D', 'F')),
  tx_hash text,
  error text,
  claimed_on timestamptz NOT NULL DEFAULT now(),
  reported_on timestamptz
);

-- The pool job's lease: one runner at a time across instances (a row, not an advisory lock, as a
-- run waits on chain transactions and must not hold a connection or a transaction open).
CREATE TABLE pool_job_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_on timestamptz NOT NULL
);
