// The dev beacon chain's constants: the consensus specs' minimal preset for slot and epoch lengths,
// the payd-devnet network of @payd/validator-keys for fork versions and the genesis validators root,
// and payd's own compressed schedule and reward rates (see README.md beside this file).
import { NETWORKS } from '@payd/validator-keys';

const network = NETWORKS['payd-devnet'];

/** Network name served as CONFIG_NAME. */
export const CONFIG_NAME = 'payd-devnet';
/** Chain id of the execution chain whose deposit contract feeds this beacon chain. */
export const DEPOSIT_CHAIN_ID = BigInt(network.chainId);

export const GENESIS_FORK_VERSION = `0x${network.genesisForkVersion}` as const;
export const CAPELLA_FORK_VERSION = `0x${network.capellaForkVersion}` as const;
export const GENESIS_VALIDATORS_ROOT = `0x${network.genesisValidatorsRoot}` as const;

/** Minimal preset: 6-second slots, 8-slot (48-second) epochs. */
export const SECONDS_PER_SLOT = 6n;
export const SLOTS_PER_EPOCH = 8n;
export const SECONDS_PER_EPOCH = SECONDS_PER_SLOT * SLOTS_PER_EPOCH;
export const MAX_SEED_LOOKAHEAD = 4n;
/** Epochs a validator must be active before it may exit (minimal preset). */
export const SHARD_COMMITTEE_PERIOD = 64n;
export const MIN_VALIDATOR_WITHDRAWABILITY_DELAY = 256n;
export const MAX_EFFECTIVE_BALANCE = 32_000_000_000n;
/** Electra (EIP-7251): what a validator needs to be activated, and the most a 0x02 validator counts. */
export const MIN_ACTIVATION_BALANCE = 32_000_000_000n;
export const MAX_EFFECTIVE_BALANCE_ELECTRA = 2_048_000_000_000n;
export const EFFECTIVE_BALANCE_INCREMENT = 1_000_000_000n;
export const EJECTION_BALANCE = 16_000_000_000n;
export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;

/** payd schedule: how long a deposit waits before the beacon chain makes it eligible (one epoch). */
export const DEPOSIT_PROCESSING_DELAY_SECONDS = SECONDS_PER_EPOCH;

/** Attestation rewards of one fully active epoch, in gwei (about 3 % a year on 32 ETH). */
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
    PRESET_BASE: 'minimal',
    SECONDS_PER_SLOT: SECONDS_PER_SLOT.toString(),
    SLOTS_PER_EPOCH: SLOTS_PER_EPOCH.toString(),
    MAX_SEED_LOOKAHEAD: MAX_SEED_LOOKAHEAD.toString(),
    SHARD_COMMITTEE_PERIOD: SHARD_COMMITTEE_PERIOD.toString(),
    MIN_VALIDATOR_WITHDRAWABILITY_DELAY: MIN_VALIDATOR_WITHDRAWABILITY_DELAY.toString(),
    MAX_EFFECTIVE_BALANCE: MAX_EFFECTIVE_BALANCE.toString(),
    MIN_ACTIVATION_BALANCE: MIN_ACTIVATION_BALANCE.toString(),
    MAX_EFFECTIVE_BALANCE_ELECTRA: MAX_EFFECTIVE_BALANCE_ELECTRA.toString(),
    EFFECTIVE_BALANCE_INCREMENT: EFFECTIVE_BALANCE_INCREMENT.toString(),
    EJECTION_BALANCE: EJECTION_BALANCE.toString(),
    MIN_DEPOSIT_AMOUNT: EFFECTIVE_BALANCE_INCREMENT.toString(),
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
    DEPOSIT_CHAIN_ID: DEPOSIT_CHAIN_ID.toString(),
    DEPOSIT_NETWORK_ID: DEPOSIT_CHAIN_ID.toString(),
    DEPOSIT_CONTRACT_ADDRESS: depositContract,
    DOMAIN_DEPOSIT,
    DOMAIN_VOLUNTARY_EXIT,
    // payd's dev schedule, so that clients can show what to expect.
    PAYD_DEPOSIT_PROCESSING_DELAY_SECONDS: DEPOSIT_PROCESSING_DELAY_SECONDS.toString(),
    PAYD_EPOCH_REWARD_GWEI: EPOCH_REWARD_GWEI.toString(),
    PAYD_PROPOSAL_INTERVAL_SLOTS: PROPOSAL_INTERVAL_SLOTS.toString(),
    PAYD_EXECUTION_FEES_PER_PROPOSAL_GWEI: EXECUTION_FEES_PER_PROPOSAL_GWEI.toString(),
    PAYD_MEV_PER_PROPOSAL_GWEI: MEV_PER_PROPOSAL_GWEI.toString(),
    PAYD_WITHDRAWAL_SWEEP_EPOCHS: WITHDRAWAL_SWEEP_EPOCHS.toString(),
  };
}
