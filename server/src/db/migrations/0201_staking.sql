-- Validator staking (spec 001 sections 3-4): customers' Eth2 wallets with their validators, the
-- transaction history the beacon sync writes, wallet registration and the customer's staking info.
-- The wallet's mnemonic is kept only encrypted (AES-256-GCM under a key derived from DATA_KEY).
CREATE TABLE eth2_wallet (
  eth2_wallet_id serial PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  network_id text NOT NULL,
  eth1_withdrawal_addr text NOT NULL,
  start_idx integer NOT NULL DEFAULT 0 CHECK (start_idx >= 0),
  validator_cnt integer NOT NULL DEFAULT 0 CHECK (validator_cnt >= 0),
  remark text,
  unlocked text NOT NULL DEFAULT 'N' CHECK (unlocked IN ('Y', 'N')),
  deposit_json_file text,
  mnemonic_enc text,
  input_by integer,
  input_on timestamptz,
  modified_by integer,
  modified_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
CREATE INDEX eth2_wallet_usr ON eth2_wallet (usr_id);
CREATE INDEX eth2_wallet_addr ON eth2_wallet (lower(eth1_withdrawal_addr));

CREATE TABLE eth2_validator (
  eth2_validator_id serial PRIMARY KEY,
  eth2_wallet_id integer NOT NULL REFERENCES eth2_wallet(eth2_wallet_id) ON DELETE CASCADE,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  idx integer NOT NULL,
  validator_status_cd text,
  balance numeric(38, 9),
  validator_json text,
  deposit_json text,
  created_on_utc timestamptz,
  status_time_stamp_utc timestamptz,
  json_file_name text,
  pub_key text NOT NULL UNIQUE,
  remark text,
  validator_index bigint,
  activation_epoch bigint,
  activation_utc timestamptz,
  exit_epoch bigint,
  exit_utc timestamptz,
  -- Rewards are in the history up to (not including) this epoch.
  rewards_synced_epoch bigint,
  input_by integer,
  input_on timestamptz,
  UNIQUE (eth2_wallet_id, idx)
);
CREATE INDEX eth2_validator_usr ON eth2_validator (usr_id);

-- One row per event; (validator, kind, source_key) makes the sync idempotent: source_key is the
-- tx hash and log index of a deposit, the epoch of a day's rewards, the slot of a proposal or payment.
CREATE TABLE eth_tx_history (
  tx_history_id bigserial PRIMARY KEY,
  eth2_wallet_id integer NOT NULL REFERENCES eth2_wallet(eth2_wallet_id) ON DELETE CASCADE,
  eth2_validator_id integer NOT NULL REFERENCES eth2_validator(eth2_validator_id) ON DELETE CASCADE,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  tx_kind text NOT NULL,
  source_key text NOT NULL,
  stake_amt numeric(38, 18) NOT NULL DEFAULT 0,
  withdraw_amt numeric(38, 18) NOT NULL DEFAULT 0,
  stake_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  mining_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  mev_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  time_stamp timestamptz NOT NULL,
  block_nbr bigint,
  epoch_nbr bigint,
  slot_nbr bigint,
  tx_hash text,
  tx_status_cd text,
  UNIQUE (eth2_validator_id, tx_kind, source_key)
);
CREATE INDEX eth_tx_history_wallet_time ON eth_tx_history (eth2_wallet_id, time_stamp);
CREATE INDEX eth_tx_history_usr_time ON eth_tx_history (usr_id, time_stamp);

-- Who saw a wallet's recovery words, and when.
CREATE TABLE mnemonic_reveal (
  reveal_id bigserial PRIMARY KEY,
  eth2_wallet_id integer NOT NULL REFERENCES eth2_wallet(eth2_wallet_id) ON DELETE CASCADE,
  usr_id integer NOT NULL,
  session_id text NOT NULL,
  ip text,
  revealed_on timestamptz NOT NULL
);

CREATE TABLE stake_wallet_address (
  stake_wallet_addr_id serial PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  stake_wallet_addr text NOT NULL,
  stake_wallet_status_cd text,
  stake_wallet_addr_desc text,
  kyc_marked_on timestamptz,
  input_by integer,
  input_on timestamptz,
  modified_by integer,
  modified_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX stake_wallet_address_addr ON stake_wallet_address (lower(stake_wallet_addr));
CREATE INDEX stake_wallet_address_usr ON stake_wallet_address (usr_id);

CREATE TABLE stake_user_info (
  stake_info_id serial PRIMARY KEY,
  usr_id integer NOT NULL UNIQUE REFERENCES users(usr_id) ON DELETE CASCADE,
  agent_number text,
  ip_country text,
  kyc_status text,
  input_by integer,
  input_on timestamptz,
  modified_by integer,
  modified_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);

INSERT INTO ref_codes (cat, code, label, sort) VALUES
  ('network', '1', 'Ethereum Mainnet', 1),
  ('network', '88', 'DEV', 2),
  ('network', '17000', 'Holesky (17000)', 3),
  ('network', '560048', 'Hoodi (560048)', 4),
  ('network', '11155111', 'Sepolia (11155111)', 5),
  ('validatorStatus', '0', 'Deposit Started', 0),
  ('validatorStatus', '1', 'Pending', 1),
  ('validatorStatus', '2', 'Queued', 2),
  ('validatorStatus', '3', 'Active', 3),
  ('validatorStatus', '4', 'Exiting', 4),
  ('validatorStatus', '6', 'Withdrawn', 6),
  ('validatorStatus', '7', 'Exited', 7),
  ('txStatus', 'S', 'Successful', 1),
  ('txStatus', 'F', 'Failed', 2),
  ('stakeWalletStatus', 'A', 'Approved', 1),
  ('stakeWalletStatus', 'D', 'Declined', 2);
