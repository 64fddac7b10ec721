// Wallet registration (StakeWalletAddressWs, StakeUserInfoWs; spec 001 section 4 'Wallet
// registration status'): one wallet per customer, saved with status A; the wallet status of the
// signed-in user; and, once an approved customer's wallet is registered, the on-chain KYC mark.
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { isStaff } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { failed, invalidField } from '../protocol/errors.ts';
import type { KycRegistry } from './kycRegistry.ts';

export const RegistrationMessages = {
  badAddress: 'Enter a wallet address: 0x followed by 40 hexadecimal digits.',
  switchWallet:
    'Another wallet is already registered to this account. Please switch to that wallet in your wallet app.',
  takenWallet: 'This wallet is registered to another account.',
  profileExists: 'Your staking profile exists already.',
} as const;

const statusText: Record<string, string> = { A: 'Approved', D: 'Declined', '': 'Not Registered' };
const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/** Checks a customer's new registration before the screen engine writes it. */
export async function checkNewRegistration(db: Db, caller: Caller, address: unknown): Promise<void> {
  if (isStaff(caller.role)) return;
  if (typeof address !== 'string' || !addressPattern.test(address))
    throw invalidField('mst.StakeWalletAddr2', RegistrationMessages.badAddress);
  const found = await rows(
    db,
    sql`SELECT usr_id, lower(stake_wallet_addr) AS addr FROM stake_wallet_address
        WHERE usr_id = ${caller.usrId} OR lower(stake_wallet_addr) = lower(${address})`,
  );
  if (found.some((r) => Number(r.usr_id) === caller.usrId))
    throw failed('switch_wallet', RegistrationMessages.switchWallet);
  if (found.length) throw failed('wallet_taken', RegistrationMessages.takenWallet);
}

export async function checkNewProfile(db: Db, caller: Caller): Promise<void> {
  if (isStaff(caller.role)) return;
  const found = await rows(db, sql`SELECT 1 FROM stake_user_info WHERE usr_id = ${caller.usrId}`);
  if (found.length) throw failed('profile_exists', RegistrationMessages.profileExists);
}

/**
 * Marks the customer's approved wallet Approved on chain once their KYC is approved (status AP);
 * remembers it, so it is sent once. A failure leaves it for the next wallet-status call.
 */
export async function markOnChainIfApproved(
  db: Db,
  kyc: KycRegistry | null,
  usrId: number,
  log: (err: unknown) => void,
): Promise<boolean> {
  if (!kyc) return false;
  const [w] = await rows(
    db,
    sql`SELECT w.stake_wallet_addr_id, w.stake_wallet_addr FROM stake_wallet_address w
        WHERE w.usr_id = ${usrId} AND w.stake_wallet_status_cd = 'A' AND w.kyc_marked_on IS NULL
          AND EXISTS (SELECT 1 FROM kyc_person k WHERE k.input_for = ${usrId} AND k.internal_status = 'AP')`,
  );
  if (!w) return false;
  try {
    await kyc.markApproved(String(w.stake_wallet_addr) as Address);
  } catch (err) {
    log(err);
    return false;
  }
  await db.execute(
    sql`UPDATE stake_wallet_address SET kyc_marked_on = now() WHERE stake_wallet_addr_id = ${Number(w.stake_wallet_addr_id)}`,
  );
  return true;
}

/** The wallet status page: the connected wallet's status for this account, and the switch rule. */
export async function walletStatus(db: Db, caller: Caller, walletAddress: string) {
  const mine = await rows(
    db,
    sql`SELECT stake_wallet_addr, coalesce(stake_wallet_status_cd, '') AS cd FROM stake_wallet_address
        WHERE usr_id = ${caller.usrId} ORDER BY stake_wallet_addr_id`,
  );
  const connected = mine.find(
    (r) => String(r.stake_wallet_addr).toLowerCase() === walletAddress.toLowerCase(),
  );
  const code = connected ? String(connected.cd) : '';
  return {
    StakeWalletStatusCd2: code,
    StakeWalletStatusCd2Text: statusText[code] ?? code,
    /** Y: another wallet is tied to this account; the user must switch to it. */
    SwitchWallet: !connected && mine.length > 0 ? 'Y' : 'N',
    RegisteredWalletAddr: mine[0] ? String(mine[0].stake_wallet_addr) : null,
  };
}
