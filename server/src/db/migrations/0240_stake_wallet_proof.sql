-- The ownership proof a wallet registration was accepted with (issue 15): the address as signed
-- (lower case), the account and signing time of the message, and the wallet's signature. The
-- on-chain KYC mark is sent only for a row whose current address is this proven address and whose
-- signature verifies (server/src/staking/registration.ts markOnChainIfApproved). Registrations made
-- before this migration have no recorded proof and are not marked until their owner proves it again.
ALTER TABLE stake_wallet_address
  ADD COLUMN proof_addr text,
  ADD COLUMN proof_usr_id integer,
  ADD COLUMN proof_signed_at text,
  ADD COLUMN proof_signature text,
  ADD COLUMN proof_checked_on timestamptz;
