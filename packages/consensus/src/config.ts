// The constants of the Electra rules under the names of consensus-specs (presets/mainnet/electra.yaml,
// presets/mainnet/phase0.yaml, configs/mainnet.yaml) and of /eth/v1/config/spec, which serves them as
// decimal strings. MAINNET_CONFIG holds mainnet's values; a network that scales some (payd's dev
// chain) is MAINNET_CONFIG with those names overridden, and a client reads the same names back
// from the node with configFromSpec.

/** Every value the Electra rules of this package read, in gwei, slots, epochs, seconds or counts. */
export interface ConsensusConfig {
  SECONDS_PER_SLOT: bigint;
  SLOTS_PER_EPOCH: bigint;
  MAX_SEED_LOOKAHEAD: bigint;
  SHARD_COMMITTEE_PERIOD: bigint;
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY: bigint;
  EFFECTIVE_BALANCE_INCREMENT: bigint;
  MIN_DEPOSIT_AMOUNT: bigint;
  MAX_EFFECTIVE_BALANCE: bigint;
  MIN_ACTIVATION_BALANCE: bigint;
  MAX_EFFECTIVE_BALANCE_ELECTRA: bigint;
  EJECTION_BALANCE: bigint;
  HYSTERESIS_QUOTIENT: bigint;
  HYSTERESIS_DOWNWARD_MULTIPLIER: bigint;
  HYSTERESIS_UPWARD_MULTIPLIER: bigint;
  CHURN_LIMIT_QUOTIENT: bigint;
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: bigint;
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: bigint;
  MAX_PENDING_DEPOSITS_PER_EPOCH: bigint;
  MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP: bigint;
  MAX_WITHDRAWALS_PER_PAYLOAD: bigint;
  MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: bigint;
  MAX_DEPOSIT_REQUESTS_PER_PAYLOAD: bigint;
  MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD: bigint;
  MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD: bigint;
  PENDING_DEPOSITS_LIMIT: bigint;
  PENDING_PARTIAL_WITHDRAWALS_LIMIT: bigint;
  PENDING_CONSOLIDATIONS_LIMIT: bigint;
  FULL_EXIT_REQUEST_AMOUNT: bigint;
}

/** Mainnet's values (consensus-specs presets/mainnet and configs/mainnet.yaml). */
export const MAINNET_CONFIG: Readonly<ConsensusConfig> = Object.freeze({
  SECONDS_PER_SLOT: 12n,
  SLOTS_PER_EPOCH: 32n,
  MAX_SEED_LOOKAHEAD: 4n,
  SHARD_COMMITTEE_PERIOD: 256n,
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY: 256n,
  EFFECTIVE_BALANCE_INCREMENT: 1_000_000_000n,
  MIN_DEPOSIT_AMOUNT: 1_000_000_000n,
  MAX_EFFECTIVE_BALANCE: 32_000_000_000n,
  MIN_ACTIVATION_BALANCE: 32_000_000_000n,
  MAX_EFFECTIVE_BALANCE_ELECTRA: 2_048_000_000_000n,
  EJECTION_BALANCE: 16_000_000_000n,
  HYSTERESIS_QUOTIENT: 4n,
  HYSTERESIS_DOWNWARD_MULTIPLIER: 1n,
  HYSTERESIS_UPWARD_MULTIPLIER: 5n,
  CHURN_LIMIT_QUOTIENT: 65_536n,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: 128_000_000_000n,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 256_000_000_000n,
  MAX_PENDING_DEPOSITS_PER_EPOCH: 16n,
  MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP: 8n,
  MAX_WITHDRAWALS_PER_PAYLOAD: 16n,
  MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: 16_384n,
  MAX_DEPOSIT_REQUESTS_PER_PAYLOAD: 8192n,
  MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD: 16n,
  MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD: 2n,
  PENDING_DEPOSITS_LIMIT: 134_217_728n,
  PENDING_PARTIAL_WITHDRAWALS_LIMIT: 134_217_728n,
  PENDING_CONSOLIDATIONS_LIMIT: 262_144n,
  FULL_EXIT_REQUEST_AMOUNT: 0n,
});

export const CONFIG_NAMES = Object.keys(MAINNET_CONFIG) as (keyof ConsensusConfig)[];

/** The config as /eth/v1/config/spec serves it: every value a decimal string. */
export function configToSpec(config: ConsensusConfig): Record<keyof ConsensusConfig, string> {
  return Object.fromEntries(CONFIG_NAMES.map((name) => [name, config[name].toString()])) as Record<
    keyof ConsensusConfig,
    string
  >;
}

/**
 * Reads the config from a /eth/v1/config/spec `data` object. A name the node does not serve keeps
 * mainnet's value (older nodes omit some presets); a value that is not a decimal string throws.
 */
export function configFromSpec(spec: Readonly<Record<string, unknown>>): ConsensusConfig {
  const config = { ...MAINNET_CONFIG };
  for (const name of CONFIG_NAMES) {
    const raw = spec[name];
    if (raw === undefined) continue;
    if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw))
      throw new TypeError(`config/spec ${name}: expected a decimal string, got ${JSON.stringify(raw)}`);
    config[name] = BigInt(raw);
  }
  return config;
}
