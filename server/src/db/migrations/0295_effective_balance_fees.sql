-- Fees that fit (issue 25 item 9): the daily fee is charged per 32 ETH of effective balance
-- (@payd/schemas validatorDailyFee), so the server keeps each validator's effective balance as the
-- beacon chain reports it, and when it changed.
--
-- effective_gwei: the effective balance at the last sync, in gwei (null until the validator is on
-- the beacon chain); chain_kind: the kind its withdrawal credentials have on the beacon chain
-- ('0x01', '0x02'; a 0x01 validator upgraded by a consolidation request becomes 0x02), null until
-- synced, beside withdrawal_kind, the kind its deposit data was signed for.
ALTER TABLE eth2_validator
  ADD COLUMN effective_gwei bigint CONSTRAINT eth2_validator_effective_gwei_check CHECK (effective_gwei >= 0),
  ADD COLUMN chain_kind text CONSTRAINT eth2_validator_chain_kind_check CHECK (chain_kind IN ('0x01', '0x02'));

-- The effective balance of a validator over time: one row each time a sync saw it change, from the
-- beacon chain's time of that sync (head slot start). The charge of a UTC day uses the row in force at
-- its 00:00 (billing/charges/effectiveBalance.ts).
CREATE TABLE eth2_validator_effective (
  eth2_validator_id integer NOT NULL REFERENCES eth2_validator(eth2_validator_id),
  since_utc timestamptz NOT NULL,
  effective_gwei bigint NOT NULL CHECK (effective_gwei >= 0),
  PRIMARY KEY (eth2_validator_id, since_utc)
);

-- What each charge was for: the effective balance of its day (the charge job always names it).
-- Every charge before this migration was the flat fee per validator, i.e. the price of 32 ETH.
ALTER TABLE stake_charge ADD COLUMN effective_gwei bigint NOT NULL DEFAULT 32000000000
  CONSTRAINT stake_charge_effective_gwei_check CHECK (effective_gwei > 0);
