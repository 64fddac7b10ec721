// The business constants of spec 000 section 9, in one place.
import { WEI_PER_VALIDATOR } from '@payd/schemas/deposit';
import { Decimal } from '../decimal/Decimal.ts';

/** Total collateral ratio under which the system is in recovery mode (155%). */
export const CRITICAL_COLLATERAL_RATIO = Decimal.from('1.55');
/** Collateral ratio under which a cache can be liquidated (115%). */
export const MINIMUM_COLLATERAL_RATIO = Decimal.from('1.15');
/** PAYD added to every cache's debt and paid to its liquidator as gas compensation. */
export const PAYD_LIQUIDATION_RESERVE = Decimal.from(200);
/** Smallest debt a cache may have, not counting the liquidation reserve. */
export const PAYD_MINIMUM_NET_DEBT = Decimal.from(2500);
/** Smallest debt a cache may have, liquidation reserve included. */
export const PAYD_MINIMUM_DEBT = PAYD_LIQUIDATION_RESERVE.add(PAYD_MINIMUM_NET_DEBT);
export const MINIMUM_BORROWING_RATE = Decimal.from('0.005');
export const MAXIMUM_BORROWING_RATE = Decimal.from('0.05');
export const MINIMUM_REDEMPTION_RATE = Decimal.from('0.005');
/** Added to the current borrowing rate when the caller gives no maximum. */
export const DEFAULT_BORROWING_RATE_SLIPPAGE_TOLERANCE = Decimal.from('0.005');
/** Added to the expected redemption rate when the caller gives no maximum. */
export const DEFAULT_REDEMPTION_RATE_SLIPPAGE_TOLERANCE = Decimal.from('0.001');
/** Minutes of fee decay a borrowing transaction is prepared for. */
export const DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES = 10;
/** Caches a single redemption may touch. */
export const REDEMPTION_MAX_ITERATIONS = 70;
/** Samples per approximate-hint call at most. */
export const MAX_HINT_TRIALS_PER_CALL = 2500;
/** Approximate-hint samples per square root of the number of caches. */
export const HINT_TRIALS_PER_SQRT_CACHE = 10;
/** Gas added to estimates of writes that walk the sorted list. */
export const GAS_HEADROOM_MAIN_PATH = 80_000n;
/** Gas added to estimates of liquidations. */
export const GAS_HEADROOM_LIQUIDATION = 50_000n;
/** ETH per validator deposit (@payd/schemas' WEI_PER_VALIDATOR, the one definition). */
export const VALIDATOR_DEPOSIT = Decimal.fromRaw(WEI_PER_VALIDATOR);
/** Milliseconds reads wait to be batched into one multicall. */
export const READ_BATCH_DELAY_MS = 10;
/**
 * Bytes of sub-call calldata one multicall carries before viem splits it into a second eth_call
 * (viem's default is 1,024). A store refresh with a user, the fee wallet balances and the liquid
 * staking reads is 1,140 bytes (1,180 when the fee wallet addresses are checked too): under the
 * default it took two requests a block.
 */
export const READ_BATCH_MAX_BYTES = 4096;
/** Milliseconds over which new-block events are coalesced. */
export const BLOCK_EVENT_COALESCE_MS = 50;
/** Milliseconds before a dropped websocket is reopened. */
export const WEBSOCKET_RETRY_MS = 10_000;
/** Milliseconds between retries of a read that hit 'header not found' or pruned state. */
export const READ_RETRY_MS = 200;
/** Milliseconds between recalculations when nothing else triggers one. */
export const STATE_RECALCULATION_MS = 30_000;
