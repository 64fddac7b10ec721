// The networks payd can create deposits and exits for. Fork versions and genesis validators roots are
// the public constants of each chain (consensus-specs configs / eth-clients network configs).
import { mixInLength, zeroHash } from './ssz.ts';

export type NetworkName = 'mainnet' | 'holesky' | 'hoodi' | 'sepolia' | 'payd-devnet';

export interface Network {
  name: NetworkName;
  /** `network_name` written into deposit data JSON (staking-deposit-cli's names; ours for the devnet). */
  depositNetworkName: string;
  /** Execution-layer chain id. */
  chainId: number;
  /** GENESIS_FORK_VERSION, hex without 0x: signs deposits (DOMAIN_DEPOSIT). */
  genesisForkVersion: string;
  /** CAPELLA_FORK_VERSION, hex without 0x: signs voluntary exits from Capella on (EIP-7044). */
  capellaForkVersion: string;
  /** genesis_validators_root, hex without 0x. */
  genesisValidatorsRoot: string;
}

/** VALIDATOR_REGISTRY_LIMIT = 2**40 (phase0 preset). */
const VALIDATOR_REGISTRY_DEPTH = 40;

/**
 * The payd devnet (chain 88) starts its beacon chain with no genesis validators: every validator
 * enters through a deposit on chain 88. Its genesis_validators_root is therefore hash_tree_root of
 * an empty List[Validator, VALIDATOR_REGISTRY_LIMIT] = mix_in_length(zerohashes[40], 0).
 */
export function emptyValidatorsRoot(): Uint8Array {
  return mixInLength(zeroHash(VALIDATOR_REGISTRY_DEPTH), 0);
}

export const PAYD_DEVNET_GENESIS_VALIDATORS_ROOT =
  'ea569bcb4fbb2ed26d30e997d7337e7e12a43ac115793e9cbe25da401fcbb725';

export const NETWORKS: Readonly<Record<NetworkName, Network>> = Object.freeze({
  mainnet: {
    name: 'mainnet',
    depositNetworkName: 'mainnet',
    chainId: 1,
    genesisForkVersion: '00000000',
    capellaForkVersion: '03000000',
    genesisValidatorsRoot: '4b363db94e286120d76eb905340fdd4e54bfe9f06bf33ff6cf5ad27f511bfe95',
  },
  holesky: {
    name: 'holesky',
    depositNetworkName: 'holesky',
    chainId: 17000,
    genesisForkVersion: '01017000',
    capellaForkVersion: '04017000',
    genesisValidatorsRoot: '9143aa7c615a7f7115e2b6aac319c03529df8242ae705fba9df39b79c59fa8b1',
  },
  hoodi: {
    name: 'hoodi',
    depositNetworkName: 'hoodi',
    chainId: 560048,
    genesisForkVersion: '10000910',
    capellaForkVersion: '40000910',
    genesisValidatorsRoot: '212f13fc4df078b6cb7db228f1c8307566dcecf900867401a92023d7ba99cb5f',
  },
  sepolia: {
    name: 'sepolia',
    depositNetworkName: 'sepolia',
    chainId: 11155111,
    genesisForkVersion: '90000069',
    capellaForkVersion: '90000072',
    genesisValidatorsRoot: 'd8ea171f3c94aea21ebc42a1ed61052acf3f9209c00e4efbaaddac09ed9b8078',
  },
  /**
   * payd's local devnet, chain id 88 = 0x58. Fork versions follow the devnet convention
   * 0x{fork}0000{chain}: genesis 0x10000058, Capella 0x40000058.
   */
  'payd-devnet': {
    name: 'payd-devnet',
    depositNetworkName: 'payd-devnet',
    chainId: 88,
    genesisForkVersion: '10000058',
    capellaForkVersion: '40000058',
    genesisValidatorsRoot: PAYD_DEVNET_GENESIS_VALIDATORS_ROOT,
  },
});

/** A network by name, by chain id, or passed through when already a Network. */
export function getNetwork(network: NetworkName | number | Network): Network {
  if (typeof network === 'object') return network;
  const found =
    typeof network === 'number'
      ? Object.values(NETWORKS).find((n) => n.chainId === network)
      : (NETWORKS as Record<string, Network | undefined>)[network];
  if (!found) throw new Error(`unknown network ${String(network)}`);
  return found;
}
