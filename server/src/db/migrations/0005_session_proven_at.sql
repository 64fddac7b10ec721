-- Issue 17: a signed-in person confirms who they are (authWs ConfirmIdentity: password or passkey)
-- without a new session; the session's last proven sign-in is then the later of its start and this.
ALTER TABLE sessions ADD COLUMN proven_at timestamptz;
