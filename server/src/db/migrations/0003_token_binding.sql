-- OAuth details (issue 15 item 10): a session remembers the client its tokens were issued to
-- (a refresh token works for that client only), and an authorization code remembers the
-- session its first exchange made (a replayed code revokes that session, OAuth 2.1).
ALTER TABLE sessions ADD COLUMN client_id text NOT NULL DEFAULT 'payd-web';
ALTER TABLE auth_codes ADD COLUMN session_id text;
