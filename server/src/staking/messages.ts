// Texts of spec 001 the staking calls answer with (sections 2, 5 and 8), defined once.
import { confirmIdentityMessages } from '@payd/schemas';

export const StakingMessages = {
  drawingDownTooMuch: 'You are drawing down more ETH than you have staked.',
  notEnoughActive: 'Not enough active validator(s) to be withdrawn at this moment.',
  notReady: 'The current validator is not ready for withdrawal yet.',
  noValidators: 'No validators yet, please stake a validator first.',
  /** Answered with `reauth_required` (403): the page asks the person to confirm who they are. */
  reAuthRequired: confirmIdentityMessages.required,
  noWallet: 'Access denied',
  beaconUnavailable: 'The beacon node is not available. Please try again later.',
} as const;

/** 32 ETH per validator (spec 001 section 9). */
export const ETH_PER_VALIDATOR = 32n;
/** Only validators activated more than 2 days ago are withdrawable. */
export const WITHDRAWABLE_AFTER_MS = 172_800_000;
/** Codes that count toward Total Staked; 1-3 are live, 3 is active. */
export const STAKED_CODES: readonly string[] = ['1', '2', '3', '4', '7'];
/** Most validators one SaveData may create (each costs a BLS signature and its check): one stake's. */
export { MAX_VALIDATORS_PER_STAKE as MAX_VALIDATORS_PER_SAVE } from '@payd/schemas';
