-- alert_chain_scan: how far the alert job has scanned a deployment's logs (issue 29), e.g. the
-- redemptions against customers' caches: `scan` names the scan and the deployment
-- ('cache_redeemed:<chainId>:<cache manager address>'), `block` the last block whose alerts are
-- written. A pass scans the blocks after it and moves it forward only once their alerts are in;
-- several instances only ever move it forward (GREATEST), so a pass that stops halfway leaves the
-- blocks it did not finish to the next one.
CREATE TABLE alert_chain_scan (
  scan text PRIMARY KEY,
  block bigint NOT NULL,
  changed_on timestamptz NOT NULL
);
