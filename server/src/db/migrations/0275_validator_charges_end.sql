-- The day a validator's charges end (issue 24): set when its customer comes back after a
-- termination, to the termination's day, on every validator that ran before it. The terminated
-- period is never charged (status D is not charged), and coming back must not charge it afterwards:
-- the charge run skips days from this one on (billing/charges/chargeRun.ts, staking/comeBack.ts).
ALTER TABLE eth2_validator ADD COLUMN charges_end_day date;
