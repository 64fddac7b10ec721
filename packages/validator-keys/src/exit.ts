// Signed voluntary exits (phase0 VoluntaryExit / SignedVoluntaryExit). From Deneb on, EIP-7044 pins
// the exit signature domain to CAPELLA_FORK_VERSION, so a signed exit stays valid across later forks.
import { fromHex, toHex } from './bytes.ts';
import { blsSign, blsVerify } from './bls.ts';
import { getNetwork, type Network, type NetworkName } from './networks.ts';
import {
  computeDomain,
  computeSigningRoot,
  DOMAIN_VOLUNTARY_EXIT,
  hashTreeRootVoluntaryExit,
} from './spec.ts';

/** A SignedVoluntaryExit in the Beacon API JSON shape (POST /eth/v1/beacon/pool/voluntary_exits). */
export interface SignedVoluntaryExit {
  message: { epoch: string; validator_index: string };
  /** 0x-prefixed 96-byte BLS signature. */
  signature: string;
}

function toUint64(v: bigint | number | string, what: string): bigint {
  const n = typeof v === 'string' ? (/^\d+$/.test(v) ? BigInt(v) : -1n) : BigInt(v);
  if (n < 0n || n >= 1n << 64n) throw new Error(`${what} must be a uint64`);
  return n;
}

/** compute_domain(DOMAIN_VOLUNTARY_EXIT, CAPELLA_FORK_VERSION, genesis_validators_root) (EIP-7044). */
export function voluntaryExitDomain(
  network: NetworkName | number | Network,
  forkVersion?: string,
): Uint8Array {
  const n = getNetwork(network);
  return computeDomain(
    DOMAIN_VOLUNTARY_EXIT,
    fromHex(forkVersion ?? n.capellaForkVersion, 4, 'fork version'),
    fromHex(n.genesisValidatorsRoot, 32, 'genesis_validators_root'),
  );
}

/** The signing root of a voluntary exit on `network` (optionally under another fork version). */
export function voluntaryExitSigningRoot(
  exit: { epoch: bigint; validator_index: bigint },
  network: NetworkName | number | Network,
  forkVersion?: string,
): Uint8Array {
  return computeSigningRoot(hashTreeRootVoluntaryExit(exit), voluntaryExitDomain(network, forkVersion));
}

export interface SignVoluntaryExitArgs {
  /** The validator's signing key (m/12381/3600/i/0/0), 32 bytes or hex. */
  secretKey: Uint8Array | string;
  validatorIndex: bigint | number | string;
  epoch: bigint | number | string;
  network: NetworkName | number | Network;
}

/** Signs VoluntaryExit{epoch, validator_index} under the network's Capella exit domain. */
export function signVoluntaryExit(args: SignVoluntaryExitArgs): SignedVoluntaryExit {
  const secretKey =
    typeof args.secretKey === 'string' ? fromHex(args.secretKey, 32, 'secret key') : args.secretKey;
  const exit = {
    epoch: toUint64(args.epoch, 'epoch'),
    validator_index: toUint64(args.validatorIndex, 'validator index'),
  };
  const signature = blsSign(secretKey, voluntaryExitSigningRoot(exit, args.network));
  return {
    message: { epoch: exit.epoch.toString(), validator_index: exit.validator_index.toString() },
    signature: `0x${toHex(signature)}`,
  };
}

/**
 * True when the exit's signature is the validator's (pubkey, 48 bytes hex) under the network's
 * Capella exit domain. `forkVersion` overrides the fork version (to check a pre-EIP-7044 exit).
 */
export function verifyVoluntaryExit(
  signedExit: SignedVoluntaryExit,
  pubkey: string | Uint8Array,
  network: NetworkName | number | Network,
  forkVersion?: string,
): boolean {
  try {
    const pk = typeof pubkey === 'string' ? fromHex(pubkey, 48, 'pubkey') : pubkey;
    const exit = {
      epoch: toUint64(signedExit.message.epoch, 'epoch'),
      validator_index: toUint64(signedExit.message.validator_index, 'validator index'),
    };
    const signature = fromHex(signedExit.signature, 96, 'signature');
    return blsVerify(pk, voluntaryExitSigningRoot(exit, network, forkVersion), signature);
  } catch {
    return false;
  }
}
