// The dev beacon chain's constants: mainnet's Electra config (@payd/consensus MAINNET_CONFIG) with
// the epoch and the activation/exit churn scaled so that queues move in minutes of dev clock
// (DEV_CONSENSUS_CONFIG), the payd-devnet network of @payd/validator-keys for fork versions and the
// genesis validators root, and payd's own reward rates and sweep schedule (see README.md beside this file).
import { configToSpec, MAINNET_CONFIG, type ConsensusConfig } from '@payd/consensus';
import { NETWORKS } from '@payd/validator-keys';

const network = NETWORKS['payd-devnet'];

/** Network name served as CONFIG_NAME. */
export const CONFIG_NAME = 'payd-devnet';
/** Chain id of the execution chain whose deposit contract feeds this beacon chain. */
export const DEPOSIT_CHAIN_ID = BigInt(network.chainId);

export const GENESIS_FORK_VERSION = `0x${network.genesisForkVersion}` as const;
export const CAPELLA_FORK_VERSION = `0x${network.capellaForkVersion}` as const;
export const GENESIS_VALIDATORS_ROOT = `0x${network.genesisValidatorsRoot}` as const;

/**
 * Mainnet's Electra constants with what the dev chain scales: the minimal preset's 6-second slots,
 * 8-slot (48-second) epochs and 64-epoch SHARD_COMMITTEE_PERIOD, and an activation/exit churn of
 * 64 ETH an epoch (mainnet: 256) so that, with MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA's 128 ETH, a dev
 * chain of a few validators has 64 ETH of activation/exit churn and 64 ETH of consolidation churn an
 * epoch (mainnet gives a small chain none: consolidations need more than MIN_ACTIVATION_BALANCE).
 */
export const DEV_CONSENSUS_CONFIG: Readonly<ConsensusConfig> = Object.freeze({
  ...MAINNET_CONFIG,
  SECONDS_PER_SLOT: 6n,
  SLOTS_PER_EPOCH: 8n,
  SHARD_COMMITTEE_PERIOD: 64n,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 64_000_000_000n,
});
/** The names DEV_CONSENSUS_CONFIG changes from mainnet's. */
export const SCALED_CONFIG_NAMES = (Object.keys(MAINNET_CONFIG) as (keyof ConsensusConfig)[]).filter(
  (name) => DEV_CONSENSUS_CONFIG[name] !== MAINNET_CONFIG[name],
);

export const {
  SECONDS_PER_SLOT,
  SLOTS_PER_EPOCH,
  MAX_SEED_LOOKAHEAD,
  SHARD_COMMITTEE_PERIOD,
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY,
  MAX_EFFECTIVE_BALANCE,
  MIN_ACTIVATION_BALANCE,
  MAX_EFFECTIVE_BALANCE_ELECTRA,
  EFFECTIVE_BALANCE_INCREMENT,
  EJECTION_BALANCE,
} = DEV_CONSENSUS_CONFIG;
export const SECONDS_PER_EPOCH = SECONDS_PER_SLOT * SLOTS_PER_EPOCH;
export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;

/** Attestation rewards of one fully active epoch of 32 ETH effective, in gwei (about 3 % a year); they scale with the effective balance. */
export const ATTESTATION_REWARD_GWEI = { head: 378n, target: 702n, source: 378n } as const;
export const EPOCH_REWARD_GWEI =
  ATTESTATION_REWARD_GWEI.head + ATTESTATION_REWARD_GWEI.target + ATTESTATION_REWARD_GWEI.source;

/** Each active validator proposes one block every this many slots (6 hours). */
export const PROPOSAL_INTERVAL_SLOTS = 3600n;
/** Spreads proposers: validator i proposes at slots s with (s + i × this) mod interval = 0 (prime). */
export const PROPOSAL_OFFSET_STEP = 1297n;
/** Execution-layer priority fees the proposer's fee recipient earns per proposal, in gwei. */
export const EXECUTION_FEES_PER_PROPOSAL_GWEI = 90_000n;
/** MEV (builder payment) per proposal, in gwei. */
export const MEV_PER_PROPOSAL_GWEI = 130_000n;

/** The withdrawal sweep visits each validator once every this many epochs (one day). */
export const WITHDRAWAL_SWEEP_EPOCHS = 1800n;
/** Spreads the sweep: validator i is visited at epochs e with (e + i × this) mod period = 0. */
export const WITHDRAWAL_SWEEP_OFFSET_STEP = 97n;

export const DOMAIN_DEPOSIT = '0x03000000';
export const DOMAIN_VOLUNTARY_EXIT = '0x04000000';

/** The /eth/v1/config/spec answer: every value a decimal or hex string, as the Beacon API has it. */
export function specValues(depositContract: string): Record<string, string> {
  const version = (fork: number) => `0x${fork}0000058`;
  return {
    CONFIG_NAME,
    PRESET_BASE: 'mainnet',
    ...configToSpec(DEV_CONSENSUS_CONFIG),
    FAR_FUTURE_EPOCH: FAR_FUTURE_EPOCH.toString(),
    GENESIS_FORK_VERSION,
    ALTAIR_FORK_VERSION: version(2),
    ALTAIR_FORK_EPOCH: '0',
    BELLATRIX_FORK_VERSION: version(3),
    BELLATRIX_FORK_EPOCH: '0',
    CAPELLA_FORK_VERSION,
    CAPELLA_FORK_EPOCH: '0',
    DENEB_FORK_VERSION: version(5),
    DENEB_FORK_EPOCH: '0',
    ELECTRA_FORK_VERSION: version(6),
    ELECTRA_FORK_EPOCH: '0',
    DEPOSIT_CHAIN_ID: DEPOSIT_CHAIN_ID.toString(),
    DEPOSIT_NETWORK_ID: DEPOSIT_CHAIN_ID.toString(),
    DEPOSIT_CONTRACT_ADDRESS: depositContract,
    DOMAIN_DEPOSIT,
    DOMAIN_VOLUNTARY_EXIT,
    // payd's dev schedule, so that clients can show what to expect.
    PAYD_SCALED_CONFIG: SCALED_CONFIG_NAMES.join(','),
    // For pre-Electra clients (the server's activation estimate until it reads pending_deposits): a
    // deposit is applied about two epochs after its block (finality) and queued for activation two
    // epochs later (eligibility, then its finality), so it is "processed" four epochs after its block
    // when no queue holds it back (one epoch sooner for a deposit in an epoch's first slot).
    PAYD_DEPOSIT_PROCESSING_DELAY_SECONDS: (4n * SECONDS_PER_EPOCH).toString(),
    PAYD_EPOCH_REWARD_GWEI: EPOCH_REWARD_GWEI.toString(),
    PAYD_PROPOSAL_INTERVAL_SLOTS: PROPOSAL_INTERVAL_SLOTS.toString(),
    PAYD_EXECUTION_FEES_PER_PROPOSAL_GWEI: EXECUTION_FEES_PER_PROPOSAL_GWEI.toString(),
    PAYD_MEV_PER_PROPOSAL_GWEI: MEV_PER_PROPOSAL_GWEI.toString(),
    PAYD_WITHDRAWAL_SWEEP_EPOCHS: WITHDRAWAL_SWEEP_EPOCHS.toString(),
    PAYD_WITHDRAWAL_SWEEP_OFFSET_STEP: WITHDRAWAL_SWEEP_OFFSET_STEP.toString(),
  };
}
