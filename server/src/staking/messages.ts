// Texts of spec 001 the staking calls answer with (sections 2, 5 and 8), defined once.
export const StakingMessages = {
  drawingDownTooMuch: 'You are drawing down more ETH than you have staked.',
  notEnoughActive: 'Not enough active validator(s) to be withdrawn at this moment.',
  notReady: 'The current validator is not ready for withdrawal yet.',
  noValidators: 'No validators yet, please stake a validator first.',
  reAuthRequired:
    'Access denied: please sign in again to reveal your recovery words (a sign-in within the last 5 minutes is required).',
  noWallet: 'Access denied',
  beaconUnavailable: 'The beacon node is not available. Please try again later.',
} as const;

/** 32 ETH per validator (spec 001 section 9). */
export const ETH_PER_VALIDATOR = 32n;
/** Only validators activated more than 2 days ago are withdrawable. */
export const WITHDRAWABLE_AFTER_MS = 172_800_000;
/** DisplayMnemonic needs a sign-in no older than this. */
export const FRESH_AUTH_MS = 5 * 60_000;
/** Codes that count toward Total Staked; 1-3 are live, 3 is active. */
export const STAKED_CODES: readonly string[] = ['1', '2', '3', '4', '7'];
/** Most validators one SaveData may create (each costs a BLS signature and its check). */
export const MAX_VALIDATORS_PER_SAVE = 100;
