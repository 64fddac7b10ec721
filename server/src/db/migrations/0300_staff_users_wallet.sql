-- The rows UsrWs reads on /staff/users (issue 27 item 11): each account with the on-chain wallet
-- its customer registered (stake_wallet_address, status A, the first one, as billing's
-- registeredWallet reads it) and when the KYC manager was told of it. users.wallets holds the
-- web3 sign-in addresses, not this wallet. Read only: the screen writes nothing.
CREATE VIEW staff_users AS
  SELECT u.usr_id, u.usr_name, u.role, u.culture_id, u.created_at, u.password_changed_at,
    w.stake_wallet_addr AS registered_wallet, w.kyc_marked_on AS registered_wallet_kyc_marked_on
  FROM users u
  LEFT JOIN LATERAL (
    SELECT a.stake_wallet_addr, a.kyc_marked_on
      FROM stake_wallet_address a
     WHERE a.usr_id = u.usr_id AND a.stake_wallet_status_cd = 'A'
     ORDER BY a.stake_wallet_addr_id
     LIMIT 1
  ) w ON true;
