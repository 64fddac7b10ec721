// The network values the date rules read: the package's ConsensusConfig (from the Beacon API's
// /eth/v1/config/spec; a value the node does not serve keeps mainnet's) and the genesis time.
import { configFromSpec, MAINNET_CONFIG, type ConsensusConfig } from '../config.ts';
import { computeStartSlotAtEpoch } from '../state.ts';

/** The constants of one network (ConsensusConfig, from config/spec) and its genesis time. */
export interface DatesConfig extends ConsensusConfig {
  /** Unix seconds of slot 0 (/eth/v1/beacon/genesis genesis_time). */
  genesisTime: bigint;
}

/** Mainnet's values (genesis 2020-12-01 12:00:23 UTC). */
export const MAINNET_DATES_CONFIG: DatesConfig = { ...MAINNET_CONFIG, genesisTime: 1_606_824_023n };

/** The config of a network from its config/spec values (decimal strings) and genesis time. */
export function datesConfigFromSpec(
  values: Readonly<Record<string, string | undefined>>,
  genesisTime: bigint,
): DatesConfig {
  return { ...configFromSpec(values), genesisTime };
}

/** compute_epoch_at_slot */
export const computeEpochAtSlot = (slot: bigint, config: DatesConfig): bigint =>
  slot / config.SLOTS_PER_EPOCH;

/** The start of `slot` (genesis time + slot x SECONDS_PER_SLOT). */
export const slotStartTime = (slot: bigint, config: DatesConfig): Date =>
  new Date(Number((config.genesisTime + slot * config.SECONDS_PER_SLOT) * 1000n));

/** The start of `epoch` (genesis time + epoch x SECONDS_PER_EPOCH). */
export const epochStartTime = (epoch: bigint, config: DatesConfig): Date =>
  slotStartTime(computeStartSlotAtEpoch(epoch, config), config);
