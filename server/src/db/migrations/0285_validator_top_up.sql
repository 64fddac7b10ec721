-- Issue 25 item 2: top-ups, whole ETH added to one of a customer's active 0x02 validators by a
-- deposit to its public key. A row is made when the server signs the top-up's deposit data
-- ('signed'), gets the transaction hash when the customer's wallet has sent it ('pending'), and is
-- 'credited' when the sync sees the beacon chain's balance reach balance_before_gwei + amount_gwei
-- (the balance when the top-up was signed; rewards only add to it).
CREATE TABLE validator_top_up (
  top_up_id serial PRIMARY KEY,
  eth2_validator_id integer NOT NULL REFERENCES eth2_validator (eth2_validator_id),
  usr_id integer NOT NULL,
  amount_gwei bigint NOT NULL CONSTRAINT validator_top_up_amount_check
    CHECK (amount_gwei BETWEEN 1000000000 AND 2048000000000),
  balance_before_gwei bigint NOT NULL,
  deposit_json text NOT NULL,
  state text NOT NULL DEFAULT 'signed'
    CONSTRAINT validator_top_up_state_check CHECK (state IN ('signed', 'pending', 'credited')),
  tx_hash text,
  requested_utc timestamptz NOT NULL,
  sent_utc timestamptz,
  credited_utc timestamptz
);
CREATE INDEX validator_top_up_validator ON validator_top_up (eth2_validator_id, state);
CREATE INDEX validator_top_up_usr ON validator_top_up (usr_id, top_up_id DESC);
