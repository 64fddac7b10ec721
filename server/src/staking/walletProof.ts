// A wallet's signed proof that a payd account owns it (spec 001 section 4, registration): the
// wallet's EIP-191 signature of walletRegistrationMessage naming the address, the account and the
// signing time. Checked when the wallet is registered, kept with the registration
// (stake_wallet_address.proof_*), and checked again before KycManager is told the address is
// approved, so nothing on chain is ever set for an address whose owner did not sign.
import { verifyMessage, type Address, type Hex } from 'viem';
import { walletRegistrationMessage } from '@payd/schemas';

export interface WalletOwnershipProof {
  /** The wallet, lower-case 0x address (as in the signed message). */
  address: string;
  /** The payd account the wallet was registered to. */
  usrId: number;
  /** The signing time exactly as in the message (ISO text). */
  signedAt: string;
  /** 0x signature (65 bytes) by `address`. */
  signature: string;
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/;
const signaturePattern = /^0x[0-9a-fA-F]{130}$/;

/** True when `proof.signature` is `proof.address`'s signature of the registration message. */
export async function ownershipProven(proof: WalletOwnershipProof): Promise<boolean> {
  if (!addressPattern.test(proof.address) || !signaturePattern.test(proof.signature)) return false;
  if (!Number.isSafeInteger(proof.usrId) || !proof.signedAt) return false;
  try {
    return await verifyMessage({
      address: proof.address as Address,
      message: walletRegistrationMessage({
        address: proof.address,
        usrId: proof.usrId,
        signedAt: proof.signedAt,
      }),
      signature: proof.signature as Hex,
    });
  } catch {
    return false;
  }
}
