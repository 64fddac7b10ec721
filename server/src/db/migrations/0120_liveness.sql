-- Liveness sessions of the KYC wizard (issue 4, CynopsisWs): GetAccessToken opens one for the
-- signed-in customer, CompleteLiveness closes it once with the server's own verdict on the selfie.
-- The access token itself is never stored, only its SHA-256.
CREATE TABLE kyc_liveness_session (
  session_id text PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  provider text NOT NULL,
  status text NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'PASSED', 'FAILED', 'ERROR')),
  result text,
  created_on timestamptz NOT NULL,
  expires_on timestamptz NOT NULL,
  completed_on timestamptz
);
CREATE INDEX kyc_liveness_session_user ON kyc_liveness_session (usr_id, created_on);
