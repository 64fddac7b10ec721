// The network values the date rules read, from the Beacon API's /eth/v1/config/spec (names as the
// spec and presets spell them) and the genesis time; a value the node does not serve keeps
// mainnet's (consensus-specs presets/mainnet, configs/mainnet.yaml).

/** The constants of one network, in gwei, epochs and slots. */
export interface DatesConfig {
  /** Unix seconds of slot 0 (/eth/v1/beacon/genesis genesis_time). */
  genesisTime: bigint;
  SECONDS_PER_SLOT: bigint;
  SLOTS_PER_EPOCH: bigint;
  MAX_SEED_LOOKAHEAD: bigint;
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY: bigint;
  SHARD_COMMITTEE_PERIOD: bigint;
  EFFECTIVE_BALANCE_INCREMENT: bigint;
  MIN_ACTIVATION_BALANCE: bigint;
  MAX_EFFECTIVE_BALANCE_ELECTRA: bigint;
  CHURN_LIMIT_QUOTIENT: bigint;
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: bigint;
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: bigint;
  MAX_PENDING_DEPOSITS_PER_EPOCH: number;
  MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP: number;
  MAX_WITHDRAWALS_PER_PAYLOAD: number;
  MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: number;
}

/** Mainnet's values (genesis 2020-12-01 12:00:23 UTC). */
export const MAINNET_DATES_CONFIG: DatesConfig = {
  genesisTime: 1_606_824_023n,
  SECONDS_PER_SLOT: 12n,
  SLOTS_PER_EPOCH: 32n,
  MAX_SEED_LOOKAHEAD: 4n,
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY: 256n,
  SHARD_COMMITTEE_PERIOD: 256n,
  EFFECTIVE_BALANCE_INCREMENT: 1_000_000_000n,
  MIN_ACTIVATION_BALANCE: 32_000_000_000n,
  MAX_EFFECTIVE_BALANCE_ELECTRA: 2_048_000_000_000n,
  CHURN_LIMIT_QUOTIENT: 65_536n,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: 128_000_000_000n,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 256_000_000_000n,
  MAX_PENDING_DEPOSITS_PER_EPOCH: 16,
  MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP: 8,
  MAX_WITHDRAWALS_PER_PAYLOAD: 16,
  MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: 16_384,
};

const NUMBER_KEYS = [
  'MAX_PENDING_DEPOSITS_PER_EPOCH',
  'MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP',
  'MAX_WITHDRAWALS_PER_PAYLOAD',
  'MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP',
] as const;

/** The config of a network from its config/spec values (strings) and genesis time. */
export function datesConfigFromSpec(
  values: Readonly<Record<string, string | undefined>>,
  genesisTime: bigint,
): DatesConfig {
  const config: Record<string, bigint | number> = { ...MAINNET_DATES_CONFIG, genesisTime };
  for (const key of Object.keys(MAINNET_DATES_CONFIG)) {
    const v = values[key];
    if (key === 'genesisTime' || v === undefined || !/^\d+$/.test(v)) continue;
    config[key] = (NUMBER_KEYS as readonly string[]).includes(key) ? Number(v) : BigInt(v);
  }
  return config as unknown as DatesConfig;
}

/** compute_activation_exit_epoch */
export const computeActivationExitEpoch = (epoch: bigint, config: DatesConfig): bigint =>
  epoch + 1n + config.MAX_SEED_LOOKAHEAD;

/** compute_start_slot_at_epoch */
export const computeStartSlotAtEpoch = (epoch: bigint, config: DatesConfig): bigint =>
  epoch * config.SLOTS_PER_EPOCH;

/** compute_epoch_at_slot */
export const computeEpochAtSlot = (slot: bigint, config: DatesConfig): bigint =>
  slot / config.SLOTS_PER_EPOCH;

/** The start of `slot` (genesis time + slot x SECONDS_PER_SLOT). */
export const slotStartTime = (slot: bigint, config: DatesConfig): Date =>
  new Date(Number((config.genesisTime + slot * config.SECONDS_PER_SLOT) * 1000n));

/** The start of `epoch` (genesis time + epoch x SECONDS_PER_EPOCH). */
export const epochStartTime = (epoch: bigint, config: DatesConfig): Date =>
  slotStartTime(computeStartSlotAtEpoch(epoch, config), config);
