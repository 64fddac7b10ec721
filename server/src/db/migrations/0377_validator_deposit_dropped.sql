-- A new validator's deposit the beacon chain dropped (issue 29, request_ignored with operation
-- 'deposit'): the time (the beacon chain's time of that sync: its head slot's start) the sync first saw
-- a deposit of the validator processed without a validator made of it (staking/droppedDeposits.ts:
-- its slot finalized, gone from the served pending_deposits, no validator of its pubkey: an invalid
-- deposit signature; the ETH stays in the deposit contract). Null otherwise; set once, never moves.
ALTER TABLE eth2_validator ADD COLUMN deposit_dropped_utc timestamptz;
CREATE INDEX eth2_validator_deposit_dropped ON eth2_validator (deposit_dropped_utc)
  WHERE deposit_dropped_utc IS NOT NULL;
