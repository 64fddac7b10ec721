-- Quick-search indexes of Eth2WalletWs and EthTxHistoryWs (both list eth2_wallet): the screen
-- framework matches their search columns Eth1WithdrawalAddr6 and Remark6 as
-- to_tsvector('simple', coalesce(col::text, '')) (framework/sqlText.ts tsvectorExpr), and the
-- dashboard finds a customer's wallets by a quick search on the address. Built like the other
-- search indexes (0150): without the fast-update pending list, which PGlite never merges.
CREATE INDEX eth2_wallet_addr_search ON eth2_wallet
  USING gin (to_tsvector('simple'::regconfig, coalesce(eth1_withdrawal_addr::text, ''))) WITH (fastupdate = off);
CREATE INDEX eth2_wallet_remark_search ON eth2_wallet
  USING gin (to_tsvector('simple'::regconfig, coalesce(remark::text, ''))) WITH (fastupdate = off);
