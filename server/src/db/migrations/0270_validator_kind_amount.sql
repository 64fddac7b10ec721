-- Issue 25: a customer's validators are of two kinds since Pectra, named by the first byte of their
-- withdrawal credentials: 0x01 (32 ETH effective at most) and 0x02 (compounding, EIP-7251, up to
-- 2048 ETH), and each is deposited with its own amount. withdrawal_kind is the kind its deposit data
-- was signed for; deposit_gwei the amount of that first deposit in gwei (1 to 2048 ETH; a new 0x01
-- validator takes exactly 32 ETH, a 0x02 one 32 to 2048: @payd/schemas newValidatorAmountProblem).
-- Every validator made before this migration is a 0x01 validator of 32 ETH (createValidators.ts made
-- nothing else); the credentials recorded in validator_json say so, and a row whose credentials
-- start with 02 is marked 0x02 all the same.
ALTER TABLE eth2_validator
  ADD COLUMN withdrawal_kind text NOT NULL DEFAULT '0x01'
    CONSTRAINT eth2_validator_withdrawal_kind_check CHECK (withdrawal_kind IN ('0x01', '0x02')),
  ADD COLUMN deposit_gwei bigint NOT NULL DEFAULT 32000000000
    CONSTRAINT eth2_validator_deposit_gwei_check CHECK (deposit_gwei BETWEEN 1000000000 AND 2048000000000);

UPDATE eth2_validator SET withdrawal_kind = '0x02'
 WHERE validator_json ~ '"withdrawal_credentials"\s*:\s*"(0x)?02';
