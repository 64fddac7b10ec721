-- Slashing (issue 29, the validator_slashed alert): the beacon chain's `slashed` flag of a validator is
-- kept as the time the sync first saw it set (the beacon chain's time of that sync: its head slot's
-- start); null while it is not slashed. A slashed validator stays slashed, so the time never moves.
-- Status code 4 alone cannot tell a slashing from a voluntary exit (active_slashed and active_exiting
-- both map to it), nor can 7 (exited_slashed and exited_unslashed).
ALTER TABLE eth2_validator ADD COLUMN slashed_utc timestamptz;
