-- The combined monthly statement (issue 29 item 4, stmt_type_cd C): beside the reward (R) and
-- account (A) statements, one statement a month of everything a customer holds (validator rewards
-- and withdrawals, credits, the cache, the rewards pool, FTX stakes, FETH), each line valued in USD
-- at the day's ETH/USD price. Kept as a PDF (stmt_doc) and a CSV (stmt_csv) of the same lines;
-- only C statements have a CSV.
ALTER TABLE stake_stmt DROP CONSTRAINT stake_stmt_stmt_type_cd_check;
ALTER TABLE stake_stmt ADD CONSTRAINT stake_stmt_stmt_type_cd_check CHECK (stmt_type_cd IN ('R', 'A', 'C'));
ALTER TABLE stake_stmt ADD COLUMN stmt_csv bytea;
ALTER TABLE stake_stmt ADD CONSTRAINT stake_stmt_csv_combined CHECK (stmt_csv IS NULL OR stmt_type_cd = 'C');

INSERT INTO ref_codes (cat, code, label, sort) VALUES ('stmtType', 'C', 'Combined Statement', 3);
