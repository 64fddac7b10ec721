-- The request_confirmed alert (issue 29) reads the top-ups credited in the last days on every pass;
-- the validator_slashed alert the validators slashed in the last days: both small sets of big tables.
CREATE INDEX validator_top_up_credited ON validator_top_up (credited_utc) WHERE state = 'credited';
CREATE INDEX eth2_validator_slashed ON eth2_validator (slashed_utc) WHERE slashed_utc IS NOT NULL;
