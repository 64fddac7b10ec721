// Where a transaction, a beacon slot or a validator can be looked at, per network: the public
// explorers of mainnet and the testnets. Chain 88 has no explorer: no link there (the dev beacon
// node's Beacon API answers raw JSON, not a page a person reads); its URL, from the web config
// (`beaconUrl`), is only where a signed exit can be sent.
import { NETWORKS } from '@payd/validator-keys';

interface Explorers {
  /** `--chain` of the ethstaker deposit CLI. */
  cliChain: string;
  blocks: string;
  beacon: string;
}

const EXPLORERS: Readonly<Record<number, Explorers>> = {
  1: { cliChain: 'mainnet', blocks: 'https://etherscan.io', beacon: 'https://beaconcha.in' },
  // Spec 001: chain 5 uses the testnet prefix.
  5: { cliChain: 'goerli', blocks: 'https://goerli.etherscan.io', beacon: 'https://prater.beaconcha.in' },
  17000: {
    cliChain: 'holesky',
    blocks: 'https://holesky.etherscan.io',
    beacon: 'https://holesky.beaconcha.in',
  },
  560048: { cliChain: 'hoodi', blocks: 'https://hoodi.etherscan.io', beacon: 'https://hoodi.beaconcha.in' },
  11155111: {
    cliChain: 'sepolia',
    blocks: 'https://sepolia.etherscan.io',
    beacon: 'https://sepolia.beaconcha.in',
  },
};

export const DEV_CHAIN_ID = NETWORKS['payd-devnet'].chainId;

export interface NetworkLinks {
  /** A transaction of the execution chain; null where there is no explorer. */
  tx(hash: string): string | null;
  /** A beacon-chain slot. */
  slot(slot: string): string | null;
  /** A beacon-chain epoch. */
  epoch(epoch: string): string | null;
  /** A validator by index. */
  validator(index: string): string | null;
  /** What the validator link is called on the page. */
  validatorLinkText: string;
  /** Options naming the network for the deposit CLI (`--chain …` or `--devnet_chain_setting '…'`). */
  cliNetwork: string | null;
  /** A beacon node of the network the customer may send a signed exit to, when one is known. */
  beaconNode: string | null;
}

const trim = (url: string | null | undefined) => (url ?? '').replace(/\/+$/, '');

/** Links of `chainId` (the connected chain); `beaconUrl` from the web config for chain 88. */
export function networkLinks(
  chainId: number | string | null | undefined,
  beaconUrl?: string | null,
): NetworkLinks {
  const id = Number(chainId);
  const known = EXPLORERS[id];
  if (known)
    return {
      tx: (hash) => `${known.blocks}/tx/${hash}`,
      slot: (slot) => `${known.beacon}/slot/${slot}`,
      epoch: (epoch) => `${known.beacon}/epoch/${epoch}`,
      validator: (index) => `${known.beacon}/validator/${index}`,
      validatorLinkText: new URL(known.beacon).host,
      cliNetwork: `--chain ${known.cliChain}`,
      beaconNode: null,
    };
  const beacon = id === DEV_CHAIN_ID ? trim(beaconUrl) : '';
  const dev = NETWORKS['payd-devnet'];
  return {
    tx: () => null,
    slot: () => null,
    epoch: () => null,
    validator: () => null,
    validatorLinkText: '',
    cliNetwork:
      id === DEV_CHAIN_ID
        ? `--devnet_chain_setting '${JSON.stringify({
            network_name: dev.name,
            genesis_fork_version: dev.genesisForkVersion,
            exit_fork_version: dev.capellaForkVersion,
            genesis_validator_root: dev.genesisValidatorsRoot,
          })}'`
        : null,
    beaconNode: beacon || null,
  };
}
