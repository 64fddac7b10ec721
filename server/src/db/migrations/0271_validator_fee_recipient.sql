-- Issue 24 item 4: each validator's fee recipient (where its execution-layer rewards, priority fees
-- and MEV, are paid), configured as the customer's withdrawal address; and fees and MEV as separate
-- history rows ('el_fees', 'el_mev', each with the chain-88 payment), so that every screen splits
-- them the same way. A combined 'proposal' row becomes one row of each kind (the daily summary's
-- trigger takes the delete and the inserts, so its sums do not change).
ALTER TABLE eth2_validator ADD COLUMN fee_recipient text;
UPDATE eth2_validator v SET fee_recipient = lower(w.eth1_withdrawal_addr)
  FROM eth2_wallet w WHERE w.eth2_wallet_id = v.eth2_wallet_id;

INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, stake_amt,
                            withdraw_amt, stake_reward_amt, mining_reward_amt, mev_reward_amt, time_stamp,
                            block_nbr, epoch_nbr, slot_nbr, tx_hash, tx_status_cd)
SELECT eth2_wallet_id, eth2_validator_id, usr_id, k.kind, source_key, 0, 0, 0,
       CASE WHEN k.kind = 'el_fees' THEN mining_reward_amt ELSE 0 END,
       CASE WHEN k.kind = 'el_mev' THEN mev_reward_amt ELSE 0 END,
       time_stamp, block_nbr, epoch_nbr, slot_nbr, tx_hash, tx_status_cd
FROM eth_tx_history h CROSS JOIN (VALUES ('el_fees'), ('el_mev')) AS k(kind)
WHERE h.tx_kind = 'proposal'
  AND (CASE WHEN k.kind = 'el_fees' THEN h.mining_reward_amt ELSE h.mev_reward_amt END) <> 0
ON CONFLICT DO NOTHING;
DELETE FROM eth_tx_history WHERE tx_kind = 'proposal';
