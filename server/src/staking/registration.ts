// Wallet registration (StakeWalletAddressWs, StakeUserInfoWs; spec 001 section 4 'Wallet
// registration status'): one wallet per customer, saved with status A; the wallet status of the
// signed-in user; and, once an approved customer's wallet is registered, the on-chain KYC mark.
import { and, asc, eq, exists, ilike, isNull, or, sql } from 'drizzle-orm';
import { WALLET_PROOF_MAX_AGE_MS, type WalletRegistrationStatus } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { kycPerson, refCodes, stakeUserInfo, stakeWalletAddress } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { isStaff } from '../framework/roles.ts';
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
  terminated:
    'This account has been terminated: no new validators can be created. To stake again, come back on the wallet status page.',
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
  const found = await db
    .select({ usrId: stakeWalletAddress.usrId })
    .from(stakeWalletAddress)
    .where(
      or(
        eq(stakeWalletAddress.usrId, caller.usrId),
        sql`lower(${stakeWalletAddress.stakeWalletAddr}) = lower(${address})`,
      ),
    );
  if (found.some((r) => r.usrId === caller.usrId))
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
  const updated = await tx
    .update(stakeWalletAddress)
    .set({
      proofAddr: proof.address,
      proofUsrId: proof.usrId,
      proofSignedAt: proof.signedAt,
      proofSignature: proof.signature,
      proofCheckedOn: now,
    })
    .where(
      and(
        eq(stakeWalletAddress.stakeWalletAddrId, walletId),
        eq(stakeWalletAddress.usrId, proof.usrId),
        sql`lower(${stakeWalletAddress.stakeWalletAddr}) = ${proof.address}`,
      ),
    )
    .returning({ id: stakeWalletAddress.stakeWalletAddrId });
  if (!updated.length) throw failed('wallet_proof', RegistrationMessages.proofRequired);
}

/** Whether the customer's wallet is declined (D): the account is terminated. */
export async function isTerminated(db: Db, usrId: number): Promise<boolean> {
  const found = await db
    .select({ id: stakeWalletAddress.stakeWalletAddrId })
    .from(stakeWalletAddress)
    .where(and(eq(stakeWalletAddress.usrId, usrId), eq(stakeWalletAddress.stakeWalletStatusCd, 'D')))
    .limit(1);
  return found.length > 0;
}

/** A customer whose wallet was declined (D, account terminated) creates no more validators. */
export async function checkNotTerminated(db: Db, caller: Caller): Promise<void> {
  if (isStaff(caller.role)) return;
  if (await isTerminated(db, caller.usrId))
    throw failed('account_terminated', RegistrationMessages.terminated);
}

/** The agents offered at registration (StakeUserInfoWs GetAgentNumber17List): ref codes 'stakeAgent'. */
export async function agentChoices(db: Db, query: string, topN: number) {
  const q = query.trim();
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return db
    .select({ key: refCodes.code, label: refCodes.label })
    .from(refCodes)
    .where(
      and(
        eq(refCodes.cat, 'stakeAgent'),
        q ? or(ilike(refCodes.label, like), ilike(refCodes.code, like)) : undefined,
      ),
    )
    .orderBy(asc(refCodes.sort), asc(refCodes.label))
    .limit(topN);
}

export async function checkNewProfile(db: Db, caller: Caller): Promise<void> {
  if (isStaff(caller.role)) return;
  const found = await db
    .select({ id: stakeUserInfo.stakeInfoId })
    .from(stakeUserInfo)
    .where(eq(stakeUserInfo.usrId, caller.usrId));
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
  const w = stakeWalletAddress;
  const [found] = await db
    .select({
      id: w.stakeWalletAddrId,
      proofAddr: w.proofAddr,
      proofUsrId: w.proofUsrId,
      proofSignedAt: w.proofSignedAt,
      proofSignature: w.proofSignature,
    })
    .from(w)
    .where(
      and(
        eq(w.usrId, usrId),
        eq(w.stakeWalletStatusCd, 'A'),
        isNull(w.kycMarkedOn),
        eq(w.proofUsrId, w.usrId),
        sql`lower(${w.stakeWalletAddr}) = ${w.proofAddr}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(kycPerson)
            .where(and(eq(kycPerson.inputFor, usrId), eq(kycPerson.internalStatus, 'AP'))),
        ),
      ),
    );
  if (!found) return false;
  // The statement's conditions make the proof's address and account non-null.
  const proof: WalletOwnershipProof = {
    address: found.proofAddr!,
    usrId: found.proofUsrId!,
    signedAt: found.proofSignedAt ?? '',
    signature: found.proofSignature ?? '',
  };
  if (!(await ownershipProven(proof))) return false;
  try {
    await kyc.markApproved(proof);
  } catch (err) {
    log(err);
    return false;
  }
  await db.execute(
    sql`UPDATE stake_wallet_address SET kyc_marked_on = now() WHERE stake_wallet_addr_id = ${found.id}`,
  );
  return true;
}

/** The wallet status page: the connected wallet's status for this account, and the switch rule. */
export async function walletStatus(
  db: Db,
  caller: Caller,
  walletAddress: string,
): Promise<WalletRegistrationStatus> {
  const mine = await db
    .select({
      addr: stakeWalletAddress.stakeWalletAddr,
      cd: sql<string>`coalesce(${stakeWalletAddress.stakeWalletStatusCd}, '')`,
    })
    .from(stakeWalletAddress)
    .where(eq(stakeWalletAddress.usrId, caller.usrId))
    .orderBy(asc(stakeWalletAddress.stakeWalletAddrId));
  const connected = mine.find((r) => r.addr.toLowerCase() === walletAddress.toLowerCase());
  const code = connected ? connected.cd : '';
  return {
    StakeWalletStatusCd2: code,
    StakeWalletStatusCd2Text: statusText[code] ?? code,
    /** Y: another wallet is tied to this account; the user must switch to it. */
    SwitchWallet: !connected && mine.length > 0 ? 'Y' : 'N',
    RegisteredWalletAddr: mine[0] ? mine[0].addr : null,
  };
}
