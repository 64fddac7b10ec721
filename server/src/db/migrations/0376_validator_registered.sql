-- A new validator's deposit confirmed (issue 29, request_confirmed with operation 'deposit'): the time
-- the sync first saw the validator in the beacon chain's registry (with an index: since Electra its
-- deposit went through pending_deposits first), the beacon chain's time of that sync (its head slot's
-- start); null while the registry does not hold it. Set once, it never moves. Validators the registry
-- held before this migration take their last status stamp: their exact time is not known, and the
-- alert job tells only the deposits of the last days whose validator is not active yet.
ALTER TABLE eth2_validator ADD COLUMN registered_utc timestamptz;
UPDATE eth2_validator SET registered_utc = coalesce(status_time_stamp_utc, input_on, now())
  WHERE validator_index IS NOT NULL;
CREATE INDEX eth2_validator_registered ON eth2_validator (registered_utc) WHERE registered_utc IS NOT NULL;
