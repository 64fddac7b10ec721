-- The exact text a challenge was issued with (SIWE message), stored as a hash so the signed
-- message must be the one the server wrote.
ALTER TABLE auth_challenges ADD COLUMN payload_hash text NOT NULL DEFAULT '';
