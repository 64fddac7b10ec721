// Wallet registration (StakeWalletAddressWs, StakeUserInfoWs; spec 001 section 4 'Wallet
// registration status'): one wallet per customer, saved with status A; the wallet status of the
// signed-in user; and, once an approved customer's wallet is registered, the on-chain KYC mark.
import { sql } from 'drizzle-orm';
import { WALLET_PROOF_MAX_AGE_MS } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { isStaff } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { failed, invalidField } from '../wire/errors.ts';
import type { KycRegistry } from './kycRegistry.ts';
import { ownershipProven, type WalletOwnershipProof } from './walletProof.ts';

export const RegistrationMessages = {
  badAddress: 'Enter a wallet address: 0x followed by 40 hexadecimal digits.',
  switchWallet:
    'Another wallet is already registered to this account. Please switch to that wallet in your wallet app.',
  takenWallet: 'This wallet is registered to another account.',
  proofRequired:
    'The wallet signature could not be verified. Please sign the registration message with the wallet you register.',
  addressFixed:
    'The wallet address of a registration cannot be changed. Please contact support to use another wallet.',
  profileExists: 'Your staking profile exists already.',
  terminated: 'This account has been terminated: no new validators can be created. Please contact support.',
} as const;

const statusText: Record<string, string> = { A: 'Approved', D: 'Declined', '': 'Not Registered' };
const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * Proof that the caller controls `address`: `options.WalletSignature` is the wallet's EIP-191
 * signature of walletRegistrationMessage for this address, the caller and `options.WalletSignedAt`,
 * which must be within WALLET_PROOF_MAX_AGE_MS of `now`. Without it anyone could register (and have
 * marked KYC-approved on chain) an address that is not theirs. Returns the proof to record.
 */
export async function checkWalletProof(
  caller: Caller,
  address: string,
  options: unknown,
  now: Date,
): Promise<WalletOwnershipProof> {
  const o = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  const signedAt = typeof o.WalletSignedAt === 'string' ? o.WalletSignedAt : '';
  const signature = typeof o.WalletSignature === 'string' ? o.WalletSignature : '';
  const at = Date.parse(signedAt);
  const refused = () => failed('wallet_proof', RegistrationMessages.proofRequired);
  if (!signedAt || !Number.isFinite(at) || Math.abs(now.getTime() - at) > WALLET_PROOF_MAX_AGE_MS)
    throw refused();
  const proof = { address: address.toLowerCase(), usrId: caller.usrId, signedAt, signature };
  if (!(await ownershipProven(proof))) throw refused();
  return proof;
}

/** Whether SaveData's options carry a wallet signature (a registration's proof). */
export function hasWalletProof(options: unknown): boolean {
  return Boolean(options && typeof options === 'object' && 'WalletSignature' in options);
}

/**
 * Checks a customer's new registration before the screen engine writes it; returns the verified
 * proof (null for staff, who register no wallets: the screen gives them no AllowAdd).
 */
export async function checkNewRegistration(
  db: Db,
  caller: Caller,
  address: unknown,
  options: unknown,
  now: Date,
): Promise<WalletOwnershipProof | null> {
  if (isStaff(caller.role)) return null;
  if (typeof address !== 'string' || !addressPattern.test(address))
    throw invalidField('mst.StakeWalletAddr2', RegistrationMessages.badAddress);
  const proof = await checkWalletProof(caller, address, options, now);
  await checkRegistrationFree(db, caller, address);
  return proof;
}

/** One wallet per customer, one customer per wallet (run again inside the saving transaction,
 * after checkNewRegistration, with the customer's row locked). */
export async function checkRegistrationFree(db: Db, caller: Caller, address: string): Promise<void> {
  const found = await rows(
    db,
    sql`SELECT usr_id, lower(stake_wallet_addr) AS addr FROM stake_wallet_address
        WHERE usr_id = ${caller.usrId} OR lower(stake_wallet_addr) = lower(${address})`,
  );
  if (found.some((r) => Number(r.usr_id) === caller.usrId))
    throw failed('switch_wallet', RegistrationMessages.switchWallet);
  if (found.length) throw failed('wallet_taken', RegistrationMessages.takenWallet);
}

/** Keeps the proof a registration was accepted with on its row (the row's address must be the
 * proven one); the on-chain mark is sent only for such a row. */
export async function recordWalletProof(
  tx: Db,
  walletId: number,
  proof: WalletOwnershipProof,
  now: Date,
): Promise<void> {
  const updated = await rows(
    tx,
    sql`UPDATE stake_wallet_address SET proof_addr = ${proof.address}, proof_usr_id = ${proof.usrId},
          proof_signed_at = ${proof.signedAt}, proof_signature = ${proof.signature},
          proof_checked_on = ${now.toISOString()}::timestamptz
        WHERE stake_wallet_addr_id = ${walletId} AND usr_id = ${proof.usrId}
          AND lower(stake_wallet_addr) = ${proof.address}
        RETURNING 1 AS ok`,
  );
  if (!updated.length) throw failed('wallet_proof', RegistrationMessages.proofRequired);
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
 * remembers it, so it is sent once. Only a row whose address is the one proven at registration
 * (its recorded proof, signature verified again here and by the registry) is ever sent: an address
 * changed by any other road (a staff edit, SQL) is not marked. A failure leaves it for the next
 * wallet-status call.
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
    sql`SELECT w.stake_wallet_addr_id, w.proof_addr, w.proof_usr_id, w.proof_signed_at, w.proof_signature
        FROM stake_wallet_address w
        WHERE w.usr_id = ${usrId} AND w.stake_wallet_status_cd = 'A' AND w.kyc_marked_on IS NULL
          AND w.proof_usr_id = w.usr_id AND lower(w.stake_wallet_addr) = w.proof_addr
          AND EXISTS (SELECT 1 FROM kyc_person k WHERE k.input_for = ${usrId} AND k.internal_status = 'AP')`,
  );
  if (!w) return false;
  const proof: WalletOwnershipProof = {
    address: String(w.proof_addr),
    usrId: Number(w.proof_usr_id),
    signedAt: String(w.proof_signed_at ?? ''),
    signature: String(w.proof_signature ?? ''),
  };
  if (!(await ownershipProven(proof))) return false;
  try {
    await kyc.markApproved(proof);
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
