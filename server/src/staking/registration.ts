// Wallet registration (StakeWalletAddressWs, StakeUserInfoWs; spec 001 section 4 'Wallet
// registration status'): one wallet per customer, saved with status A; the wallet status of the
// signed-in user; and, once an approved customer's wallet is registered, the on-chain KYC mark.
import { sql } from 'drizzle-orm';
import { verifyMessage, type Address, type Hex } from 'viem';
import { WALLET_PROOF_MAX_AGE_MS, walletRegistrationMessage } from '@payd/schemas';
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
  proofRequired:
    'The wallet signature could not be verified. Please sign the registration message with the wallet you register.',
  profileExists: 'Your staking profile exists already.',
  terminated: 'This account has been terminated: no new validators can be created. Please contact support.',
} as const;

const statusText: Record<string, string> = { A: 'Approved', D: 'Declined', '': 'Not Registered' };
const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * Proof that the caller controls `address`: `options.WalletSignature` is the wallet's EIP-191
 * signature of walletRegistrationMessage for this address, the caller and `options.WalletSignedAt`,
 * which must be within WALLET_PROOF_MAX_AGE_MS of `now`. Without it anyone could register (and have
 * marked KYC-approved on chain) an address that is not theirs.
 */
export async function checkWalletProof(
  caller: Caller,
  address: string,
  options: unknown,
  now: Date,
): Promise<void> {
  const o = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  const signedAt = typeof o.WalletSignedAt === 'string' ? o.WalletSignedAt : '';
  const signature = typeof o.WalletSignature === 'string' ? o.WalletSignature : '';
  const at = Date.parse(signedAt);
  const refused = () => failed('wallet_proof', RegistrationMessages.proofRequired);
  if (!signedAt || !Number.isFinite(at) || Math.abs(now.getTime() - at) > WALLET_PROOF_MAX_AGE_MS)
    throw refused();
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw refused();
  let valid = false;
  try {
    valid = await verifyMessage({
      address: address as Address,
      message: walletRegistrationMessage({ address, usrId: caller.usrId, signedAt }),
      signature: signature as Hex,
    });
  } catch {
    valid = false;
  }
  if (!valid) throw refused();
}

/** Checks a customer's new registration before the screen engine writes it. */
export async function checkNewRegistration(
  db: Db,
  caller: Caller,
  address: unknown,
  options: unknown,
  now: Date,
): Promise<void> {
  if (isStaff(caller.role)) return;
  if (typeof address !== 'string' || !addressPattern.test(address))
    throw invalidField('mst.StakeWalletAddr2', RegistrationMessages.badAddress);
  await checkWalletProof(caller, address, options, now);
  const found = await rows(
    db,
    sql`SELECT usr_id, lower(stake_wallet_addr) AS addr FROM stake_wallet_address
        WHERE usr_id = ${caller.usrId} OR lower(stake_wallet_addr) = lower(${address})`,
  );
  if (found.some((r) => Number(r.usr_id) === caller.usrId))
    throw failed('switch_wallet', RegistrationMessages.switchWallet);
  if (found.length) throw failed('wallet_taken', RegistrationMessages.takenWallet);
}

/** A customer whose wallet was declined (D, account terminated) creates no more validators. */
export async function checkNotTerminated(db: Db, caller: Caller): Promise<void> {
  if (isStaff(caller.role)) return;
  const found = await rows(
    db,
    sql`SELECT 1 FROM stake_wallet_address WHERE usr_id = ${caller.usrId} AND stake_wallet_status_cd = 'D'`,
  );
  if (found.length) throw failed('account_terminated', RegistrationMessages.terminated);
}

/** The agents offered at registration (StakeUserInfoWs GetAgentNumber17List): ref codes 'stakeAgent'. */
export async function agentChoices(db: Db, query: string, topN: number) {
  const q = query.trim();
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const found = await rows(
    db,
    sql`SELECT code, label FROM ref_codes WHERE cat = 'stakeAgent'
        ${q ? sql`AND (label ILIKE ${like} OR code ILIKE ${like})` : sql``}
        ORDER BY sort, label LIMIT ${topN}`,
  );
  return found.map((r) => ({ key: String(r.code), label: String(r.label) }));
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
