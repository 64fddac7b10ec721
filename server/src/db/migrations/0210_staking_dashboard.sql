-- Dashboard speed (spec 001 'Dashboard', issue 7): GetRewards reads a per-wallet per-day summary of
-- the transaction history instead of summing every history row. The summary is kept by a statement
-- trigger on eth_tx_history, so every writer (SyncValidators, tests, repairs) keeps it exact; the
-- rolling Daily/Weekly/Monthly windows add the history rows of their first, partial day.
CREATE TABLE eth_tx_daily (
  eth2_wallet_id integer NOT NULL REFERENCES eth2_wallet(eth2_wallet_id) ON DELETE CASCADE,
  -- UTC day of the rows' time_stamp.
  day date NOT NULL,
  stake_amt numeric(38, 18) NOT NULL DEFAULT 0,
  withdraw_amt numeric(38, 18) NOT NULL DEFAULT 0,
  stake_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  mining_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  mev_reward_amt numeric(38, 18) NOT NULL DEFAULT 0,
  tx_count integer NOT NULL DEFAULT 0,
  -- Earliest deposit (stake_amt > 0) of the day, for the LTD annualisation.
  first_deposit_at timestamptz,
  PRIMARY KEY (eth2_wallet_id, day)
);

CREATE FUNCTION eth_tx_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE eth_tx_daily d SET
      stake_amt = d.stake_amt - o.stake_amt,
      withdraw_amt = d.withdraw_amt - o.withdraw_amt,
      stake_reward_amt = d.stake_reward_amt - o.stake_reward_amt,
      mining_reward_amt = d.mining_reward_amt - o.mining_reward_amt,
      mev_reward_amt = d.mev_reward_amt - o.mev_reward_amt,
      tx_count = d.tx_count - o.n,
      first_deposit_at = (SELECT min(h.time_stamp) FROM eth_tx_history h
                          WHERE h.eth2_wallet_id = d.eth2_wallet_id AND h.stake_amt > 0
                            AND h.time_stamp >= d.day::timestamp AT TIME ZONE 'UTC'
                            AND h.time_stamp < (d.day + 1)::timestamp AT TIME ZONE 'UTC')
    FROM (SELECT eth2_wallet_id, (time_stamp AT TIME ZONE 'UTC')::date AS day, sum(stake_amt) AS stake_amt,
                 sum(withdraw_amt) AS withdraw_amt, sum(stake_reward_amt) AS stake_reward_amt,
                 sum(mining_reward_amt) AS mining_reward_amt, sum(mev_reward_amt) AS mev_reward_amt,
                 count(*)::int AS n
          FROM old_rows GROUP BY 1, 2) o
    WHERE d.eth2_wallet_id = o.eth2_wallet_id AND d.day = o.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO eth_tx_daily AS d (eth2_wallet_id, day, stake_amt, withdraw_amt, stake_reward_amt,
                                   mining_reward_amt, mev_reward_amt, tx_count, first_deposit_at)
    SELECT eth2_wallet_id, (time_stamp AT TIME ZONE 'UTC')::date, sum(stake_amt), sum(withdraw_amt),
           sum(stake_reward_amt), sum(mining_reward_amt), sum(mev_reward_amt), count(*)::int,
           min(time_stamp) FILTER (WHERE stake_amt > 0)
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT (eth2_wallet_id, day) DO UPDATE SET
      stake_amt = d.stake_amt + EXCLUDED.stake_amt,
      withdraw_amt = d.withdraw_amt + EXCLUDED.withdraw_amt,
      stake_reward_amt = d.stake_reward_amt + EXCLUDED.stake_reward_amt,
      mining_reward_amt = d.mining_reward_amt + EXCLUDED.mining_reward_amt,
      mev_reward_amt = d.mev_reward_amt + EXCLUDED.mev_reward_amt,
      tx_count = d.tx_count + EXCLUDED.tx_count,
      first_deposit_at = least(d.first_deposit_at, EXCLUDED.first_deposit_at);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER eth_tx_history_daily_ins AFTER INSERT ON eth_tx_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION eth_tx_daily_apply();
CREATE TRIGGER eth_tx_history_daily_del AFTER DELETE ON eth_tx_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION eth_tx_daily_apply();
CREATE TRIGGER eth_tx_history_daily_upd AFTER UPDATE ON eth_tx_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION eth_tx_daily_apply();

INSERT INTO eth_tx_daily (eth2_wallet_id, day, stake_amt, withdraw_amt, stake_reward_amt, mining_reward_amt,
                          mev_reward_amt, tx_count, first_deposit_at)
SELECT eth2_wallet_id, (time_stamp AT TIME ZONE 'UTC')::date, sum(stake_amt), sum(withdraw_amt),
       sum(stake_reward_amt), sum(mining_reward_amt), sum(mev_reward_amt), count(*)::int,
       min(time_stamp) FILTER (WHERE stake_amt > 0)
FROM eth_tx_history GROUP BY 1, 2;

-- The beacon chain's time at the wallet's last SyncValidators (head slot start). The dev chain's
-- clock can run ahead of the server's (POST /dev/time): GetRewards' rolling windows end at the later
-- of the two, so a day of chain time is a day of rewards.
ALTER TABLE eth2_wallet ADD COLUMN beacon_head_utc timestamptz;
