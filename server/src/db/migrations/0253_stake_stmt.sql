-- Monthly statements (spec 001 'Statement lists', StakeStmt key StmtId8: StmtTypeCd8, UsrId8,
-- StmtDoc8). One row per customer, kind and month: R the reward statement (per validator:
-- opening and closing balance, rewards, withdrawals), A the account statement (credits opening
-- balance, top-ups, charges, closing balance). The PDF is made once from the records and kept;
-- the unique key makes a second generator (another instance, a second run) write nothing.
-- summary holds the figures the PDF prints (exact decimals as text), for lists and checks.
CREATE TABLE stake_stmt (
  stmt_id serial PRIMARY KEY,
  stmt_type_cd text NOT NULL CHECK (stmt_type_cd IN ('R', 'A')),
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  -- First day of the statement's month (UTC).
  stmt_month date NOT NULL CHECK (extract(day FROM stmt_month) = 1),
  stmt_doc bytea NOT NULL,
  stmt_file_name text NOT NULL,
  summary jsonb NOT NULL,
  generated_on timestamptz NOT NULL,
  UNIQUE (usr_id, stmt_type_cd, stmt_month)
);
CREATE INDEX stake_stmt_month ON stake_stmt (stmt_month, stmt_type_cd);

INSERT INTO ref_codes (cat, code, label, sort) VALUES
  ('stmtType', 'R', 'Reward Statement', 1),
  ('stmtType', 'A', 'Account Statement', 2);
