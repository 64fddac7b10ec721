-- Accounts and access (spec 002): users, e-mailed codes, sessions and tokens, passkeys,
-- wallets, counters for rate limits, the dev mail sink, and the seeded menus/systems/cultures.
CREATE TABLE users (
  usr_id serial PRIMARY KEY,
  usr_name text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role integer NOT NULL DEFAULT 1,
  company_id integer NOT NULL DEFAULT 1,
  project_id integer NOT NULL DEFAULT 1,
  culture_id integer NOT NULL DEFAULT 1,
  ref_code text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  password_changed_at timestamptz NOT NULL
);

CREATE TABLE email_codes (
  id text PRIMARY KEY,
  purpose text NOT NULL,
  email text NOT NULL,
  usr_id integer REFERENCES users(usr_id) ON DELETE CASCADE,
  ticket_left text NOT NULL,
  code_hash text NOT NULL,
  link_hash text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_codes_email ON email_codes (email, purpose);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  method text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_usr ON sessions (usr_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE auth_codes (
  code_hash text PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  client_id text NOT NULL,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Server-issued challenges: passkey registration/assertion and SIWE nonces.
CREATE TABLE auth_challenges (
  id text PRIMARY KEY,
  kind text NOT NULL,
  usr_id integer REFERENCES users(usr_id) ON DELETE CASCADE,
  address text,
  origin text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Single-use markers of stateless signed tokens (login challenges, captcha solutions).
CREATE TABLE used_tokens (
  id text PRIMARY KEY,
  kind text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Fixed-window counters for per-account rate limits and failed logins.
CREATE TABLE counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE webauthn_credentials (
  id text PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX webauthn_credentials_usr ON webauthn_credentials (usr_id);

CREATE TABLE wallets (
  address text PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX wallets_usr ON wallets (usr_id);

CREATE TABLE mails (
  id serial PRIMARY KEY,
  mail_from text NOT NULL,
  mail_to text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL
);
CREATE INDEX mails_to ON mails (mail_to);

CREATE TABLE systems (
  system_id integer PRIMARY KEY,
  system_name text NOT NULL,
  system_abbr text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE cultures (
  culture_id integer PRIMARY KEY,
  lang_code text NOT NULL,
  culture_name text NOT NULL
);

CREATE TABLE menus (
  menu_id integer PRIMARY KEY,
  parent_id integer REFERENCES menus(menu_id),
  system_id integer NOT NULL REFERENCES systems(system_id),
  label text NOT NULL,
  path text NOT NULL,
  icon text NOT NULL DEFAULT '',
  sort integer NOT NULL,
  quick boolean NOT NULL DEFAULT false,
  -- Role ids that see the entry; empty means every signed-in user.
  roles text NOT NULL DEFAULT ''
);

CREATE TABLE server_identity (
  key text PRIMARY KEY,
  value text NOT NULL
);

INSERT INTO systems (system_id, system_name, system_abbr, active) VALUES
  (3, 'payd', 'PAYD', true),
  (5, 'payd staking', 'STK', true),
  (9, 'payd lending', 'LND', true);

INSERT INTO cultures (culture_id, lang_code, culture_name) VALUES
  (1, 'en', 'English');

INSERT INTO menus (menu_id, parent_id, system_id, label, path, icon, sort, quick) VALUES
  (1, NULL, 5, 'Account Status', '/accountStatus', 'user-check', 10, true),
  (2, NULL, 5, 'Dashboard', '/dashboard', 'dashboard', 20, true),
  (3, NULL, 5, 'Staking', '', 'coins', 30, false),
  (4, 3, 5, 'Stake ETH', '/stakeOption', 'coins', 31, true),
  (5, 3, 5, 'Withdraw ETH', '/withdrawETH', 'arrow-down', 32, false),
  (6, 3, 5, 'Manage Validators', '/manageValidator', 'server', 33, true),
  (7, NULL, 5, 'Payments', '/payment', 'credit-card', 40, true),
  (8, NULL, 5, 'Statements', '', 'file-text', 50, false),
  (9, 8, 5, 'Reward Statements', '/rewardStatements', 'file-text', 51, false),
  (10, 8, 5, 'Account Statements', '/accountStatements', 'file-text', 52, false),
  (11, NULL, 5, 'Customer Support', '/customer-support', 'help', 60, false),
  (12, NULL, 3, 'Account Status', '/accountStatus', 'user-check', 10, true),
  (13, NULL, 3, 'KYC Status', '/kyc-status', 'id', 20, false);

INSERT INTO server_identity (key, value) VALUES
  ('ServerName', 'payd API'),
  ('Version', '0.1.0');
