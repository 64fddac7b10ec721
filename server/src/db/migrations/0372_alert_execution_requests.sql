-- The request_confirmed / request_ignored alerts of the customer's wallet requests (issue 29): the
-- EIP-7002 and EIP-7251 predeploys log each request (source address, pubkey, amount or target). A pass
-- reads only the blocks after the last it scanned (alert_chain_scan 'wallet_requests:<chainId>', 0375), keeps the requests sent from a customer's wallets
-- until the beacon chain's finalized state decides them, and tells each once (tx hash + log index).
-- operation: exit | partialWithdrawal | switchToCompounding | consolidation (@payd/consensus
-- LoggedRequestKind). handed_over_time: the time of the first block seen with the request's predeploy
-- queue empty (the request reached the beacon chain by then). outcome: pending until the finalized
-- checkpoint is past it, then confirmed, ignored or unknown (requestOutcome).
CREATE TABLE alert_execution_request (
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  operation text NOT NULL,
  source_address text NOT NULL,
  pubkey text NOT NULL,
  target_pubkey text,
  amount_gwei bigint NOT NULL,
  block_number bigint NOT NULL,
  block_time timestamptz NOT NULL,
  handed_over_time timestamptz,
  outcome text NOT NULL DEFAULT 'pending',
  decided_on timestamptz,
  PRIMARY KEY (tx_hash, log_index, usr_id)
);
CREATE INDEX alert_execution_request_pending ON alert_execution_request (block_number) WHERE outcome = 'pending';
