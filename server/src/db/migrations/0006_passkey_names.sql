-- Issue 17: the security page lists the person's passkeys with a name they can change and when
-- each was last used (set on every passkey sign-in or confirmation). Existing passkeys are named
-- 'Passkey 1', 'Passkey 2', ... per person, in the order they were registered.
ALTER TABLE webauthn_credentials ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE webauthn_credentials ADD COLUMN last_used_at timestamptz;
UPDATE webauthn_credentials c SET name = 'Passkey ' || n.k
  FROM (SELECT id, row_number() OVER (PARTITION BY usr_id ORDER BY created_at, id) AS k
          FROM webauthn_credentials) n
 WHERE c.id = n.id;
