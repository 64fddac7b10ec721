// Coming back after a termination (issue 24): a terminated customer (wallet status D) whose
// validators have all exited registers the same wallet again, signing the registration message
// (walletRegistrationMessage) as at the first registration; the wallet is Approved (A) again and
// the customer stakes new validators. The rule and its texts, for the server and the wallet page.
import { z } from 'zod';
import { walletAddressField } from './keyExport.ts';

/**
 * Validator codes that block coming back: deposit under way (0), pending (1, 2), active (3) and
 * exiting (4). Exited (7), withdrawn (6) and never deposited (empty) do not.
 */
export const COME_BACK_BLOCKING_CODES: readonly string[] = ['0', '1', '2', '3', '4'];

/** Whether a customer with validators of these codes may come back. */
export function mayComeBack(codes: readonly (string | null | undefined)[]): boolean {
  return !codes.some((c) => COME_BACK_BLOCKING_CODES.includes(String(c ?? '')));
}

export const comeBackMessages = {
  notTerminated: 'This account is not terminated.',
  declinedByStaff: 'Your wallet was declined by payd. Please contact support.',
  validatorsLive:
    'Your validators are still exiting. You can come back once every validator has exited the beacon chain.',
  done: 'Welcome back: your wallet is registered again and approved for staking.',
  topUpRefused:
    'Your account has been terminated. Please come back on the wallet status page (register your wallet again) before you top up.',
} as const;

/** StakeWalletAddressWs ComeBack: the registered wallet and its signed registration message. */
export const comeBackBody = z.object({
  walletAddress: walletAddressField,
  WalletSignedAt: z.string().trim().min(1).max(64),
  WalletSignature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{130}$/, 'Enter the wallet signature: 0x followed by 130 hexadecimal digits.'),
});
export type ComeBackBody = z.output<typeof comeBackBody>;
